import { PUBLIC_PLAN_TEXT as T, type PublicProfile } from '@certitude/shared';
import { publicPlanEntries, type publicPlanKnown } from './public-plan-data';
import { PlanSummary, PlanTimeline } from './plan-view';

export type PublicPlanKnown = Awaited<ReturnType<typeof publicPlanKnown>>;

/**
 * The plan on /u/{username} (docs/product.md#public-profile-page): the member's public held, studying and planned
 * certifications on a timeline, with the cost and study time still ahead and the next steps. Read-only, rendered on
 * the server from what the loader worked out; never a private entry.
 */
export function PublicPlan({ profile, known }: { profile: PublicProfile; known: PublicPlanKnown | null }) {
  const entries = publicPlanEntries(profile);
  return (
    <section aria-labelledby="plan-title" className="mt-4" data-testid="public-plan">
      <h2 id="plan-title" className="h5">
        {T.title}
      </h2>
      {entries.length === 0 ? (
        <p className="text-body-secondary">{T.none(profile.username)}</p>
      ) : (
        <>
          <p className="text-body-secondary small mb-2">{T.intro(profile.username)}</p>
          <PlanTimeline entries={entries} />
          {known && (
            <PlanSummary
              entries={entries}
              Heading="h3"
              known={{ costOf: new Map(known.costOf), hoursOf: new Map(known.hoursOf), nextOf: new Map(known.nextOf) }}
            />
          )}
        </>
      )}
    </section>
  );
}
