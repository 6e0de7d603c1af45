import { z } from './zod.js';
import { certificationSchema } from './catalogue.js';

/** The licence of the open data dump (docs/api.md#open-data). */
export const OPEN_DATA_LICENSE = 'CC-BY-SA-4.0';

/** How many daily dumps the server keeps; older ones are removed after each build. */
export const OPEN_DATA_KEEP_DAYS = 7;

/**
 * A certification as the dump holds it: what GET /api/certification answers, without the submitter (a member's
 * username) nor the fields that only a submitter or moderator ever sees.
 */
export const openDataCertificationSchema = certificationSchema.omit({
  submittedById: true,
  pendingEdit: true,
  hiddenByFlags: true,
});
export type OpenDataCertification = z.infer<typeof openDataCertificationSchema>;

export const openDataFileSchema = z.object({
  name: z.string().describe('certifications.jsonl.gz or certifications.csv'),
  url: z.string().describe('Absolute URL of the file; it never changes once published'),
  bytes: z.number().int(),
  sha256: z.string().describe('Hex SHA-256 of the file as served'),
  records: z.number().int().describe('Certifications in the file'),
});

export const openDataIndexSchema = z.object({
  license: z.literal(OPEN_DATA_LICENSE),
  generatedAt: z.string().describe('When the newest dump was built (ISO 8601, UTC)'),
  files: z.array(openDataFileSchema),
});
export type OpenDataIndex = z.infer<typeof openDataIndexSchema>;
