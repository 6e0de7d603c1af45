import { z } from './zod.js';
import { SOURCE_KINDS } from '../catalogue-enums.js';
import { PREREQUISITES_MAX, REVISION_SUMMARY_MAX } from '../catalogue-limits.js';
import { CERT_CODE_MAX } from '../limits.js';
import { SLUG_PATTERN } from '../rules.js';
import { httpUrlSchema } from './common.js';
import {
  certLevelSchema,
  domainSlugSchema,
  examFactShape,
  isoDay,
  lifecycleSchema,
  prerequisiteKindSchema,
  revisionFieldShape,
} from './facts.js';
import { text } from './text.js';

/*
 * The catalogue as data (docs/catalogue.md): the files of `catalogue/`, one per vendor, and the update files an
 * operator imports (`catalogue:import`) or a maintainer applies to those files (`catalogue:apply`). One schema for
 * both, built from the checks revisions use.
 */

/** The names a source may give of the facts it supports; exam facts one by one (`exam.costUsd`). */
export const FACT_NAMES = [
  'name',
  'certCode',
  'vendor',
  'description',
  'url',
  'level',
  'domains',
  'exam.costUsd',
  'exam.durationMinutes',
  'exam.questionCount',
  'exam.questionCountMax',
  'exam.passingScore',
  'exam.formats',
  'exam.delivery',
  'validityMonths',
  'renewal',
  'prerequisites',
  'prerequisiteNotes',
  'lifecycle',
  'retiresOn',
  'supersededBy',
  'previousCodes',
  'aliases',
  'badgeClasses',
] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** The catalogue's own classification, which needs no source (docs/catalogue.md). */
export const CLASSIFICATION_FACTS: readonly FactName[] = ['level', 'domains'];

export const sourceKindSchema = z.enum(SOURCE_KINDS, { error: 'The kind must be VENDOR or THIRD_PARTY' });

/** Where a change was read: what a revision body or an update entry carries. */
export const sourceInputSchema = z.object({ url: httpUrlSchema, kind: sourceKindSchema, retrievedOn: isoDay }).strict();
export type SourceInput = z.infer<typeof sourceInputSchema>;

/** A source of a certification: the page, who published it, the day it was read and the facts it supports. */
export const factSourceSchema = z
  .object({
    url: httpUrlSchema,
    kind: sourceKindSchema,
    retrievedOn: isoDay,
    fields: z
      .array(z.enum(FACT_NAMES, { error: `A source names facts among ${FACT_NAMES.join(', ')}` }))
      .min(1, 'A source names at least one fact'),
  })
  .strict();
export type FactSource = z.infer<typeof factSourceSchema>;

const slugSchema = text().regex(SLUG_PATTERN, 'A slug is lowercase words joined by hyphens');
/** null where the vendor publishes no exam code. */
const catalogueCertCode = text().trim().min(1, 'Write null when there is no code').max(CERT_CODE_MAX).nullable();

/** One certification of a data file: every fact written out (null or [] where not known). */
export const catalogueCertificationSchema = z
  .object({
    slug: slugSchema,
    name: revisionFieldShape.name,
    certCode: catalogueCertCode,
    url: revisionFieldShape.url,
    description: revisionFieldShape.description,
    level: certLevelSchema,
    domains: z.array(domainSlugSchema).min(1, 'At least one domain').max(3, 'At most 3 domains'),
    exam: z.object(examFactShape).strict(),
    validityMonths: revisionFieldShape.validityMonths,
    renewal: revisionFieldShape.renewal,
    prerequisites: z
      .array(z.object({ slug: slugSchema, kind: prerequisiteKindSchema }).strict())
      .max(PREREQUISITES_MAX),
    prerequisiteNotes: revisionFieldShape.prerequisiteNotes,
    lifecycle: lifecycleSchema,
    retiresOn: isoDay.nullable(),
    supersededBy: slugSchema.nullable(),
    previousCodes: revisionFieldShape.previousCodes,
    aliases: revisionFieldShape.aliases,
    badgeClasses: revisionFieldShape.badgeClasses,
    sources: z.array(factSourceSchema),
    /**
     * Facts carried over from before sources were kept per fact, which no source names yet. A source that names
     * one takes it off this list; nothing new may be added to it.
     */
    unsourced: z.array(z.enum(FACT_NAMES)).optional(),
  })
  .strict();
