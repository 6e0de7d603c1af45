import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterForm, knownNote, type FilterCounts } from './filter-form';

const counts: FilterCounts = { levels: { ASSOCIATE: 5 }, domains: {}, costKnown: 2, levelKnown: 240, total: 243 };

describe('a filter on a fact', () => {
  it('says how many certifications have the fact known and that the others are left out', () => {
    expect(knownNote({ sort: 'best', includeRetired: false }, counts)).toBeNull();
    expect(knownNote({ sort: 'best', includeRetired: false, maxCostUsd: 300 }, counts)).toBe(
      'Exam cost known for 2 of 243 certifications; the 241 others are left out by this filter.',
    );
    expect(knownNote({ sort: 'best', includeRetired: false, level: 'ASSOCIATE' }, counts)).toBe(
      'Level known for 240 of 243 certifications; the 3 others are left out by this filter.',
    );
    expect(knownNote({ sort: 'best', includeRetired: false, level: 'ASSOCIATE' }, { ...counts, levelKnown: 243 })).toBe(
      'Level known for 243 of 243 certifications.',
    );
  });

  it('shows the note in the form only while such a filter is applied', () => {
    const html = (maxCostUsd?: number) =>
      renderToStaticMarkup(<FilterForm choice={{ sort: 'best', includeRetired: false, maxCostUsd }} counts={counts} />);
    expect(html()).not.toContain('known-note');
    expect(html(300)).toContain('Exam cost known for 2 of 243 certifications');
  });
});
