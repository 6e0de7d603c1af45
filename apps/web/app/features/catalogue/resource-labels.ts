import type { ResourceType } from '@certitude/shared';

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  course: 'Course',
  video: 'Video',
  article: 'Article',
  book: 'Book',
  documentation: 'Documentation',
  other: 'Other',
};
