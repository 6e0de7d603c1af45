import type { PageData, PublicProfile } from '@certitude/shared';
import type { PlanEntry } from './my-plan-data';

/** A member's public entries as the entries of a plan: the held ones with their days, the others with their target. */
export function publicPlanEntries(profile: Pick<PublicProfile, 'held' | 'ahead'>): PlanEntry[] {
  return [
    ...profile.held.map((h) => ({ ...h, status: 'HELD' as const, targetDate: null })),
    ...profile.ahead.map((a) => ({ ...a, earnedOn: null, expiresOn: null })),
  ];
}

/**
 * What /u/{username}'s plan adds to the public entries, worked out by its loader on the server: the exam costs (the
 * public list), the community medians of study hours of those still to take, and each held one's first next step.
 * As pairs, so that the loader's answer carries them to the page.
 */
export async function publicPlanKnown(data: PageData, entries: readonly PlanEntry[]) {
  const ahead = entries.filter((e) => e.status !== 'HELD').map((e) => e.certification.id);
  const held = entries.filter((e) => e.status === 'HELD').map((e) => e.certification.id);
  const [list, hours, next] = await Promise.all([
    ahead.length > 0 ? data.listCertifications() : [],
    Promise.all(ahead.map(async (id) => (await data.ratings(String(id), 1))?.summary.studyHours.median ?? null)),
    Promise.all(held.map(async (id) => (await data.nextSteps(String(id)))?.[0] ?? null)),
  ]);
  const costs = new Map(list.map((c) => [c.id, c.exam.costUsd]));
  return {
    costOf: ahead.map((id) => [id, costs.get(id) ?? null] as const),
    hoursOf: ahead.map((id, i) => [id, hours[i] ?? null] as const),
    nextOf: held.map((id, i) => [id, next[i] ?? null] as const),
  };
}
