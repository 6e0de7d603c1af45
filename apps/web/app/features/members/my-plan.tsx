import {
  formatDay,
  MY_PLAN_TEXT,
  NEXT_STEPS_TEXT,
  nextStepSchema,
  ratingsPageSchema,
  TRACKER_STATUS_LABELS,
  type NextStep,
  type TrackerEntry,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, listOf } from '../../lib/api-client';
import { aheadTotals, planTimeline, type PlanEvent } from './my-plan-data';
import { fetchCatalogue } from './tracker-api';

interface Known {
  costOf: Map<number, number | null>;
  hoursOf: Map<number, number | null>;
  nextOf: Map<number, NextStep | null>;
}

const KIND_TEXT: Record<PlanEvent['kind'], string> = {
  earned: MY_PLAN_TEXT.earned,
  expires: MY_PLAN_TEXT.expires,
  target: MY_PLAN_TEXT.target,
  undated: MY_PLAN_TEXT.target,
};
const REASON_TEXT = { SUCCESSOR: NEXT_STEPS_TEXT.successor, PREREQUISITE_OF: NEXT_STEPS_TEXT.prerequisiteOf };

/** The costs (public list), the medians of study hours (ratings) and the first next step of each held one. */
async function loadKnown(entries: readonly TrackerEntry[]): Promise<Known> {
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
  const [known, setKnown] = useState<Known | null>(null);
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
  const events = planTimeline(entries);
  const ahead = entries.filter((e) => e.status !== 'HELD');
  const held = entries.filter((e) => e.status === 'HELD');
  const totals =
    known &&
    aheadTotals(
      ahead.map((e) => e.certification.id),
      known.costOf,
      known.hoursOf,
    );
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="mt-4" aria-labelledby="my-plan-title" data-testid="my-plan">
      <h3 id="my-plan-title" className="h6">
        {MY_PLAN_TEXT.title}
      </h3>
      <p className="text-body-secondary small mb-2">{MY_PLAN_TEXT.intro}</p>
      <ol className="plan-timeline list-unstyled mb-3">
        {events.map((e) => (
          <li key={`${e.certification.id}-${e.kind}`} className={`plan-event plan-${e.status.toLowerCase()}`}>
            <span className="plan-day">{e.day ? formatDay(e.day) : MY_PLAN_TEXT.noDate}</span>{' '}
            <span className="badge text-bg-secondary">{TRACKER_STATUS_LABELS[e.status]}</span>{' '}
            {e.kind === 'expires' && e.day! < today ? MY_PLAN_TEXT.expired : KIND_TEXT[e.kind]}:{' '}
            <Link to={`/certification/${e.certification.slug}`}>{e.certification.name}</Link>
          </li>
        ))}
      </ol>
      {failed && <p className="text-danger small">{MY_PLAN_TEXT.loadFailed}</p>}
      {!known && !failed && entries.length > 0 && (
        <p role="status" className="small text-body-secondary">
          {MY_PLAN_TEXT.loading}
        </p>
      )}
      {totals && totals.count > 0 && (
        <p className="small mb-2" data-testid="plan-totals">
          <strong>{MY_PLAN_TEXT.ahead(totals.count)}</strong> ·{' '}
          {totals.costKnown > 0
            ? MY_PLAN_TEXT.cost(`US$${totals.cost.toLocaleString('en-US')}`, totals.costKnown, totals.count)
            : MY_PLAN_TEXT.costUnknown}
          {totals.hoursKnown > 0 && <> · {MY_PLAN_TEXT.studyHours(totals.hours, totals.hoursKnown, totals.count)}</>}
        </p>
      )}
      {known && held.length > 0 && (
        <>
          <h4 className="h6 small fw-semibold mb-1">{MY_PLAN_TEXT.nextTitle}</h4>
          <ul className="small mb-0" data-testid="plan-next">
            {held.map((e) => {
              const step = known.nextOf.get(e.certification.id);
              return (
                <li key={e.certification.id}>
                  {MY_PLAN_TEXT.nextOf(e.certification.name)}:{' '}
                  {step ? (
                    <>
                      <Link to={`/certification/${step.certification.slug}`}>{step.certification.name}</Link> (
                      {step.reason === 'COMMON_NEXT'
                        ? NEXT_STEPS_TEXT.commonNext(step.members ?? 0)
                        : REASON_TEXT[step.reason]}
                      )
                    </>
                  ) : (
                    MY_PLAN_TEXT.noNext
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