export type CatalogueCertification = z.infer<typeof catalogueCertificationSchema>;

/** A data file of `catalogue/`: one vendor and its certifications. */
export const catalogueFileSchema = z
  .object({ vendor: revisionFieldShape.vendor, certifications: z.array(catalogueCertificationSchema) })
  .strict();
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

/** The facts an update entry may change: as in a revision, but `exam` names only the facts its source states. */
const updateFieldShape = {
  name: revisionFieldShape.name,
  certCode: revisionFieldShape.certCode,
  vendor: revisionFieldShape.vendor,
  description: revisionFieldShape.description,
  url: revisionFieldShape.url,
  level: revisionFieldShape.level,
  domains: revisionFieldShape.domains,
  exam: z.object(examFactShape).partial().strict(),
  validityMonths: revisionFieldShape.validityMonths,
  renewal: revisionFieldShape.renewal,
  prerequisites: revisionFieldShape.prerequisites,
  prerequisiteNotes: revisionFieldShape.prerequisiteNotes,
  lifecycle: revisionFieldShape.lifecycle,
  retiresOn: revisionFieldShape.retiresOn,
  supersededBy: revisionFieldShape.supersededBy,
  previousCodes: revisionFieldShape.previousCodes,
  aliases: revisionFieldShape.aliases,
  badgeClasses: revisionFieldShape.badgeClasses,
};

export const updateChangesSchema = z.object(updateFieldShape).partial().strict();
export type UpdateChanges = z.infer<typeof updateChangesSchema>;

const summarySchema = text({ error: 'Say in a few words what changed and where it was read' })
  .trim()
  .min(1, 'Say in a few words what changed and where it was read')
  .max(REVISION_SUMMARY_MAX, `The summary must be at most ${REVISION_SUMMARY_MAX} characters`);

/** `{ slug, changes, summary, source }`: a change to a certification of the catalogue. */
export const updateChangeEntrySchema = z
  .object({
    slug: slugSchema,
    changes: updateChangesSchema,
    summary: summarySchema,
    source: sourceInputSchema,
  })
  .strict();

/** `{ new, summary, source }`: a certification the catalogue lacks. */
export const updateNewEntrySchema = z
  .object({
    new: z
      .object({
        ...updateFieldShape,
        slug: slugSchema,
        name: revisionFieldShape.name,
        certCode: catalogueCertCode,
        vendor: revisionFieldShape.vendor,
        url: revisionFieldShape.url,
        description: revisionFieldShape.description,
        level: certLevelSchema,
        domains: z.array(domainSlugSchema).min(1, 'At least one domain').max(3, 'At most 3 domains'),
      })
      .partial({
        exam: true,
        validityMonths: true,
        renewal: true,
        prerequisites: true,
        prerequisiteNotes: true,
        lifecycle: true,
        retiresOn: true,
        supersededBy: true,
        previousCodes: true,
        aliases: true,
        badgeClasses: true,
      })
      .strict(),
    summary: summarySchema,
    source: sourceInputSchema,
  })
  .strict();

export type UpdateChangeEntry = z.infer<typeof updateChangeEntrySchema>;
export type UpdateNewEntry = z.infer<typeof updateNewEntrySchema>;
export type UpdateEntry = UpdateChangeEntry | UpdateNewEntry;

/** A certification whose facts were never checked or were read over FACT_FRESH_MONTHS ago (GET /api/admin/stale-facts). */
export const staleFactsSchema = z.array(
  z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    vendor: z.string(),
    /** The day its newest source was read; null when no page was ever read for its facts. */
    checkedOn: z.string().nullable(),
  }),
);
export type StaleFacts = z.infer<typeof staleFactsSchema>;
