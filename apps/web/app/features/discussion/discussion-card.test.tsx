import { MSG, STORAGE_KEYS, type Comment, type Role } from '@certitude/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModalProvider } from '../../lib/auth-modal-context';
import { apiUrl, makeUser, recordRequests, server } from '../../../test/msw';
import { DiscussionCard } from './discussion-card';
import { MemoryRouter } from 'react-router';

// The comment box loads on first use; load it once before the tests that type in it.
beforeAll(async () => {
  await import('./comment-form');
});

/** A stand-in for the comment calls of the API, answering as the server does. */
function fakeApi(initial: Comment[]) {
  let nextId = 100;
  const state = { tree: structuredClone(initial), fail: new Set<string>(), calls: recordRequests() };
  const find = (list: Comment[], id: number): Comment | undefined => {
    for (const c of list) {
      if (c.id === id) return c;
      const r = find(c.replies, id);
      if (r) return r;
    }
  };
  server.use(
    http.all(apiUrl('/api/*'), ({ request }) =>
      state.fail.has(request.method)
        ? HttpResponse.json({ statusCode: 500, error: 'x', message: 'Something went wrong' }, { status: 500 })
        : undefined,
    ),
    http.get(apiUrl('/api/certification/:id/comments'), () => HttpResponse.json(state.tree)),
    http.post(apiUrl('/api/certification/:id/comments'), async ({ request }) => {
      const body = (await request.json()) as { content: string };
      const c: Comment = {
        id: nextId++,
        content: body.content,
        username: JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).username,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        isEdited: false,
        deleted: false,
        replies: [],
      };
      return HttpResponse.json(c, { status: 201 });
    }),
    http.put(apiUrl('/api/comments/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { content: string };
      return HttpResponse.json({ ...find(state.tree, Number(params.id))!, content: body.content, isEdited: true });
    }),
    http.delete(apiUrl('/api/comments/:id'), () => new HttpResponse(null, { status: 204 })),
  );
  return state;
}

const comment = (id: number, username: string, content: string, replies: Comment[] = []): Comment => ({
  id,
  content,
  username,
  createdAt: new Date(Date.now() - 3.5 * 3600_000).toISOString(),
  updatedAt: new Date(Date.now() - 3.5 * 3600_000).toISOString(),
  isEdited: false,
  deleted: false,
  replies,
});

function signIn(username: string, role: Role = 'USER') {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(makeUser({ id: 1, username, role, createdAt: '' })));
}

