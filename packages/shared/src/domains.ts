/**
 * The domain taxonomy (docs/product.md#certification-facts), apart from the other catalogue lists because the
 * home page's search matches domain names on its first paint (search.ts), and the rest of the lists are not
 * needed there.
 */
/** The domain taxonomy: slug and name. A certification belongs to one or more of them. */
export const DOMAINS = [
  { slug: 'cloud', name: 'Cloud' },
  { slug: 'security', name: 'Security' },
  { slug: 'networking', name: 'Networking' },
  { slug: 'data-ai', name: 'Data and AI' },
  { slug: 'devops', name: 'DevOps' },
  { slug: 'software-development', name: 'Software development' },
  { slug: 'infrastructure', name: 'Infrastructure' },
  { slug: 'project-management', name: 'Project management' },
  { slug: 'governance-risk-compliance', name: 'Governance, risk and compliance' },
  { slug: 'databases', name: 'Databases' },
] as const;
export type DomainSlug = (typeof DOMAINS)[number]['slug'];
export const DOMAIN_SLUGS = DOMAINS.map((d) => d.slug) as unknown as readonly [DomainSlug, ...DomainSlug[]];
