/**
 * The one search (decision 32) over a large catalogue, on the server: the same tiers as `searchTier` and the same
 * order as `rankSearch`, read through an index of the catalogue's words built once per list. A search looks each of
 * its words up among the catalogue's distinct words (a few thousand) and reaches the certifications through them,
 * instead of reading every certification's words; the substring rule reads all the fields in one pass over one
 * string. Apart from search.ts, which the home page loads: the browser reads its list with `searchTier`.
 */
import {
  compareHits,
  coversWord,
  parseQuery,
  prepareSearch,
  typoNear,
  type PreparedSearch,
  type Rankable,
  type RankedHit,
} from './search.js';

/**
 * Distinct words, each with the certifications (by position) that have it, and all of them in one string, each
 * after a space: a search's word is found in it by one scan, and each place it is found tells the word.
 */
class Words {
  readonly list: string[] = [];
  readonly holders: number[][] = [];
  private readonly ids = new Map<string, number>();
  line = '';
  /** The word at each character of `line` (-1 at a space), and where each word ends in it. */
  private at = new Int32Array(0);
  private ends = new Int32Array(0);
  private sorted: number[] = [];

  id(w: string): number {
    let i = this.ids.get(w);
    if (i === undefined) {
      this.ids.set(w, (i = this.list.length));
      this.list.push(w);
      this.holders.push([]);
    }
    return i;
  }

  add(w: string, cert: number): void {
    const held = this.holders[this.id(w)]!;
    if (held[held.length - 1] !== cert) held.push(cert);
  }

  /** Ready for `find` (`line`) or for `prefixed` (the words in order). */
  seal(line: boolean): void {
    if (!line) {
      this.sorted = this.list.map((_, i) => i).sort((a, b) => (this.list[a]! < this.list[b]! ? -1 : 1));
      return;
    }
    this.line = ` ${this.list.join(' ')}`;
    this.at = new Int32Array(this.line.length).fill(-1);
    this.ends = new Int32Array(this.list.length);
    let start = 1;
    for (const [i, w] of this.list.entries()) {
      this.at.fill(i, start, start + w.length);
      this.ends[i] = start + w.length;
      start += w.length + 1;
    }
  }

  /** Calls `found` for each word that starts with `t`. */
  prefixed(t: string, found: (word: number) => void): void {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[this.sorted[mid]!]! < t) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.list[this.sorted[i]!]!.startsWith(t); i++) found(this.sorted[i]!);
  }

  /** Calls `found` once for each word that contains `t`, with whether `t` starts it. */
  find(t: string, found: (word: number, starts: boolean) => void): void {
    for (let i = this.line.indexOf(t); i !== -1;) {
      const word = this.at[i]!;
      found(word, this.line.charCodeAt(i - 1) === 32);
      i = this.line.indexOf(t, this.ends[word]!);
    }
  }
}

/** 512 bits per certification: one for each pair of letters, hashed, that its text has. */
const PAIR_WORDS = 16;
const pairHash = (s: string, i: number): number =>
  (Math.imul(s.charCodeAt(i - 1), 0x9e3779b1) ^ Math.imul(s.charCodeAt(i), 0x85ebca6b)) >>> 23;

/** A search's answer over an indexed list: the tier of each certification (0: not found), by position. */
type Tiers = Uint8Array;

export class SearchIndex<T extends Rankable> {
  /** The words of names, vendors, codes and aliases (`PreparedSearch.words`) and of descriptions and domains. */
  private readonly words = new Words();
  private readonly rest = new Words();
  /** Certifications by compacted exam code, previous code, alias or name (`PreparedSearch.keys`). */
  private readonly keys = new Map<string, number[]>();
  /** The words of each certification's name and aliases (`PreparedSearch.names`), as ids of `words`. */
  private readonly names: number[][][] = [];
  /** Each certification's substring text (`PreparedSearch.text`), and the pairs of letters it has, hashed. */
  private readonly texts: string[] = [];
  private readonly pairs: Int32Array;
  private readonly position = new Map<T, number>();
  /** Kept between searches (each runs to its end before the next): how well each certification has each word. */
  private readonly worst: Int8Array;
  private readonly place: Int8Array;

  constructor(
    private readonly certs: readonly T[],
    prepared: (c: T) => PreparedSearch = prepareSearch,
  ) {
    for (const [i, c] of certs.entries()) {
      const p = prepared(c);
      this.position.set(c, i);
      for (const w of p.words) this.words.add(w, i);
      for (const w of p.rest.split(' ')) if (w !== '') this.rest.add(w, i);
      for (const k of new Set(p.keys)) {
        const holders = this.keys.get(k);
        if (holders) holders.push(i);
        else this.keys.set(k, [i]);
      }
      this.names.push(p.names.map((ws) => ws.map((w) => this.words.id(w))));
      this.texts.push(p.text);
    }
    this.words.seal(true);
    this.rest.seal(false);
    this.pairs = new Int32Array(certs.length * PAIR_WORDS);
    for (const [c, text] of this.texts.entries()) {
      for (let i = 1; i < text.length; i++) {
        const h = pairHash(text, i);
        this.pairs[c * PAIR_WORDS + (h >> 5)]! |= 1 << (h & 31);
      }
    }
    this.worst = new Int8Array(certs.length);
    this.place = new Int8Array(certs.length);
  }

