import { PRODUCT_NAME } from '@certitude/shared';
import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical address of the page. */
  url: string;
  type?: 'website' | 'article';
  image?: string;
  jsonLd?: object;
}

/** Title, description, canonical link, Open Graph and Twitter tags, and optional JSON-LD for one page. */
export function pageMeta(m: PageMeta): MetaDescriptor[] {
  const title = m.title.includes(PRODUCT_NAME) ? m.title : `${m.title} | ${PRODUCT_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: m.description },
    { tagName: 'link', rel: 'canonical', href: m.url },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:type', content: m.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: m.description },
    { property: 'og:url', content: m.url },
    { name: 'twitter:card', content: m.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: m.description },
  ];
  if (m.image) {
    tags.push({ property: 'og:image', content: m.image }, { name: 'twitter:image', content: m.image });
  }
  if (m.jsonLd) tags.push({ 'script:ld+json': m.jsonLd });
  return tags;
}
