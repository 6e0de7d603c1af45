type ResourceType = 'course' | 'video' | 'article' | 'book' | 'documentation' | 'other';

export interface SeedCertification {
  slug: string;
  name: string;
  certCode: string;
  vendor: string;
  url: string;
  description: string;
}

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