  /** The tier of every certification for `query`, each as `searchTier` gives it. */
  private tiers(query: string): { tiers: Tiers; tokens: string[] } {
    const q = parseQuery(query);
    const n = this.certs.length;
    const tiers = new Uint8Array(n);
    if (q.raw === '') return { tiers: tiers.fill(5), tokens: q.tokens };
    const worst = this.worst.fill(q.tokens.length > 0 ? 2 : -1);
    for (const t of q.tokens) {
      this.placeToken(t);
      for (let c = 0; c < n; c++) if (this.place[c]! < worst[c]!) worst[c] = this.place[c]!;
    }
    for (let c = 0; c < n; c++) if (worst[c]! >= 0) tiers[c] = worst[c]! + 2;
    if (q.key.length > 1) for (const c of this.keys.get(q.key) ?? []) tiers[c] = 5;
    this.substring(q.raw, tiers);
    return { tiers, tokens: q.tokens };
  }

  /**
   * How well each certification has the search's word `t` (`tokenPlace` of search.ts): 2 a word starts with it, 1
   * inside a word or one typo away, 0 a word of the description or domains starts with it, -1 nowhere.
   */
  private placeToken(t: string): void {
    const place = this.place.fill(-1);
    const raise = (holders: readonly number[], to: number) => {
      for (const c of holders) if (place[c]! < to) place[c] = to;
    };
    this.words.find(t, (w, starts) => raise(this.words.holders[w]!, starts ? 2 : 1));
    if (t.length >= 5) {
      // One typo leaves the first or the second letter of one word at the first or the second place of the other.
      const t0 = t.charCodeAt(0);
      const t1 = t.charCodeAt(1);
      for (const [i, w] of this.words.list.entries()) {
        const w0 = w.charCodeAt(0);
        const w1 = w.charCodeAt(1);
        if ((w0 === t0 || w0 === t1 || w1 === t0 || w1 === t1) && typoNear(w, t)) raise(this.words.holders[i]!, 1);
      }
    }
    this.rest.prefixed(t, (w) => raise(this.rest.holders[w]!, 0));
  }

  /**
   * Tier 1 for each certification not found otherwise whose fields hold the whole search (the original rule). A
   * text that holds it has each of its pairs of letters: only those that have all are read.
   */
  private substring(raw: string, tiers: Tiers): void {
    const need = new Int32Array(PAIR_WORDS);
    for (let i = 1; i < raw.length; i++) {
      const h = pairHash(raw, i);
      need[h >> 5]! |= 1 << (h & 31);
    }
    const words = [...need.keys()].filter((w) => need[w] !== 0);
    for (let c = 0; c < tiers.length; c++) {
      if (tiers[c] !== 0) continue;
      const at = c * PAIR_WORDS;
      if (words.every((w) => (this.pairs[at + w]! & need[w]!) === need[w]) && this.texts[c]!.includes(raw))
        tiers[c] = 1;
    }
  }

  /** Whether each certification of the list answers `query`, as `searchTier(...) > 0` (the list's `q`). */
  matcher(query: string): (c: T) => boolean {
    const { tiers } = this.tiers(query);
    return (c) => tiers[this.position.get(c) ?? -1]! > 0;
  }

  /** The first `limit` certifications of `rankSearch(certs, query)`, in its order. */
  rank(query: string, limit = Infinity): T[] {
    const { tiers, tokens } = this.tiers(query);
    const covered = new Int8Array(this.words.list.length).fill(-1);
    const met = (w: number) => {
      if (covered[w] === -1) covered[w] = coversWord(this.words.list[w]!, tokens) ? 1 : 0;
      return covered[w]!;
    };
    const cover = (c: number) => {
      let best = -Infinity;
      for (const ws of this.names[c]!) {
        let n = 0;
        for (const w of ws) n += met(w);
        best = Math.max(best, n / (ws.length || 1));
      }
      return best;
    };
    // Equals keep the list's order, as the stable sort of `rankSearch` does.
    const order = (a: RankedHit<T> & { at: number }, b: RankedHit<T> & { at: number }) =>
      compareHits(a, b) || a.at - b.at;
    const top: (RankedHit<T> & { at: number })[] = [];
    for (let at = 0; at < tiers.length; at++) {
      // Below the last kept by its tier alone: no need to measure its cover.
      if (tiers[at] === 0 || (top.length >= limit && tiers[at]! < top[top.length - 1]!.tier)) continue;
      const hit = { c: this.certs[at]!, tier: tiers[at]!, cover: cover(at), at };
      if (top.length >= limit && order(hit, top[top.length - 1]!) >= 0) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order(top[mid]!, hit) < 0) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, hit);
      if (top.length > limit) top.pop();
    }
    return top.map((h) => h.c);
  }
}
