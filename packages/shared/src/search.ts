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
  /** The same words, each after a space, in one string: a search's word starts one where ` word` is found. */
  line: string;
  /** The words of the name, then of each alias: among equals, a search that covers more of one ranks it higher. */
  names: string[][];
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
  const words = wordsOf([cert.name, cert.vendor, nick, ...codes].join(' '));
  return {
    text,
    words,
    line: ` ${words.join(' ')}`,
    names: [cert.name, ...(cert.aliases ?? [])].map(wordsOf),
    keys: [...codes, cert.name].map(compact).filter((k) => k.length > 1),
    rest: ` ${wordsOf([cert.description, ...domains].join(' ')).join(' ')}`,
  };
}

/** A search as typed, read once per keystroke. */
export interface ParsedQuery {
  raw: string;
  tokens: string[];
  key: string;
  /** Per word of the search, how it was found in each word met so far: the same words recur across certifications. */
  seen: Map<string, boolean>[];
}

export function parseQuery(query: string): ParsedQuery {
  const raw = query.trim().toLowerCase();
  const tokens = wordsOf(raw);
  return { raw, tokens, key: compact(raw), seen: tokens.map(() => new Map()) };
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

/**
 * How well one word of a search is found: 2 a word starts with it, 1 inside a word or one typo away, 0 in the
 * description or domains, -1 nowhere. `seen` keeps the typo checks of words already met.
 */
function tokenPlace(p: PreparedSearch, t: string, seen: Map<string, boolean>): number {
  if (startsWord(p.line, t)) return 2;
  if (p.line.includes(t)) return 1;
  const typo = (w: string) => {
    let near = seen.get(w);
    if (near === undefined) seen.set(w, (near = typoNear(w, t)));
    return near;
  };
  if (t.length >= 5 && p.words.some(typo)) return 1;
  return startsWord(p.rest, t) ? 0 : -1;
}

/**
 * Whether a word of a certification is one typo from a search's word `t` of 5 letters or more, whole or cut to
 * `t`'s length (or one more). A word two letters shorter than `t` cannot be, whole or cut.
 */
export function typoNear(w: string, t: string): boolean {
  if (t.length < 5 || w.length < t.length - 1) return false;
  return oneTypoApart(w, t) || oneTypoApart(w.slice(0, t.length), t) || oneTypoApart(w.slice(0, t.length + 1), t);
}

/**
 * Whether `t` starts a word of `s` (words each after a space). Found by `t` itself, then its preceding space
 * checked: a scan for " t" would stop at every space.
 */
function startsWord(s: string, t: string): boolean {
  for (let i = s.indexOf(t); i !== -1; i = s.indexOf(t, i + 1)) if (s[i - 1] === ' ') return true;
  return false;
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
  for (const [i, t] of q.tokens.entries()) {
    worst = Math.min(worst, tokenPlace(p, t, q.seen[i]!));
    if (worst < 0) break;
  }
  if (worst >= 0) return worst + 2;
  return p.text.includes(q.raw) ? 1 : 0;
}

/** Whether a certification answers a search (the home page's filter and `?q=`). */
export function matchesSearch(cert: Searchable, query: string): boolean {
  return searchTier(prepareSearch(cert), parseQuery(query)) > 0;
}

/**
 * Names in the reader's language order. The collator is made at the first comparison, not when the module loads:
 * making one loads the language's collation data, which the home page's first scripts need not wait for.
 */
let collator: Intl.Collator | undefined;
const byName = (a: string, b: string): number => (collator ??= new Intl.Collator()).compare(a, b);

/** Whether a word of a name or alias counts as covered by the search's words: one starts it or is one typo from it. */
export function coversWord(w: string, tokens: readonly string[]): boolean {
  return tokens.some((t) => w.startsWith(t) || (t.length >= 5 && oneTypoApart(w, t)));
}

/**
 * The largest share of the name or of an alias that the search's words start or are one typo from: "azure
 * fundamentals" is all of Azure Fundamentals, "secuirty+" all of Security+'s alias "Security Plus".
 */
function cover(p: PreparedSearch, q: ParsedQuery): number {
  return Math.max(...p.names.map((words) => words.filter((w) => coversWord(w, q.tokens)).length / (words.length || 1)));
}

export interface Rankable extends Searchable {
  lifecycle?: string;
  score?: number;
}

/** A certification that answers a search, with what ranks it. */
export interface RankedHit<T> {
  c: T;
  tier: number;
  cover: number;
}

const retired = (c: Rankable) => (c.lifecycle === 'RETIRED' ? 1 : 0);

/**
 * The ranked search's order: the best tier first, then what can still be taken before what was retired, then the
 * share of the name covered, the community's score and the name.
 */
export function compareHits<T extends Rankable>(a: RankedHit<T>, b: RankedHit<T>): number {
  return (
    b.tier - a.tier ||
    retired(a.c) - retired(b.c) ||
    b.cover - a.cover ||
    (b.c.score ?? 0) - (a.c.score ?? 0) ||
    byName(a.c.name, b.c.name)
  );
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
  const hits: RankedHit<T>[] = [];
  for (const c of certs) {
    const p = prepared(c);
    const tier = searchTier(p, q);
    if (tier === 0) continue;
    hits.push({ c, tier, cover: cover(p, q) });
  }
  return hits.sort(compareHits).map((h) => h.c);
}
