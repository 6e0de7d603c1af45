import { CERT_LEVELS, DOMAINS, LISTING_TEXT, type CertificationSort } from '@certitude/shared';
import type { ReactNode } from 'react';
import { LEVEL_LABELS } from '../../lib/fact-labels';
import { CATALOGUE_TEXT } from './catalogue-text';

const NOT_RATED_YET = LISTING_TEXT.notRatedYet;

/** The orders of the home page's sort control, as the control names them. */
const SORT_LABELS: Record<CertificationSort, string> = {
  best: 'Best (community score)',
  top: 'Most up votes',
  new: 'Newest',
  trending: 'Trending',
  hardest: 'Hardest',
  easiest: 'Easiest',
  value: 'Best value',
  rated: 'Most rated',
  name: 'Vendor and name',
};

export interface FilterChoice {
  sort: CertificationSort;
  level?: string;
  domain?: string;
  maxCostUsd?: number;
  includeRetired: boolean;
  /** The search box's text, kept when filters are applied. */
  q?: string;
  /** The vendor chosen, kept when filters are applied. */
  vendor?: string;
}

export interface FilterCounts {
  levels: Record<string, number>;
  domains: Record<string, number>;
  /** Certifications whose exam cost is known, of `total`. */
  costKnown: number;
  /** Certifications whose level is known, of `total`. */
  levelKnown: number;
  total: number;
}

/** How a sort by the community's ratings names what it ranks. */
const RANKED_WHAT: Partial<Record<CertificationSort, string>> = {
  hardest: 'with 3 ratings or more',
  easiest: 'with 3 ratings or more',
  value: 'with 3 ratings or more',
  rated: 'with ratings',
};

/** What a sort by ratings could rank: '12 of 243 certifications ranked (with ratings); the others follow, marked Not rated yet.' */
function rankedNote(sort: CertificationSort, ranked: number, total: number): string {
  const rest = total - ranked;
  return (
    `${SORT_LABELS[sort]} ranks ${ranked} of ${total} certifications (those ${RANKED_WHAT[sort]})` +
    (rest > 0 ? `; the ${rest} others follow, marked ${NOT_RATED_YET}.` : '.')
  );
}

/**
 * What a filter on a fact leaves out: the certifications whose fact is not known yet ('Exam cost known for 2 of 243
 * certifications; the 241 others are left out by this filter.'). Null when no such filter is applied.
 */
export function knownNote(choice: FilterChoice, counts: FilterCounts): string | null {
  const notes: string[] = [];
  const note = (what: string, known: number) =>
    `${what} known for ${known} of ${counts.total} certifications` +
    (known < counts.total ? `; the ${counts.total - known} others are left out by this filter.` : '.');
  if (choice.maxCostUsd !== undefined) notes.push(note('Exam cost', counts.costKnown));
  if (choice.level) notes.push(note('Level', counts.levelKnown));
  return notes.length > 0 ? notes.join(' ') : null;
}

/** One of the form's choices: a labelled select whose id is `filter-` and its name. */
function FilterSelect({
  name,
  label,
  value,
  width,
  children,
}: {
  name: string;
  label: string;
  value: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <div className={`col-6 ${width}`}>
      <label htmlFor={`filter-${name}`} className="form-label small mb-1">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} className="form-select form-select-sm" defaultValue={value}>
        {children}
      </select>
    </div>
  );
}

/**
 * The home page's filters and sort (docs/product.md#home-listing): a plain GET form, rendered to HTML on the
 * server only, so it works without JavaScript, puts every choice in the address, and adds nothing to the
 * page's scripts. Each option shows how many certifications it holds.
 */
export function FilterForm({
  choice,
  counts,
  ranked,
}: {
  choice: FilterChoice;
  counts: FilterCounts;
  /** Set for the sorts by ratings: how many of the list they rank. */
  ranked?: { ranked: number; total: number };
}) {
  const filtered = choice.level || choice.domain || choice.maxCostUsd !== undefined || choice.includeRetired;
  const known = knownNote(choice, counts);
  return (
    <form
      method="get"
      action="/"
      className="catalogue-filters row g-2 align-items-end mb-3"
      aria-label={CATALOGUE_TEXT.filters}
    >
      {choice.q && <input type="hidden" name="q" value={choice.q} />}
      {choice.vendor && <input type="hidden" name="vendor" value={choice.vendor} />}
      <FilterSelect name="sort" label={CATALOGUE_TEXT.sortBy} value={choice.sort} width="col-md-3">
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect name="level" label={CATALOGUE_TEXT.level} value={choice.level ?? ''} width="col-md-2">
        <option value="">{CATALOGUE_TEXT.anyLevel}</option>
        {CERT_LEVELS.map((l) => (
          <option key={l} value={l}>
            {LEVEL_LABELS[l]} ({counts.levels[l] ?? 0})
          </option>
        ))}
      </FilterSelect>
      <FilterSelect name="domain" label={CATALOGUE_TEXT.domain} value={choice.domain ?? ''} width="col-md-3">
        <option value="">{CATALOGUE_TEXT.anyDomain}</option>
        {DOMAINS.map((d) => (
          <option key={d.slug} value={d.slug}>
            {d.name} ({counts.domains[d.slug] ?? 0})
          </option>
        ))}
      </FilterSelect>
      <div className="col-6 col-md-2">
        <label htmlFor="filter-cost" className="form-label small mb-1">
          {CATALOGUE_TEXT.maxCost}
        </label>
        <input
          id="filter-cost"
          name="maxCostUsd"
          type="number"
          min={0}
          step={1}
          className="form-control form-control-sm"
          defaultValue={choice.maxCostUsd ?? ''}
          aria-describedby="filter-cost-known"
        />
        <span id="filter-cost-known" className="form-text small d-none d-sm-block">
          {CATALOGUE_TEXT.costKnown(counts.costKnown, counts.total)}
        </span>
      </div>
      <div className="col-12 col-md-2 d-flex flex-wrap gap-2 align-items-center">
        <div className="form-check mb-0">
          <input
            id="filter-retired"
            className="form-check-input"
            type="checkbox"
            name="lifecycle"
            value="ACTIVE,RETIRING,RETIRED"
            defaultChecked={choice.includeRetired}
          />
          <label htmlFor="filter-retired" className="form-check-label small">
            {CATALOGUE_TEXT.includeRetired}
          </label>
        </div>
        <button type="submit" className="btn btn-sm btn-outline-primary">
          {CATALOGUE_TEXT.apply}
        </button>
        {filtered && (
          <a href={choice.q ? `/?q=${encodeURIComponent(choice.q)}` : '/'} className="small">
            {CATALOGUE_TEXT.clearFilters}
          </a>
        )}
      </div>
      {known && (
        <p className="col-12 small text-body-secondary mb-0" data-testid="known-note">
          {known}
        </p>
      )}
      {ranked && (
        <p className="col-12 small text-body-secondary mb-0" data-testid="ranked-note">
          {rankedNote(choice.sort, ranked.ranked, ranked.total)}
        </p>
      )}
    </form>
  );
}
