import { MARKETING_CERTIFICATIONS, MARKETING_VENDORS, PRODUCT_NAME, type Stats } from '@certitude/shared';
import { formatStat } from './format-stat';

/** The figures the row shows: live counts, or the product's claims when the counts could not be read (docs/product.md#about-page). */
function statFigures(stats: Stats | null): { label: string; value: string }[] {
  if (!stats) {
    return [
      { label: 'Certifications', value: MARKETING_CERTIFICATIONS },
      { label: 'Technology Vendors', value: MARKETING_VENDORS },
      { label: 'Learning Resources', value: 'Growing' },
      { label: 'Community Members', value: 'Growing' },
    ];
  }
  return [
    // Counted as the home page lists them: retired ones left out (docs/product.md#about-page).
    { label: 'Active Certifications', value: formatStat(stats.certifications) },
    { label: 'Technology Vendors', value: formatStat(stats.vendors) },
    { label: 'Learning Resources', value: formatStat(stats.resources) },
    { label: 'Community Members', value: formatStat(stats.members) },
  ];
}

/** The statistics row of the About page. */
export function AboutStats({ stats }: { stats: Stats | null }) {
  return (
    <section aria-labelledby="about-stats-title" className="my-5">
      <h2 id="about-stats-title" className="visually-hidden">
        {PRODUCT_NAME} in numbers
      </h2>
      <ul className="row g-3 list-unstyled mb-0 text-center" aria-label={`${PRODUCT_NAME} in numbers`}>
        {statFigures(stats).map((f) => (
          <li key={f.label} className="col-6 col-lg-3">
            <div className="card h-100 border-0 bg-body-tertiary py-3 px-2">
              <span className="about-stat-value display-6 fw-bold">{f.value}</span>
              <span className="text-body-secondary">{f.label}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
