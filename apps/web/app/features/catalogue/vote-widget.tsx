import { VOTE_TEXT, type VoteItemType, type VoteStatus } from '@certitude/shared';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { showNotice } from '../../components/notices';
import { VOTE_WIDGET_TEXT as T } from '../../lib/vote-text';

const voteApi = () => import('./vote-api');

interface VoteState {
  up: number;
  down: number;
  /** 1 up, -1 down, 0 none. */
  vote: 1 | -1 | 0;
}

const fromStatus = (s: VoteStatus): VoteState => ({
  up: s.upvoteCount,
  down: s.downvoteCount,
  vote: s.hasVoted ? (s.isUpvote ? 1 : -1) : 0,
});

/** What a click does before the server answers: same direction removes, the other switches (docs/product.md#voting). */
export function applyVote(s: VoteState, dir: 1 | -1): VoteState {
  const next = { ...s };
  if (s.vote === 1) next.up--;
  if (s.vote === -1) next.down--;
  next.vote = s.vote === dir ? 0 : dir;
  if (next.vote === 1) next.up++;
  if (next.vote === -1) next.down++;
  return next;
}

export interface VoteWidgetProps {
  type: VoteItemType;
  id: number;
  upvoteCount: number;
  downvoteCount: number;
  /** What is voted on, for the buttons' accessible names. */
  label: string;
  /** The signed-in member's id, null for a visitor; given by the page, so 2,000 cards hold no subscription each. */
  viewerId: number | null;
  vertical?: boolean;
}

/**
 * The member's own vote, fetched once the widget (`root`) is on screen, so a long list costs a few requests, not
 * all; a visitor has none. `clicked` is set by the member's first click: a status fetched before it must not undo
 * what the click showed.
 */
function useOwnVote(
  type: VoteItemType,
  id: number,
  viewerId: number | null,
  setState: Dispatch<SetStateAction<VoteState>>,
) {
  const root = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);
  useEffect(() => {
    clicked.current = false;
    if (viewerId === null) {
      setState((s) => (s.vote === 0 ? s : { ...s, vote: 0 }));
      return;
    }
    const el = root.current;
    const controller = new AbortController();
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      voteApi()
        .then((calls) => calls.fetchVoteStatus(type, id, controller.signal))
        .then(
          (s) => {
            if (!clicked.current) setState(fromStatus(s));
          },
          // A failed status fetch falls back to the passed counts and no vote (docs/product.md#voting).
          () => undefined,
        );
    };
    if (!el || typeof IntersectionObserver === 'undefined') {
      load();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        load();
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [type, id, viewerId, setState]);
  return { root, clicked };
}

/** One of the two buttons: pressed when it is the member's vote. */
function VoteButton({
  dir,
  vote,
  title,
  label,
  glyph,
  disabled,
  visitor,
  onClick,
}: {
  dir: 1 | -1;
  vote: VoteState['vote'];
  title: string;
  label: string;
  glyph: string;
  disabled: boolean;
  /** A visitor's button: out of the tab order, which it would only lengthen (docs/product.md#keyboard). */
  visitor: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm vote-button ${
        vote === dir ? (dir === 1 ? 'btn-success' : 'btn-danger') : 'btn-outline-secondary'
      }`}
      title={title}
      aria-label={`${title}: ${label}`}
      aria-pressed={vote === dir}
      aria-disabled={disabled}
      tabIndex={visitor ? -1 : undefined}
      onClick={onClick}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}

/**
 * Up/down vote control with the score (docs/product.md#voting). Visitors get buttons marked disabled, out of the tab
 * order, that still answer a click with 'Please log in to vote'. A member's click shows at once, then settles on the status
 * the server returns; a failure puts the previous state back and says so.
 */
export function VoteWidget({
  type,
  id,
  upvoteCount,
  downvoteCount,
  label,
  viewerId,
  vertical = true,
}: VoteWidgetProps) {
  const [state, setState] = useState<VoteState>({ up: upvoteCount, down: downvoteCount, vote: 0 });
  const [busy, setBusy] = useState(false);

  // New counts from the page (a reload of the list) replace ours; the member's own vote is kept.
  useEffect(() => {
    // Same values: the same object, so a freshly hydrated widget does not render twice.
    setState((s) =>
      s.up === upvoteCount && s.down === downvoteCount ? s : { ...s, up: upvoteCount, down: downvoteCount },
    );
  }, [upvoteCount, downvoteCount]);

  const { root, clicked } = useOwnVote(type, id, viewerId, setState);

  const cast = async (dir: 1 | -1) => {
    if (viewerId === null) {
      showNotice(VOTE_TEXT.loginToVote, 'info');
      return;
    }
    if (busy) return;
    clicked.current = true;
    const before = state;
    setState(applyVote(before, dir));
    setBusy(true);
    try {
      const calls = await voteApi();
      setState(fromStatus(await calls.castVote(type, id, dir)));
    } catch (err) {
      setState(before);
      showNotice(
        await voteApi().then(
          (calls) => calls.voteFailureText(err),
          () => VOTE_TEXT.voteFailed,
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  const score = state.up - state.down;
  const tone = score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
  const visitor = viewerId === null;
  const buttonProps = { vote: state.vote, label, disabled: visitor || busy, visitor };
  return (
    <div ref={root} className={`vote-widget${vertical ? ' vertical' : ''}`} aria-busy={busy}>
      <VoteButton
        dir={1}
        title={visitor ? VOTE_TEXT.loginToVoteTitle : state.vote === 1 ? VOTE_TEXT.removeUpvote : T.upvote}
        glyph="▲"
        onClick={() => void cast(1)}
        {...buttonProps}
      />
      <div className={`score score-${tone}`} aria-label={`${T.score} ${score}`}>
        {score}
      </div>
      <VoteButton
        dir={-1}
        title={visitor ? VOTE_TEXT.loginToVoteTitle : state.vote === -1 ? VOTE_TEXT.removeDownvote : T.downvote}
        glyph="▼"
        onClick={() => void cast(-1)}
        {...buttonProps}
      />
    </div>
  );
}

/** The widget of a certification or a resource as the API gives it: its id, its counts, and its name as the label. */
export function ItemVoteWidget({
  type,
  item,
  viewerId,
}: {
  type: VoteItemType;
  item: { id: number; upvoteCount: number; downvoteCount: number; name: string };
  viewerId: number | null;
}) {
  return <VoteWidget {...item} type={type} label={item.name} viewerId={viewerId} />;
}
