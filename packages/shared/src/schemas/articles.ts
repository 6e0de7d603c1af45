import { z } from './zod.js';
import { ARTICLE_CONTENT_MAX, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX } from '../limits.js';
import { SLUG_PATTERN } from './common.js';
import { text } from './text.js';

// Apart from the admin panel's other schemas, so that the article editor's form loads only what it checks with.
export const articleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string().optional(),
  author: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleRequestSchema = z.object({
  title: text({ error: 'Title is required' }).trim().min(1, 'Title is required').max(ARTICLE_TITLE_MAX),
  slug: text()
    .trim()
    .max(80)
    .regex(SLUG_PATTERN, 'The slug may contain only lowercase letters, numbers and hyphens')
    .optional(),
  summary: text({ error: 'Summary is required' }).trim().min(1, 'Summary is required').max(ARTICLE_SUMMARY_MAX),
  content: text({ error: 'Content is required' }).trim().min(1, 'Content is required').max(ARTICLE_CONTENT_MAX),
  published: z.boolean().default(true),
});
