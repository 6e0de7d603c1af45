import { SITE_TEXT, TEXT } from '@certitude/shared';
import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';
import type { MetaDescriptor } from 'react-router';
import { pageMeta } from '../../lib/meta';

export interface LegalSection {
  /** Anchor of the section, for the table of contents and for links from other pages. */
  id: string;
  title: string;
  body: ReactNode;
}

/** The date in ISO form for <time>; TEXT.legalLastUpdated is what the reader sees (docs/product.md#legal-pages-and-footer). */
const LAST_UPDATED_ISO = '2024-01-01';

/** The common frame of the privacy, terms and cookie pages: title, last-updated date, contents, sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Container className="py-4 py-md-5">
      <div className="row justify-content-center">
        <article className="col-lg-10 col-xl-8 legal-page">
          <h1 className="h2 mb-2">{title}</h1>
          <p className="text-body-secondary">
            {SITE_TEXT.lastUpdatedLabel} <time dateTime={LAST_UPDATED_ISO}>{TEXT.legalLastUpdated}</time>
          </p>
          <div className="lead fs-6 mb-4">{intro}</div>
          <nav className="card bg-body-tertiary border-0 mb-4" aria-labelledby="legal-contents-title">
            <div className="card-body">
              <h2 id="legal-contents-title" className="h6 mb-2">
                {SITE_TEXT.legalContents}
              </h2>
              <ol className="mb-0 small">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`}>{s.title}</a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mb-4">
              <h2 id={`${s.id}-title`} className="h4">
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </Container>
  );
}

/** Title, description, canonical link and social tags of a legal page; the address comes from the root loader. */
export function legalMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  page: { title: string; description: string; path: string },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return pageMeta({ title: page.title, description: page.description, url: `${root?.publicUrl ?? ''}${page.path}` });
}
