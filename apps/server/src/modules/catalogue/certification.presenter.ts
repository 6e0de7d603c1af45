import type { Certification } from '@certitude/shared';
import type { CertificationRow } from './certification.repository.js';
import { ratingMean } from '../ratings/rating.service.js';
import { examOf } from './facts.js';
import { wilsonLowerBound } from './ranking.js';

/**
 * A linked certification as answers name it: only while it is public. One hidden by members' flags or removed (back
 * to PENDING, or REJECTED) is named in no other certification's prerequisites or successor, on any answer or page;
 * the link is kept and shows again if it comes back.
 */
function publicRef(ref: { id: number; slug: string; name: string; status: string } | null) {
  return ref && ref.status === 'APPROVED' ? { id: ref.id, slug: ref.slug, name: ref.name } : null;
}

/** Turns a row into the Certification of docs/api.md#shapes: the submitter by username, times as ISO strings. */
export function presentCertification(row: CertificationRow): Certification {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    certCode: row.certCode,
    vendor: row.vendor,
    description: row.description,
    url: row.url,
    submittedById: row.submittedBy ?? null,
    upvoteCount: row.upvoteCount,
    downvoteCount: row.downvoteCount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    level: row.level,
    domains: row.domains,
    exam: examOf(row),
    validityMonths: row.validityMonths,
    renewal: row.renewal,
    prerequisites: row.prerequisites.flatMap(({ kind, ...linked }) => {
      const certification = publicRef(linked);
      return certification ? [{ certification, kind }] : [];
    }),
    prerequisiteNotes: row.prerequisiteNotes,
    lifecycle: row.lifecycle,
    retiresOn: row.retiresOn,
    supersededBy: publicRef(row.supersededBy),
    previousCodes: row.previousCodes,
    factsVerifiedAt: row.factsVerifiedAt,
    factsSource: row.factsSource,
    sources: row.sources,
    aliases: row.aliases,
    badgeClasses: row.badgeClasses,
    revision: row.revision,
    ratingCount: row.ratingCount,
    difficulty: ratingMean(row.difficultySum, row.ratingCount),
    value: ratingMean(row.valueSum, row.ratingCount),
    recognition: ratingMean(row.recognitionSum, row.ratingCount),
    commentCount: Number(row.commentCount),
    score: Math.round(wilsonLowerBound(row.upvoteCount, row.downvoteCount) * 10_000) / 10_000,
  };
}
