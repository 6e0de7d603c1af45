import {
  DISCUSSION_TEXT,
  HIDDEN_PENDING_REVIEW_TEXT,
  REMOVED_BY_MODERATOR_TEXT,
  type Comment,
  type User,
} from '@certitude/shared';
import { caseName, casesOf, OWNER, viewerFor, type CommentState } from '@certitude/shared/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts';
import { CommentItem } from './comment-item';
import { ThreadContext, type ThreadActions } from './thread-context';
import { MemoryRouter } from 'react-router';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const at = '2024-03-01T10:00:00.000Z';
const comment = (id: number, username: string, content: string, extra: Partial<Comment> = {}): Comment => ({
  id,
  content,
  username,
  createdAt: at,
  updatedAt: at,
  isEdited: false,
  deleted: false,
  replies: [],
  ...extra,
});

const carol: User = {
  id: 9,
  username: 'carol',
  email: 'carol@example.com',
  role: 'MODERATOR',
  emailVerified: true,
  createdAt: at,
};

function renderItem(c: Comment, user: User | null) {
  if (user) signIn(user);
  const thread: ThreadActions = {
    certificationId: 1,
    user,
    added: () => undefined,
    edited: () => undefined,
    deleted: () => undefined,
  };
  render(
    <MemoryRouter>
      <ThreadContext.Provider value={thread}>
        <ul>
          <CommentItem comment={c} depth={0} />
        </ul>
      </ThreadContext.Provider>
    </MemoryRouter>,
  );
}

describe('a comment removed or hidden through flags', () => {
  it('shows the placeholder in its place, keeps its replies, and offers no action', () => {
    renderItem(
      // As the server sends it: deleted too, without its author.
      comment(1, '', REMOVED_BY_MODERATOR_TEXT, {
        removed: true,
        deleted: true,
        isEdited: true,
        replies: [comment(2, 'dave', 'A reply that stays')],
      }),
      carol,
    );
    const item = screen.getByRole('article', { name: 'Removed comment' });
    const text = within(item).getByText(REMOVED_BY_MODERATOR_TEXT);
    expect(within(item).queryByText('This comment was deleted.')).toBeNull();
    expect(text.className).toContain('fst-italic');
    expect(text.className).toContain('text-body-secondary');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(within(item).queryByText('(edited)')).toBeNull();
    // The reply keeps its place, with its own actions.
    const reply = screen.getByRole('article', { name: 'Comment by dave' });
    expect(within(reply).getByText('A reply that stays')).toBeTruthy();
    expect(within(reply).getByRole('button', { name: 'Flag comment' })).toBeTruthy();
    expect(within(reply).getByRole('button', { name: 'Reply to dave' })).toBeTruthy();
  });

  it('shows the hidden placeholder, with no action even for its author', () => {
    renderItem(comment(3, 'carol', HIDDEN_PENDING_REVIEW_TEXT, { hidden: true }), carol);
    const item = screen.getByRole('article', { name: 'Comment by carol' });
    expect(within(item).getByText(HIDDEN_PENDING_REVIEW_TEXT).className).toContain('fst-italic');
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it('offers Flag on other members’ comments, never on the member’s own', () => {
    renderItem(comment(4, 'bob', 'Plain comment'), { ...carol, role: 'USER' });
    expect(
      within(screen.getByRole('article', { name: 'Comment by bob' })).getByRole('button', { name: 'Flag comment' }),
    ).toBeTruthy();
    cleanup();
    renderItem(comment(5, 'carol', 'My comment'), { ...carol, role: 'USER' });
    const mine = screen.getByRole('article', { name: 'Comment by carol' });
    expect(within(mine).queryByRole('button', { name: 'Flag comment' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
  });
});

describe('a verified holder’s comment', () => {
  it('says "Verified holder" beside the author, and only on theirs', () => {
    renderItem(
      comment(1, 'erin', 'I hold it.', { verifiedHolder: true, replies: [comment(2, 'dave', 'I do not.')] }),
      null,
    );
    const holder = screen.getByRole('article', { name: 'Comment by erin' });
    const mark = within(holder).getAllByTestId('verified-holder');
    // The reply sits inside the holder's article: the mark is in the holder's header alone.
    expect(mark).toHaveLength(1);
    expect(mark[0]!.textContent).toBe('Verified holder');
    expect(mark[0]!.title).toBe('Holds a verified Open Badge of this certification');
    const reply = screen.getByRole('article', { name: 'Comment by dave' });
    expect(within(reply).queryByTestId('verified-holder')).toBeNull();
  });
});

describe('the comment agrees with the shared policy', () => {
  // The same table the server's policy-agreement test checks: Edit and Delete show exactly where the policy allows
  // them, and Delete asks a moderator removing someone else's comment for the moderation log's reason.
  const asSent: Record<CommentState, Comment> = {
    standing: comment(1, OWNER, 'A comment of the owner’s.'),
    // A deleted comment stays while a reply holds it, without its words or its author, as the server sends it.
    deleted: comment(1, '', '', { deleted: true, replies: [comment(2, 'dave', 'A reply')] }),
    removed: comment(1, '', REMOVED_BY_MODERATOR_TEXT, { removed: true, deleted: true }),
    hidden: comment(1, OWNER, HIDDEN_PENDING_REVIEW_TEXT, { hidden: true }),
  };
  const cases = casesOf('comment:edit', 'comment:delete', 'comment:remove');

  it.each(cases.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const viewer = viewerFor(c.who);
    renderItem(asSent[c.comment], viewer && { ...carol, ...viewer });
    const item = within(screen.getAllByRole('article')[0]!);
    if (c.action === 'comment:edit') {
      expect(item.queryByRole('button', { name: 'Edit comment' }) !== null).toBe(c.allowed);
      return;
    }
    const remove = item.queryByRole('button', { name: 'Delete comment' });
    if (c.action === 'comment:delete' || !remove) {
      expect(remove !== null).toBe(c.allowed);
      return;
    }
    fireEvent.click(remove);
    await screen.findByRole('dialog');
    expect(screen.queryByLabelText(DISCUSSION_TEXT.deleteReason) !== null).toBe(c.allowed);
  });
});
