import { MARKETING_CERTIFICATIONS, MARKETING_VENDORS, SITE_TEXT, TEXT, type Stats } from '@certitude/shared';
import { formatStat } from './format-stat';

/** The figures the row shows: live counts, or the product's claims when the counts could not be read (docs/product.md#about-page). */
function statFigures(stats: Stats | null): { label: string; value: string }[] {
  if (!stats) {
    return [
      { label: SITE_TEXT.statCertifications, value: MARKETING_CERTIFICATIONS },
      { label: SITE_TEXT.statVendors, value: MARKETING_VENDORS },
      { label: TEXT.learningResources, value: SITE_TEXT.statGrowing },
      { label: SITE_TEXT.statMembers, value: SITE_TEXT.statGrowing },
    ];
  }
  return [
    // Counted as the home page lists them: retired ones left out (docs/product.md#about-page).
    { label: SITE_TEXT.statActiveCertifications, value: formatStat(stats.certifications) },
    { label: SITE_TEXT.statVendors, value: formatStat(stats.vendors) },
    { label: TEXT.learningResources, value: formatStat(stats.resources) },
    { label: SITE_TEXT.statMembers, value: formatStat(stats.members) },
  ];
}

/** The statistics row of the About page. */
export function AboutStats({ stats }: { stats: Stats | null }) {
  return (
    <section aria-labelledby="about-stats-title" className="my-5">
      <h2 id="about-stats-title" className="visually-hidden">
        {SITE_TEXT.inNumbers}
      </h2>
      <ul className="row g-3 list-unstyled mb-0 text-center" aria-label={SITE_TEXT.inNumbers}>
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
