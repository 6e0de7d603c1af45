import { MY_PLAN_TEXT, nextStepSchema, ratingsPageSchema, type TrackerEntry } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api, listOf } from '../../lib/api-client';
import { PlanSummary, PlanTimeline, type PlanKnown } from './plan-view';
import { fetchCatalogue } from '../../lib/tracker-api';

/** The costs (public list), the medians of study hours (ratings) and the first next step of each held one. */
async function loadKnown(entries: readonly TrackerEntry[]): Promise<PlanKnown> {
  const ahead = entries.filter((e) => e.status !== 'HELD').map((e) => e.certification.id);
  const held = entries.filter((e) => e.status === 'HELD').map((e) => e.certification.id);
  const [catalogue, hours, next] = await Promise.all([
    // The costs are only needed for those still to take.
    ahead.length > 0 ? fetchCatalogue() : [],
    Promise.all(
      ahead.map((id) =>
        api(`/api/certification/${id}/ratings?limit=1`, { auth: false, schema: __CHECK_ANSWERS__ && ratingsPageSchema })
          .then((p) => p.summary.studyHours.median)
          .catch(() => null),
      ),
    ),
    Promise.all(
      held.map((id) =>
        api(`/api/certification/${id}/next`, { auth: false, schema: __CHECK_ANSWERS__ && listOf(nextStepSchema) })
          .then((steps) => steps[0] ?? null)
          .catch(() => null),
      ),
    ),
  ]);
  return {
    costOf: new Map(catalogue.map((c) => [c.id, c.exam.costUsd])),
    hoursOf: new Map(ahead.map((id, i) => [id, hours[i] ?? null])),
    nextOf: new Map(held.map((id, i) => [id, next[i] ?? null])),
  };
}

/**
 * "My plan" on /profile (docs/product.md#profile), under My certifications and drawn from its entries: the timeline of
 * earned, expiry and target days, the exam cost and community study time of those still to take, and the step each
 * held certification leads to. Loaded with the profile's own code, after the entries.
 */
export default function MyPlan({ entries }: { entries: readonly TrackerEntry[] }) {
  const [known, setKnown] = useState<PlanKnown | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = entries.map((e) => `${e.certification.id}${e.status}`).join(' ');
  useEffect(() => {
    let live = true;
    loadKnown(entries).then(
      (k) => live && setKnown(k),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // The entries' certifications and statuses decide what to load; a new array of the same entries does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return (
    <section className="mt-4" aria-labelledby="my-plan-title" data-testid="my-plan">
      <h3 id="my-plan-title" className="h6">
        {MY_PLAN_TEXT.title}
      </h3>
      <p className="text-body-secondary small mb-2">{MY_PLAN_TEXT.intro}</p>
      <PlanTimeline entries={entries} />
      {failed && <p className="text-danger small">{MY_PLAN_TEXT.loadFailed}</p>}
      {!known && !failed && entries.length > 0 && (
        <p role="status" className="small text-body-secondary">
          {MY_PLAN_TEXT.loading}
        </p>
      )}
      {known && <PlanSummary entries={entries} known={known} />}
    </section>
  );
}
