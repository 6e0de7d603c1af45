import { formatDay, MY_PLAN_TEXT, NEXT_STEPS_TEXT, TRACKER_STATUS_LABELS, type NextStep } from '@certitude/shared';
import { Link } from 'react-router';
import { aheadTotals, planTimeline, type PlanEntry, type PlanEvent } from './my-plan-data';

/** What the plan adds to its entries: exam costs, community medians of study hours, each held one's first next step. */
export interface PlanKnown {
  costOf: ReadonlyMap<number, number | null>;
  hoursOf: ReadonlyMap<number, number | null>;
  nextOf: ReadonlyMap<number, NextStep | null>;
}

const KIND_TEXT: Record<PlanEvent['kind'], string> = {
  earned: MY_PLAN_TEXT.earned,
  expires: MY_PLAN_TEXT.expires,
  target: MY_PLAN_TEXT.target,
  undated: MY_PLAN_TEXT.target,
};
const REASON_TEXT = { SUCCESSOR: NEXT_STEPS_TEXT.successor, PREREQUISITE_OF: NEXT_STEPS_TEXT.prerequisiteOf };

/** The plan's timeline of earned, expiry and target days (My plan on /profile, the plan on /u/{username}). */
export function PlanTimeline({ entries }: { entries: readonly PlanEntry[] }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <ol className="plan-timeline list-unstyled mb-3">
      {planTimeline(entries).map((e) => (
        <li key={`${e.certification.id}-${e.kind}`} className={`plan-event plan-${e.status.toLowerCase()}`}>
          <span className="plan-day">{e.day ? formatDay(e.day) : MY_PLAN_TEXT.noDate}</span>{' '}
          <span className="badge text-bg-secondary">{TRACKER_STATUS_LABELS[e.status]}</span>{' '}
          {e.kind === 'expires' && e.day! < today ? MY_PLAN_TEXT.expired : KIND_TEXT[e.kind]}:{' '}
          <Link to={`/certification/${e.certification.slug}`}>{e.certification.name}</Link>
        </li>
      ))}
    </ol>
  );
}

/** The cost and study time of those still to take, then the step each held one leads to. */
export function PlanSummary({
  entries,
  known,
  Heading = 'h4',
}: {
  entries: readonly PlanEntry[];
  known: PlanKnown;
  /** The level of 'Next steps', one under the plan's own heading. */
  Heading?: 'h3' | 'h4';
}) {
  const ahead = entries.filter((e) => e.status !== 'HELD').map((e) => e.certification.id);
  const held = entries.filter((e) => e.status === 'HELD');
  const totals = aheadTotals(ahead, known.costOf, known.hoursOf);
  return (
    <>
      {totals.count > 0 && (
        <p className="small mb-2" data-testid="plan-totals">
          <strong>{MY_PLAN_TEXT.ahead(totals.count)}</strong> ·{' '}
          {totals.costKnown > 0
            ? MY_PLAN_TEXT.cost(`US$${totals.cost.toLocaleString('en-US')}`, totals.costKnown, totals.count)
            : MY_PLAN_TEXT.costUnknown}
          {totals.hoursKnown > 0 && <> · {MY_PLAN_TEXT.studyHours(totals.hours, totals.hoursKnown, totals.count)}</>}
        </p>
      )}
      {held.length > 0 && (
        <>
          <Heading className="h6 small fw-semibold mb-1">{MY_PLAN_TEXT.nextTitle}</Heading>
          <ul className="small mb-0" data-testid="plan-next">
            {held.map((e) => (
              <li key={e.certification.id}>
                {MY_PLAN_TEXT.nextOf(e.certification.name)}:{' '}
                <NextStepText step={known.nextOf.get(e.certification.id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function NextStepText({ step }: { step: NextStep | null | undefined }) {
  if (!step) return <>{MY_PLAN_TEXT.noNext}</>;
  return (
    <>
      <Link to={`/certification/${step.certification.slug}`}>{step.certification.name}</Link> (
      {step.reason === 'COMMON_NEXT' ? NEXT_STEPS_TEXT.commonNext(step.members ?? 0) : REASON_TEXT[step.reason]})
    </>
  );
}