async function renderCard() {
  render(
    <MemoryRouter>
      <AuthModalProvider>
        <DiscussionCard certificationId={7} />
      </AuthModalProvider>
    </MemoryRouter>,
  );
  await vi.dynamicImportSettled();
  await waitFor(() => expect(screen.queryByText('Loading comments...')).toBeNull(), { timeout: 4000 });
  return screen.queryByRole('list', { name: 'Comments' });
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const article = (name: string) => screen.getByRole('article', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Discussion card', () => {
  it('gives each comment the id a notification links to (#comment-{id}), replies included', async () => {
    fakeApi([comment(1, 'alice', 'First', [comment(2, 'bob', 'A reply')])]);
    await renderCard();
    expect(document.getElementById('comment-1')?.contains(article('Comment by alice'))).toBe(true);
    expect(document.getElementById('comment-2')?.contains(article('Comment by bob'))).toBe(true);
  });

  it('asks visitors to log in and lets them read the thread, rendered safely', async () => {
    fakeApi([comment(1, 'alice', 'See [the guide](https://example.com/guide) <img src=x onerror=alert(1)>')]);
    const list = await renderCard();
    expect(screen.getByText(MSG.discussionLoginPrompt)).toBeTruthy();
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
    const item = within(list!).getByRole('article', { name: 'Comment by alice' });
    const link = within(item).getByRole('link', { name: 'the guide' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(item.querySelector('img')).toBeNull();
    expect(item.textContent).toContain('3 hours ago');
    expect(within(item).queryByRole('button', { name: /Reply/ })).toBeNull();
  });

  it('lets a member comment, and reply three levels deep with 2rem indents and no Reply below', async () => {
    signIn('bob');
    const api = fakeApi([]);
    await renderCard();
    expect(screen.queryByText(MSG.discussionLoginPrompt)).toBeNull();
    type(screen.getByLabelText('Add a comment'), '  Top comment  ');
    await click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/certification/7/comments',
      body: { content: 'Top comment' },
    });
    let parent = await screen.findByRole('article', { name: 'Comment by bob' });

    for (const depth of [1, 2, 3]) {
      const reply = within(parent).getByRole('button', { name: 'Reply to bob' });
      await click(reply);
      expect(reply.getAttribute('aria-expanded')).toBe('true');
      type(within(parent).getByLabelText('Reply to bob'), `Reply at depth ${depth}`);
      await click(within(parent).getByRole('button', { name: 'Post Reply' }));
      expect(api.calls.at(-1)!.body).toMatchObject({ parentCommentId: expect.any(Number) });
      await waitFor(() => expect(screen.getByText(`Reply at depth ${depth}`)).toBeTruthy());
      parent = screen.getByText(`Reply at depth ${depth}`).closest('article')!;
      expect(parent.closest('li')!.getAttribute('data-depth')).toBe(String(depth));
      expect((parent.closest('ul') as HTMLElement).style.marginLeft).toBe('2rem');
    }
    expect(within(parent).queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(within(parent).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
  });

  it('toggles the reply box', async () => {
    signIn('bob');
    fakeApi([comment(1, 'alice', 'Hello')]);
    await renderCard();
    const reply = within(article('Comment by alice')).getByRole('button', { name: 'Reply to alice' });
    await click(reply);
    expect(screen.getByLabelText('Reply to alice')).toBeTruthy();
    await click(reply);
    expect(screen.queryByLabelText('Reply to alice')).toBeNull();
    expect(reply.getAttribute('aria-expanded')).toBe('false');
  });

  it('edits in place, and marks the comment edited', async () => {
    signIn('alice');
    fakeApi([comment(1, 'alice', 'Frist'), comment(2, 'carol', 'Not yours')]);
    await renderCard();
    expect(within(article('Comment by carol')).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    expect(within(article('Comment by carol')).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    await click(within(article('Comment by alice')).getByRole('button', { name: 'Edit comment' }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    type(screen.getByLabelText('Edit comment'), 'First');
    await click(save);
    const item = article('Comment by alice');
    expect(item.textContent).toContain('First');
    expect(item.textContent).toContain('(edited)');
  });

  it('deletes after the confirmation dialog; a comment with replies stays as a placeholder', async () => {
    signIn('alice');
    const api = fakeApi([comment(1, 'alice', 'Parent', [comment(2, 'bob', 'Child')]), comment(3, 'alice', 'Alone')]);
    await renderCard();
    const [parentItem] = screen.getAllByRole('article', { name: 'Comment by alice' });
    await click(within(parentItem!).getAllByRole('button', { name: 'Delete comment' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    expect(dialog.textContent).toContain(MSG.deleteCommentConfirm);
    expect(within(dialog).queryByLabelText(/Reason/)).toBeNull();
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/comments/1' });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Deleted comment' })).toBeTruthy());
    expect(screen.getByText('This comment was deleted.')).toBeTruthy();
    expect(screen.getByText('Child')).toBeTruthy();

    await click(within(article('Comment by alice')).getByRole('button', { name: 'Delete comment' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Alone')).toBeNull());
  });

  it('lets a moderator remove anyone’s comment with a reason', async () => {
    signIn('mod', 'MODERATOR');
    const api = fakeApi([comment(1, 'spammer', 'Buy dumps')]);
    await renderCard();
    await click(within(article('Comment by spammer')).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    type(within(dialog).getByLabelText(/Reason/), 'Spam');
    await click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', body: { reason: 'Spam' } });
  });

  it('shows the failure texts as alerts', async () => {
    signIn('alice');
    const api = fakeApi([comment(1, 'alice', 'Mine')]);
    await renderCard();
    api.fail = new Set(['POST', 'PUT', 'DELETE']);

    type(screen.getByLabelText('Add a comment'), 'New');
    await click(screen.getByRole('button', { name: 'Post Comment' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.postCommentFailed);

    await click(screen.getByRole('button', { name: 'Reply to alice' }));
    type(screen.getByLabelText('Reply to alice'), 'Re');
    await click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(screen.getByText(MSG.postReplyFailed)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Cancel' }));

    await click(screen.getByRole('button', { name: 'Edit comment' }));
    type(screen.getByLabelText('Edit comment'), 'Mine, edited');
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MSG.updateCommentFailed)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Cancel' }));

    await click(screen.getByRole('button', { name: 'Delete comment' }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.deleteCommentFailed)).toBeTruthy();
    expect(screen.getByText('Mine')).toBeTruthy();
  });
});

describe('Discussion card, paged', () => {
  it('shows the server’s first page and its total, then loads the next page after the last thread', async () => {
    const first = [comment(1, 'alice', 'First thread'), comment(2, 'bob', 'Second thread')];
    const next = [comment(3, 'carol', 'Third thread', [comment(4, 'dave', 'A reply')])];
    const calls = recordRequests();
    server.use(http.get(apiUrl('/api/certification/7/comments'), () => HttpResponse.json(next)));
    render(
      <MemoryRouter>
        <AuthModalProvider>
          <DiscussionCard
            certificationId={7}
            initial={{ threads: first, threadCount: 3, commentCount: 4, latestCommentAt: null, nextCursor: 'abc=' }}
          />
        </AuthModalProvider>
      </MemoryRouter>,
    );
    // Rendered at once from the server's page: no call, and the count is the whole discussion's.
    expect(screen.getByText('First thread')).toBeTruthy();
    expect(screen.getByText('4 comments')).toBeTruthy();
    expect(calls).toEqual([]);
    await click(screen.getByRole('button', { name: 'Load more discussions' }));
    await screen.findByText('Third thread');
    expect(calls.map((c) => c.path)).toEqual(['/api/certification/7/comments?limit=20&cursor=abc%3D']);
    expect(screen.getByText('A reply')).toBeTruthy();
    // No Link header: that was the last page.
    expect(screen.queryByRole('button', { name: 'Load more discussions' })).toBeNull();
    expect(screen.getByText('4 comments')).toBeTruthy();
  });
});
