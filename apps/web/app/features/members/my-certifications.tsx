import { TRACKER_TEXT, type TrackerEntry } from '@certitude/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { BadgeForm } from './badge-form';
import { fetchBadges, fetchTrackerEntries, removeTrackerEntry } from '../../lib/tracker-api';
import { TrackerEntryRow } from './tracker-entry-row';
import { FailureAlert } from '../../components/failure-alert';

// The form, with the catalogue it lists, loads when the member opens it.
const TrackerForm = lazy(() => import('./tracker-form'));
// The plan, with the calls it makes, loads once the entries are known.
const MyPlan = lazy(() => import('./my-plan'));

/**
 * "My certifications" on /profile (docs/product.md#profile): the member's entries in the server's order
 * (what needs attention first), each with Edit and Remove, and the form that adds or changes one.
 */
export function MyCertifications({ username }: { username: string }) {
  const [entries, setEntries] = useState<TrackerEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<TrackerEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  // The certifications a verified badge proves: their entries say "Verified".
  const [verified, setVerified] = useState<Set<number>>(new Set());

  const reload = useCallback(() => {
    fetchBadges().then(
      (badges) => setVerified(new Set(badges.filter((b) => b.status === 'VERIFIED').map((b) => b.certification.id))),
      () => setVerified(new Set()),
    );
    return fetchTrackerEntries().then(
      (list) => {
        setEntries(list);
        setFailure(null);
      },
      (err: unknown) => setFailure(errorText(err, TRACKER_TEXT.loadFailed)),
    );
  }, []);
  useEffect(() => void reload(), [reload]);

  async function remove(entry: TrackerEntry) {
    setRemoving(entry.certification.id);
    setFailure(null);
    try {
      await removeTrackerEntry(entry.certification.id);
      setEntries((list) => list?.filter((e) => e.certification.id !== entry.certification.id) ?? null);
    } catch (err) {
      setFailure(errorText(err, TRACKER_TEXT.removeFailed));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="my-certifications-title">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <h2 id="my-certifications-title" className="h5">
            {TRACKER_TEXT.title}
          </h2>
          <Link to={`/u/${encodeURIComponent(username)}`}>{TRACKER_TEXT.viewPublicProfile}</Link>
        </div>
        <p className="text-body-secondary small">{TRACKER_TEXT.intro}</p>
        <FailureAlert text={failure} />
        {entries === null ? (
          !failure && <p role="status">{TRACKER_TEXT.loading}</p>
        ) : entries.length === 0 ? (
          <p className="text-body-secondary">{TRACKER_TEXT.empty}</p>
        ) : (
          <ul className="list-group mb-3" aria-labelledby="my-certifications-title">
            {entries.map((entry) => (
              <TrackerEntryRow
                key={entry.certification.id}
                entry={entry}
                verified={verified.has(entry.certification.id)}
                busy={removing === entry.certification.id}
                onEdit={() => setEditing(entry)}
                onRemove={() => void remove(entry)}
              />
            ))}
          </ul>
        )}
        {editing ? (
          <Suspense fallback={<p role="status">{TRACKER_TEXT.loadingCatalogue}</p>}>
            <TrackerForm
              key={editing === 'new' ? 'new' : editing.certification.id}
              entry={editing === 'new' ? null : editing}
              onCancel={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                void reload();
              }}
            />
          </Suspense>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {TRACKER_TEXT.add}
          </button>
        )}
        {entries !== null && entries.length > 0 && (
          <Suspense fallback={null}>
            <MyPlan entries={entries} />
          </Suspense>
        )}
        <BadgeForm onAdded={() => void reload()} />
      </div>
    </section>
  );
}
