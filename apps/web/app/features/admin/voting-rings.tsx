import { formatDateTime, VOTE_REVERSAL_TEXT, type VotingRingSignal } from '@certitude/shared';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { FLAGS_TAB_TEXT as T } from './flags-tab-text';

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
                  <span className="visually-hidden">{T.ofMember(a.username)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={onDismiss}>
        {T.ringDismiss}
        <span className="visually-hidden">{T.ringDismissWhat(ring.certificationName)}</span>
      </Button>
    </li>
  );
}

/** The voting-ring signals, each dismissed on its own; admins may reverse an account's votes from here. */
export function RingsSection({
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
