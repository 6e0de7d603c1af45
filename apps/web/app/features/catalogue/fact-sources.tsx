import { formatDay, readLongAgo, sourceOfFact, type Certification, type FactName } from '@certitude/shared';

import { FACTS_TEXT } from './facts-text';

type Source = Certification['sources'][number];

/**
 * The sources of a certification's facts, numbered in the order the facts use them: each fact carries a small mark
 * that leads to its source in the list under the facts (docs/product.md#certification-facts).
 */
export function numberSources(cert: Certification) {
  const order: Source[] = [];
  const of = (facts: FactName[]) => {
    const found = facts.map((f) => sourceOfFact(cert.sources, f)).filter((s): s is Source => s !== null);
    const newest = found.reduce<Source | null>((a, b) => (!a || b.retrievedOn > a.retrievedOn ? b : a), null);
    if (!newest) return null;
    if (!order.includes(newest)) order.push(newest);
    return { source: newest, n: order.indexOf(newest) + 1 };
  };
  return { of, order };
}

const host = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** The mark beside a fact: its source's number, and a word when it was read over a year ago. */
export function SourceMark({ mark, today }: { mark: { source: Source; n: number } | null; today: Date }) {
  if (!mark) return null;
  const old = readLongAgo(mark.source.retrievedOn, today);
  return (
    <>
      <sup>
        <a
          href={`#fact-source-${mark.n}`}
          className="text-decoration-none"
          aria-label={FACTS_TEXT.sourceNumber(mark.n)}
        >
          {mark.n}
        </a>
      </sup>
      {mark.source.kind === 'THIRD_PARTY' && (
        <span className="small text-body-secondary">{FACTS_TEXT.thirdPartyMark}</span>
      )}
      {old && <span className="small text-warning-emphasis">{FACTS_TEXT.oldMark}</span>}
    </>
  );
}

/** The numbered list of sources under the facts. */
export function SourceList({ sources, today }: { sources: Source[]; today: Date }) {
  if (!sources.length) return null;
  return (
    <ol className="small text-body-secondary mt-3 mb-0 ps-3" data-testid="fact-sources">
      {sources.map((s, i) => (
        <li key={`${s.url} ${s.retrievedOn}`} id={`fact-source-${i + 1}`}>
          <a href={s.url} target="_blank" rel="noopener noreferrer">
            {host(s.url)}
          </a>
          {s.kind === 'VENDOR' ? FACTS_TEXT.vendorPage : FACTS_TEXT.thirdPartyPage}
          {FACTS_TEXT.readOn(formatDay(s.retrievedOn))}
          {readLongAgo(s.retrievedOn, today) && FACTS_TEXT.oldSource}
        </li>
      ))}
    </ol>
  );
}

/**
 * A fact's source as one small link, where a table has no room for a list (the comparison): who published the
 * page, the day it was read in its title, and a word when that is over a year ago.
 */
export function SourceLink({ sources, facts, today }: { sources: Source[]; facts: FactName[]; today: Date }) {
  const found = facts.map((f) => sourceOfFact(sources, f)).filter((s): s is Source => s !== null);
  const s = found.reduce<Source | null>((a, b) => (!a || b.retrievedOn > a.retrievedOn ? b : a), null);
  if (!s) return null;
  const who = s.kind === 'VENDOR' ? FACTS_TEXT.vendor : FACTS_TEXT.thirdParty;
  return (
    <>
      {' '}
      <a
        href={s.url}
        target="_blank"
        rel="noopener noreferrer"
        className="small text-body-secondary text-decoration-none"
        title={FACTS_TEXT.sourceTitle(s.kind === 'VENDOR', formatDay(s.retrievedOn))}
      >
        <sup>{who}</sup>
      </a>
      {readLongAgo(s.retrievedOn, today) && <span className="small text-warning-emphasis">{FACTS_TEXT.oldLink}</span>}
    </>
  );
}
