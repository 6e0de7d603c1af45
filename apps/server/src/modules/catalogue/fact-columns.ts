import { sql } from 'drizzle-orm';
import {
  certificationDomains,
  certificationPrerequisites,
  certifications,
  comments,
  domains,
} from '../../db/schema/index.js';

/** A linked certification, with its status: answers name it only while it is public (certification.presenter.ts). */
export type Ref = { id: number; slug: string; name: string; status: string };

/**
 * The facts of a certification, read with it: its own columns, and its domains, prerequisites and successor
 * through correlated subqueries (one statement for the whole list).
 */
export const factColumns = {
  level: certifications.level,
  examCostUsd: certifications.examCostUsd,
  examDurationMinutes: certifications.examDurationMinutes,
  examQuestionCount: certifications.examQuestionCount,
  examQuestionCountMax: certifications.examQuestionCountMax,
  examPassingScore: certifications.examPassingScore,
  examFormats: certifications.examFormats,
  examDelivery: certifications.examDelivery,
  validityMonths: certifications.validityMonths,
  renewal: certifications.renewal,
  prerequisiteNotes: certifications.prerequisiteNotes,
  lifecycle: certifications.lifecycle,
  retiresOn: certifications.retiresOn,
  previousCodes: certifications.previousCodes,
  factsVerifiedAt: certifications.factsVerifiedAt,
  factsSource: certifications.factsSource,
  aliases: certifications.aliases,
  badgeClasses: certifications.badgeClasses,
  sources: certifications.sources,
  revision: certifications.revision,
  ratingCount: certifications.ratingCount,
  difficultySum: certifications.difficultySum,
  valueSum: certifications.valueSum,
  recognitionSum: certifications.recognitionSum,
  commentCount:
    sql<number>`(select count(*) from ${comments} cm where cm.certification_id = ${certifications.id} and cm.deleted_at is null and cm.removed_at is null)::int`.as(
      'comment_count',
    ),
  domains: sql<
    string[]
  >`coalesce((select json_agg(d.slug order by d.slug) from ${certificationDomains} cd join ${domains} d on d.id = cd.domain_id where cd.certification_id = ${certifications.id}), '[]'::json)`.as(
    'domains',
  ),
  prerequisites: sql<
    (Ref & { kind: 'REQUIRED' | 'RECOMMENDED' })[]
  >`coalesce((select json_agg(json_build_object('id', p.id, 'slug', p.slug, 'name', p.name, 'status', p.status, 'kind', cp.kind) order by cp.kind desc, p.name) from ${certificationPrerequisites} cp join ${certifications} p on p.id = cp.prerequisite_id where cp.certification_id = ${certifications.id}), '[]'::json)`.as(
    'prerequisites',
  ),
  supersededBy:
    sql<Ref | null>`(select json_build_object('id', s.id, 'slug', s.slug, 'name', s.name, 'status', s.status) from ${certifications} s where s.id = ${certifications.supersededById})`.as(
      'superseded_by',
    ),
};
