type ResourceType = 'course' | 'video' | 'article' | 'book' | 'documentation' | 'other';

export interface SeedResource {
  certificationSlug: string;
  name: string;
  type: ResourceType;
  url: string;
  description: string;
  paid: boolean;
}

export interface SeedArticle {
  slug: string;
  title: string;
  summary: string;
  content: string;
  publishedAt: string;
}
