/**
 * The catalogue's one search (docs/product.md#search, decision 32): the home page's instant filter, `?q=` of the
 * list and the ranked `GET /api/search` all use this matcher and its tiers. It is in a module of its own: the home
 * page runs it on every keystroke from its first paint, so it stays small and joins the first scripts
 * (apps/web/vite.config.ts).
 */
import { DOMAINS } from './domains.js';

/** What the search looks in. */
export interface Searchable {
  name: string;
  vendor: string;
  certCode: string | null;
  description: string;
  /** Exam codes the certification had before (SY0-601 finds Security+). */
  previousCodes?: readonly string[];
  /** Domain slugs; the search matches their names. */
  domains?: readonly string[];
  /** What people call it ("Sec+", "SAA"). */
  aliases?: readonly string[];
}

/** Names people use for a vendor, searched as if they were in its name. */
const VENDOR_NICKNAMES: Record<string, string> = {
  aws: 'amazon web services',
  microsoft: 'azure msft ms',
  'google cloud': 'gcp google',
  'linux foundation': 'lf cncf',
  'palo alto networks': 'pan',
  'red hat': 'redhat',
  isc2: 'isc',
};

/** Lowercase, accents dropped, "+" read as "plus" (Security+ and "security plus" alike). */
function normalize(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\+/g, ' plus ');
}

const wordsOf = (s: string): string[] => normalize(s).match(/[a-z0-9]+/g) ?? [];
/** A code or name with every space, hyphen and mark dropped: "AZ-104", "az 104" and "az104" are one key. */
const compact = (s: string): string => wordsOf(s).join('');

/** One certification as the search reads it, built once per certification and kept by the callers. */
export interface PreparedSearch {
  /** Every field lowercased, joined by a character no one types: the spec's substring match. */
  text: string;
  /** The words of the name, vendor (and its nicknames), codes and aliases. */
  words: string[];
  /** The words of the name alone: among equals, a search that covers more of a name ranks it higher. */
  name: string[];
  /** The exam code, previous codes, aliases and the name, compacted: an exact hit ranks first. */
  keys: string[];
  /** The words of the description and domain names, each after a space: a search's word is found at a word's start. */
  rest: string;
}

export function prepareSearch(cert: Searchable): PreparedSearch {
  const domains = DOMAINS.filter((d) => cert.domains?.includes(d.slug)).map((d) => d.name);
  // The short name in brackets ("… (CCNA)") is what people call it, like an alias.
  const short = /\(([^()]+)\)\s*$/.exec(cert.name)?.[1] ?? '';
  const codes = [cert.certCode ?? '', short, ...(cert.previousCodes ?? []), ...(cert.aliases ?? [])];
  const nick = VENDOR_NICKNAMES[cert.vendor.toLowerCase()] ?? '';
  const text = [
    cert.name,
    cert.vendor,
    cert.certCode ?? '',
    cert.description,
    ...(cert.previousCodes ?? []),
    ...domains,
  ]
    .join('\u0000')
    .toLowerCase();
  return {
    text,
    words: wordsOf([cert.name, cert.vendor, nick, ...codes].join(' ')),
    name: wordsOf(cert.name),
    keys: [...codes, cert.name].map(compact).filter((k) => k.length > 1),
    rest: ` ${wordsOf([cert.description, ...domains].join(' ')).join(' ')}`,
  };
}

/** A search as typed, read once per keystroke. */
export interface ParsedQuery {
  raw: string;
  tokens: string[];
  key: string;
}

export function parseQuery(query: string): ParsedQuery {
  const raw = query.trim().toLowerCase();
  return { raw, tokens: wordsOf(raw), key: compact(raw) };
}

/** Whether `a` and `b` differ by at most one letter added, dropped, changed or two swapped. */
export function oneTypoApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return true;
  const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return swapped || a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** How well one word of a search is found: 2 a word starts with it, 1 inside a word or one typo, 0 elsewhere. */
function tokenPlace(p: PreparedSearch, t: string): number {
  if (p.words.some((w) => w.startsWith(t))) return 2;
  const typo = (w: string) =>
    oneTypoApart(w, t) || oneTypoApart(w.slice(0, t.length), t) || oneTypoApart(w.slice(0, t.length + 1), t);
  if (p.words.some((w) => w.includes(t) || (t.length >= 5 && typo(w)))) return 1;
  return p.rest.includes(` ${t}`) ? 0 : -1;
}

/**
 * How well a certification answers a search, 0 when it does not (docs/product.md#search): 5 its exam code, a
 * previous code, an alias or its name exactly; 4 every word starts a word of its name, vendor or codes; 3 some
 * word only inside a word or with one typo; 2 some word only in the description or domains; 1 the whole search is
 * a substring of its fields (the original rule, always kept).
 */
export function searchTier(p: PreparedSearch, q: ParsedQuery): number {
  if (q.raw === '') return 5;
  if (q.key.length > 1 && p.keys.includes(q.key)) return 5;
  let worst = q.tokens.length > 0 ? 2 : -1;
  for (const t of q.tokens) {
    worst = Math.min(worst, tokenPlace(p, t));
    if (worst < 0) break;
  }
  if (worst >= 0) return worst + 2;
  return p.text.includes(q.raw) ? 1 : 0;
}

/** Whether a certification answers a search (the home page's filter and `?q=`). */
export function matchesSearch(cert: Searchable, query: string): boolean {
  return searchTier(prepareSearch(cert), parseQuery(query)) > 0;
}

interface Rankable extends Searchable {
  lifecycle?: string;
  score?: number;
}

/**
 * The ranked search (`GET /api/search`, the search page): the best tier first, then what can still be taken
 * before what was retired, then the community's score. `prepared` gives each certification's prepared form.
 */
export function rankSearch<T extends Rankable>(
  certs: readonly T[],
  query: string,
  prepared: (c: T) => PreparedSearch = prepareSearch,
): T[] {
  const q = parseQuery(query);
  const hits: { c: T; tier: number; cover: number }[] = [];
  for (const c of certs) {
    const p = prepared(c);
    const tier = searchTier(p, q);
    // The share of the name the search's words start: "azure fundamentals" is all of Azure Fundamentals.
    const cover = p.name.filter((w) => q.tokens.some((t) => w.startsWith(t))).length / (p.name.length || 1);
    if (tier > 0) hits.push({ c, tier, cover });
  }
  const retired = (c: T) => (c.lifecycle === 'RETIRED' ? 1 : 0);
  return hits
    .sort(
      (a, b) =>
        b.tier - a.tier ||
        retired(a.c) - retired(b.c) ||
        b.cover - a.cover ||
        (b.c.score ?? 0) - (a.c.score ?? 0) ||
        a.c.name.localeCompare(b.c.name),
    )
    .map((h) => h.c);
}
