import {
  type AdminFlags,
  can,
  FLAG_REASON_LABELS,
  type FlagAction,
  type FlaggedItem,
  formatDateTime,
  isAdmin,
  type PolicyViewer,
  resolveFlagsRequestSchema,
  SUSPENSION_TEXT,
  type SuspensionState,
  type User,
  VOTE_REVERSAL_TEXT,
  type VotingRingSignal,
} from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { dismissVotingRing, fetchFlags, resolveFlags } from './admin-api';
import { flaggedItemName, FLAGS_TAB_TEXT as T, TARGET_TYPE_LABELS } from './flags-tab-text';
import { refreshPendingCount, setPendingFlags } from './pending-count-store';
import { ReasonDialog } from './reason-dialog';
import { ReverseVotesDialog } from './reverse-votes-dialog';
import { suspendedText } from './suspension-history';
import { useSuspension, type AdminNotice } from './use-suspension';

/** The reason alone of a resolve, checked with the server's own rule. */
const reasonSchema = resolveFlagsRequestSchema.pick({ reason: true });

const itemKey = (item: Pick<FlaggedItem, 'targetType' | 'targetId'>) => `${item.targetType}-${item.targetId}`;

/** The flagged item's author, when the viewer may suspend them or lift their suspension (the shared policy decides). */
function suspendableAuthor(viewer: PolicyViewer | null, item: FlaggedItem): { id: number; username: string } | null {
  if (item.authorId === null || item.author === null || item.authorRole === null) return null;
  if (!can(viewer, 'user:suspend', { username: item.author, role: item.authorRole })) return null;
  return { id: item.authorId, username: item.author };
}

