import {
  formatDay,
  TRACKER_CHOICE_TEXT,
  TRACKER_STATUSES,
  type TrackerEntry,
  type TrackerStatus,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { showNotice } from '../../components/notices';
import { useAuthModal } from '../../lib/auth-modal-context';
import { fetchTrackerEntries, removeTrackerEntry, saveTrackerEntry } from '../../lib/tracker-api';
import './tracker-choice.css';

const today = () => new Date().toISOString().slice(0, 10);

/** The request that makes `entry` (or no entry) `status`, keeping what the member set that still applies. */
function requestFor(status: TrackerStatus, entry: TrackerEntry | null) {
  const keep = entry ? { public: entry.public } : {};
  if (status === 'HELD')
    return {
      ...keep,
      status,
      earnedOn: entry?.earnedOn ?? today(),
      ...(entry?.expirySetByMember && entry.expiresOn ? { expiresOn: entry.expiresOn } : {}),
    };
  return { ...keep, status, ...(entry?.targetDate ? { targetDate: entry.targetDate } : {}) };
}

/**
 * "I hold this / I'm studying this / I plan this" on a certification page (docs/product.md#certification-page): one
 * click puts the certification in the member's list (GET/PUT/DELETE /api/user/certifications), the pressed button and
 * the line under it say which; pressing it again takes it out. "I hold this" counts it earned today until the member
 * sets the date. The server renders the buttons for everyone (visitors are asked to sign in), so nothing moves when
 * the member's choice arrives.
 */
export function TrackerChoice({ certificationId }: { certificationId: number }) {
  const user = useCurrentUser();
  const auth = useAuthModal();
  // The member's entry for this certification: undefined until known, null when it is not in the list.
  const [known, setKnown] = useState<{ key: string; entry: TrackerEntry | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = user ? `${user.id} ${certificationId}` : null;
  const entry = known && known.key === key ? known.entry : undefined;

  useEffect(() => {
    if (!key) return;
    let live = true;
    fetchTrackerEntries().then(
      (all) => live && setKnown({ key, entry: all.find((e) => e.certification.id === certificationId) ?? null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, certificationId]);

  const choose = async (status: TrackerStatus) => {
    if (!key) return auth.open('login');
    if (entry === undefined) return;
    setBusy(true);
    try {
      if (entry?.status === status) {
        await removeTrackerEntry(certificationId);
        setKnown({ key, entry: null });
      } else {
        setKnown({ key, entry: await saveTrackerEntry(certificationId, requestFor(status, entry)) });
      }
    } catch {
      showNotice(entry?.status === status ? TRACKER_CHOICE_TEXT.removeFailed : TRACKER_CHOICE_TEXT.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const said = !key
    ? TRACKER_CHOICE_TEXT.visitor
    : entry === undefined
      ? '\u00a0'
      : entry === null
        ? TRACKER_CHOICE_TEXT.none
        : entry.status === 'HELD'
          ? TRACKER_CHOICE_TEXT.chosenHeld(entry.earnedOn ? formatDay(entry.earnedOn) : '')
          : entry.status === 'STUDYING'
            ? TRACKER_CHOICE_TEXT.chosenStudying
            : TRACKER_CHOICE_TEXT.chosenPlanned;
  return (
    <div className="mt-3" data-testid="tracker-choice">
      <div className="btn-group btn-group-sm flex-wrap" role="group" aria-label={TRACKER_CHOICE_TEXT.group}>
        {TRACKER_STATUSES.map((status) => {
          const pressed = entry?.status === status;
          return (
            <button
              key={status}
              type="button"
              className={`btn ${pressed ? 'btn-success' : 'btn-choice'}`}
              aria-pressed={key ? pressed : undefined}
              title={pressed ? TRACKER_CHOICE_TEXT.removeHint : undefined}
              disabled={busy || (key !== null && entry === undefined)}
              onClick={() => void choose(status)}
            >
              {pressed && <span aria-hidden="true">✓ </span>}
              {TRACKER_CHOICE_TEXT[status]}
            </button>
          );
        })}
      </div>
      <p className="small text-body-secondary mt-1 mb-0" role="status" data-testid="tracker-choice-status">
        {said}
      </p>
    </div>
  );
}
