import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { member, resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { mockApi } from '../../../test/msw';
import { NoticeArea } from '../../components/notices';
import { applyVote, VoteWidget } from './vote-widget';

afterEach(resetCatalogueTestState);
// happy-dom lays nothing out, so nothing ever intersects: the widget then fetches at once, as without the API.
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined);
});

function renderWidget(viewerId: number | null = member.id) {
  return render(
    <>
      <VoteWidget type="certification" id={5} upvoteCount={4} downvoteCount={1} label="CKA" viewerId={viewerId} />
      <NoticeArea />
    </>,
  );
}

const up = () => screen.getAllByRole('button')[0]!;
const down = () => screen.getAllByRole('button')[1]!;

describe('vote widget', () => {
  it('toggles: same direction removes, the other switches', () => {
    const none = { up: 4, down: 1, vote: 0 as const };
    expect(applyVote(none, 1)).toEqual({ up: 5, down: 1, vote: 1 });
    expect(applyVote({ up: 5, down: 1, vote: 1 }, 1)).toEqual(none);
    expect(applyVote({ up: 5, down: 1, vote: 1 }, -1)).toEqual({ up: 4, down: 2, vote: -1 });
  });

  it('visitors: buttons marked disabled, titled Login to vote; a click says Please log in to vote and sends nothing', async () => {
    const calls = mockApi({});
    renderWidget(null);
    expect(up().getAttribute('title')).toBe('Login to vote');
    expect(down().getAttribute('title')).toBe('Login to vote');
    expect(up().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByLabelText('Score 3').className).toContain('score-positive');
    fireEvent.click(up());
    expect((await screen.findByRole('alert')).textContent).toContain('Please log in to vote');
    expect(calls).toEqual([]);
  });

  it('members: the status is fetched, a click shows at once and settles on the server answer', async () => {
    signIn();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({
      'GET /api/vote/certification/5/status': {
        status: 200,
        body: { hasVoted: false, isUpvote: false, upvoteCount: 4, downvoteCount: 1 },
      },
      'POST /api/vote/certification/5/upvote': async () => {
        await gate;
        return { status: 200, body: { hasVoted: true, isUpvote: true, upvoteCount: 9, downvoteCount: 1 } };
      },
    });
    renderWidget();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/vote/certification/5/status'));
    expect(up().getAttribute('title')).toBe('Upvote');
    fireEvent.click(up());
    // Optimistic: before the server answers.
    expect(screen.getByLabelText('Score 4')).toBeTruthy();
    expect(up().getAttribute('aria-pressed')).toBe('true');
    expect(up().getAttribute('title')).toBe('Remove upvote');
    await act(async () => release());
    expect(await screen.findByLabelText('Score 8')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/vote/certification/5/upvote');
  });

  it('members: a status that answers after the click does not undo what the click showed', async () => {
    signIn();
    let answerStatus!: () => void;
    const statusGate = new Promise<void>((r) => (answerStatus = r));
    let answerVote!: () => void;
    const voteGate = new Promise<void>((r) => (answerVote = r));
    const calls = mockApi({
      'GET /api/vote/certification/5/status': async () => {
        await statusGate;
        return { status: 200, body: { hasVoted: false, isUpvote: false, upvoteCount: 4, downvoteCount: 1 } };
      },
      'POST /api/vote/certification/5/upvote': async () => {
        await voteGate;
        return { status: 200, body: { hasVoted: true, isUpvote: true, upvoteCount: 5, downvoteCount: 1 } };
      },
    });
    renderWidget();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/vote/certification/5/status'));
    fireEvent.click(up());
    expect(up().getAttribute('aria-pressed')).toBe('true');
    await act(async () => answerStatus());
    expect(up().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Score 4')).toBeTruthy();
    await act(async () => answerVote());
    expect(await screen.findByLabelText('Score 4')).toBeTruthy();
    expect(up().getAttribute('title')).toBe('Remove upvote');
  });

  it('members: a downvote is titled Remove downvote; a failure restores the state and says Failed to vote', async () => {
    signIn();
    mockApi({
      'GET /api/vote/certification/5/status': {
        status: 200,
        body: { hasVoted: true, isUpvote: false, upvoteCount: 4, downvoteCount: 1 },
      },
      'POST /api/vote/certification/5/upvote': { status: 500, body: { message: 'boom' } },
    });
    renderWidget();
    await waitFor(() => expect(down().getAttribute('title')).toBe('Remove downvote'));
    expect(down().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(up());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to vote. Please try again.');
    expect(down().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Score 3')).toBeTruthy();
  });

  it('a failed status fetch keeps the passed counts and no vote', async () => {
    signIn();
    const calls = mockApi({ 'GET /api/vote/certification/5/status': { status: 503, body: { message: 'down' } } });
    renderWidget();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByLabelText('Score 3')).toBeTruthy();
    expect(up().getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