function FlaggedItemRow({
  item,
  author,
  lifting,
  onDecide,
  onSuspend,
  onLift,
}: {
  item: FlaggedItem;
  /** The author the viewer may suspend; null hides the suspension controls. */
  author: { id: number; username: string } | null;
  lifting: boolean;
  onDecide(action: FlagAction): void;
  onSuspend(): void;
  onLift(): void;
}) {
  const titleId = `flagged-${itemKey(item)}-title`;
  return (
    <li className="list-group-item px-0" data-testid={`flagged-${itemKey(item)}`} aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <span className="badge text-bg-secondary">{TARGET_TYPE_LABELS[item.targetType]}</span>
        <h4 id={titleId} className="h6 mb-0">
          {item.link ? <Link to={item.link}>{item.title}</Link> : item.title}
        </h4>
        {item.hidden && <span className="badge text-bg-warning">{T.hidden}</span>}
        <span className="badge rounded-pill text-bg-danger">{T.flags(item.count)}</span>
      </div>
      {item.excerpt && (
        <blockquote className="border-start border-3 ps-2 mb-1 text-body-secondary small text-break">
          {item.excerpt}
        </blockquote>
      )}
      <p className="small mb-1">
        {item.authorId !== null && item.author ? (
          <>
            by <Link to={`/u/${encodeURIComponent(item.author)}`}>{item.author}</Link>
          </>
        ) : (
          T.by(item.author)
        )}
        {item.authorSuspension && (
          <span className="badge text-bg-warning ms-2" data-testid="author-suspended">
            {suspendedText(item.authorSuspension)}
          </span>
        )}
      </p>
      <ul className="list-inline small mb-1" aria-label="Reasons">
        {item.reasons.map((r) => (
          <li key={r.reason} className="list-inline-item">
            {FLAG_REASON_LABELS[r.reason]}: {r.count}
          </li>
        ))}
      </ul>
      {item.notes.length > 0 && (
        <>
          <h5 className="visually-hidden">{T.notes}</h5>
          <ul className="small mb-2 ps-3">
            {item.notes.map((n, i) => (
              <li key={i}>
                <strong>{n.username}</strong>: <span className="text-break">{n.note}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="d-flex gap-2">
        <Button size="sm" variant="outline-secondary" onClick={() => onDecide('DISMISS')}>
          {T.dismiss}
          <span className="visually-hidden"> the flags on {flaggedItemName(item)}</span>
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => onDecide('REMOVE')}>
          {T.remove}
          <span className="visually-hidden"> {flaggedItemName(item)}</span>
        </Button>
        {author &&
          (item.authorSuspension ? (
            <Button size="sm" variant="outline-secondary" disabled={lifting} onClick={onLift}>
              {SUSPENSION_TEXT.lift}
              <span className="visually-hidden"> of {author.username}</span>
            </Button>
          ) : (
            <Button size="sm" variant="outline-danger" onClick={onSuspend}>
              {SUSPENSION_TEXT.suspendAuthor}
              <span className="visually-hidden"> {author.username}</span>
            </Button>
          ))}
      </div>
    </li>
  );
}

function RingRow({
  ring,
  admin,
  busy,
  onDismiss,
  onReverse,
}: {
  ring: VotingRingSignal;
  admin: boolean;
  busy: boolean;
  onDismiss(): void;
  onReverse(account: { id: number; username: string }): void;
}) {
  return (
    <li className="list-group-item px-0" data-testid={`ring-${ring.id}`}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <h4 className="h6 mb-0">
          <Link to={ring.link}>{ring.certificationName}</Link>
        </h4>
        <span className="small">{T.ringVotes(ring.votes, ring.newAccountVotes)}</span>
      </div>
      <p className="small text-body-secondary mb-1">
        {T.ringWindow}: {formatDateTime(ring.windowStart)} – {formatDateTime(ring.windowEnd)}
      </p>
      <div className="small mb-2">
        {T.ringAccounts}:{' '}
        <ul className="list-inline d-inline mb-0">
          {ring.accounts.map((a) => (
            <li key={a.id} className="list-inline-item">
              <Link to={`/u/${encodeURIComponent(a.username)}`}>{a.username}</Link>
              {admin && (
                <Button variant="link" size="sm" className="px-1 py-0 align-baseline" onClick={() => onReverse(a)}>
                  {VOTE_REVERSAL_TEXT.reverse}
                  <span className="visually-hidden"> of {a.username}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onDismiss}>
        {T.ringDismiss}
        <span className="visually-hidden"> the voting-ring signal on {ring.certificationName}</span>
      </Button>
    </li>
  );
}

/** The flagged items, most flagged first, each with its decisions and its author's suspension controls. */
function FlaggedItemsSection({
  items,
  user,
  lifting,
  onDecide,
  onSuspend,
  onLift,
}: {
  items: FlaggedItem[];
  user: User | null;
  lifting: number | null;
  onDecide(item: FlaggedItem, action: FlagAction): void;
  onSuspend(author: { id: number; username: string } | null): void;
  onLift(author: { id: number; username: string }): void;
}) {
  return (
    <section aria-labelledby="flagged-items-title" className="mb-4">
      <h3 id="flagged-items-title" className="h5">
        {T.heading}
      </h3>
      {items.length === 0 ? (
        <p className="text-body-secondary">{T.empty}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{T.intro}</p>
          <ul className="list-group list-group-flush">
            {items.map((item) => {
              const author = suspendableAuthor(user, item);
              return (
                <FlaggedItemRow
                  key={itemKey(item)}
                  item={item}
                  author={author}
                  lifting={author !== null && lifting === author.id}
                  onDecide={(action) => onDecide(item, action)}
                  onSuspend={() => onSuspend(author)}
                  onLift={() => author && onLift(author)}
                />
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** The voting-ring signals, each dismissed on its own; admins may reverse an account's votes from here. */
function RingsSection({
  rings,
  admin,
  dismissing,
  onDismiss,
  onReverse,
}: {
  rings: VotingRingSignal[];
  admin: boolean;
  dismissing: number | null;
  onDismiss(ring: VotingRingSignal): void;
  onReverse(account: { id: number; username: string }): void;
}) {
  return (
    <section aria-labelledby="voting-rings-title">
      <h3 id="voting-rings-title" className="h5">
        {T.ringsHeading}
      </h3>
      {rings.length === 0 ? (
        <p className="text-body-secondary">{T.ringsEmpty}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{T.ringsIntro}</p>
          <ul className="list-group list-group-flush">
            {rings.map((ring) => (
              <RingRow
                key={ring.id}
                ring={ring}
                admin={admin}
                busy={dismissing === ring.id}
                onDismiss={() => onDismiss(ring)}
                onReverse={onReverse}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Dismissing or removing a flagged item, with the reason the moderation log keeps. */
function DecideDialog({
  deciding,
  onClose,
  onSubmit,
}: {
  deciding: { item: FlaggedItem; action: FlagAction };
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const remove = deciding.action === 'REMOVE';
  return (
    <ReasonDialog
      texts={{
        title: remove ? T.removeTitle(flaggedItemName(deciding.item)) : T.dismissTitle(flaggedItemName(deciding.item)),
        explanation: remove ? T.removeExplanation : T.dismissExplanation,
        label: T.reason,
        hint: T.reasonHint,
        cancel: T.cancel,
        submit: remove ? T.remove : T.dismiss,
        busy: remove ? T.removing : T.dismissing,
        failed: T.resolveFailed,
      }}
      schema={reasonSchema}
      variant={remove ? 'danger' : 'primary'}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

/** The flags and voting-ring signals to review, fetched when the tab opens; a failure offers a retry. */
function useFlags() {
  const [data, setData] = useState<AdminFlags | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchFlags().then(
      (answer) => {
        setData(answer);
        setPendingFlags(answer.items.length + answer.rings.length);
      },
      (err: unknown) => setError(errorText(err, T.loadFailed)),
    );
  }, []);
  useEffect(load, [load]);

  const retry = () => {
    setError(null);
    load();
  };
  return { data, setData, error, retry };
}

/** The tab until the flags are there: a spinner, or the failure with a retry. */
function FlagsLoading({ error, onRetry }: { error: string | null; onRetry(): void }) {
  if (error) {
    return (
      <Alert variant="danger">
        {error}{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
          {T.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{T.loading}</span>
    </Spinner>
  );
}

/**
 * The Flags tab of the admin panel (docs/product.md#flags), for moderators and admins: flagged items, most flagged
 * first, each dismissed or removed with a reason, and its author suspended (or their suspension lifted) where the
 * policy lets the viewer; below, the voting-ring signals.
 */
export function FlagsTab() {
  const user = useCurrentUser();
  const { data, setData, error, retry } = useFlags();
  const [notice, setNotice] = useState<AdminNotice | null>(null);
  const [deciding, setDeciding] = useState<{ item: FlaggedItem; action: FlagAction } | null>(null);
  const [reversing, setReversing] = useState<{ id: number; username: string } | null>(null);
  const [dismissingRing, setDismissingRing] = useState<number | null>(null);

  async function decide(item: FlaggedItem, action: FlagAction, reason: string) {
    await resolveFlags({ targetType: item.targetType, targetId: item.targetId, action, reason });
    setDeciding(null);
    setData((d) => d && { ...d, items: d.items.filter((i) => itemKey(i) !== itemKey(item)) });
    setNotice({
      variant: 'success',
      text: action === 'REMOVE' ? T.removed(flaggedItemName(item)) : T.dismissed(flaggedItemName(item)),
    });
    void refreshPendingCount();
  }

  /** The answer of a suspend or a lift: every item of that author shows their suspension in force (or none). */
  function applySuspension(state: SuspensionState) {
    setData(
      (d) =>
        d && {
          ...d,
          items: d.items.map((i) => (i.authorId === state.userId ? { ...i, authorSuspension: state.current } : i)),
        },
    );
  }
  const { suspend, lift, lifting, suspendDialog } = useSuspension(applySuspension, setNotice);

  async function dismissRing(ring: VotingRingSignal) {
    setDismissingRing(ring.id);
    try {
      await dismissVotingRing(ring.id);
      setData((d) => d && { ...d, rings: d.rings.filter((r) => r.id !== ring.id) });
      setNotice({ variant: 'success', text: T.ringDismissed(ring.certificationName) });
      void refreshPendingCount();
    } catch (err) {
      setNotice({ variant: 'danger', text: errorText(err, T.ringDismissFailed) });
    } finally {
      setDismissingRing(null);
    }
  }

  if (error || !data) return <FlagsLoading error={error} onRetry={retry} />;
  return (
    <div>
      {notice && (
        <Alert
          variant={notice.variant}
          dismissible
          onClose={() => setNotice(null)}
          role={notice.variant === 'danger' ? 'alert' : 'status'}
          data-testid="flags-notice"
        >
          {notice.text}
        </Alert>
      )}
      <FlaggedItemsSection
        items={data.items}
        user={user}
        lifting={lifting}
        onDecide={(item, action) => setDeciding({ item, action })}
        onSuspend={suspend}
        onLift={(author) => void lift(author)}
      />
      <RingsSection
        rings={data.rings}
        admin={isAdmin(user?.role)}
        dismissing={dismissingRing}
        onDismiss={(ring) => void dismissRing(ring)}
        onReverse={setReversing}
      />
      {deciding && (
        <DecideDialog
          deciding={deciding}
          onClose={() => setDeciding(null)}
          onSubmit={(reason) => decide(deciding.item, deciding.action, reason)}
        />
      )}
      {suspendDialog}
      {reversing && (
        <ReverseVotesDialog
          member={reversing}
          onClose={() => setReversing(null)}
          onReversed={({ reversed }) => {
            setReversing(null);
            setNotice({ variant: 'success', text: VOTE_REVERSAL_TEXT.reversedNotice(reversed) });
          }}
        />
      )}
    </div>
  );
}
