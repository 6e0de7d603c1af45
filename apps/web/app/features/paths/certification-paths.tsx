import { NEXT_STEPS_TEXT, type Certification, type NextStep } from '@certitude/shared';
import { Link } from 'react-router';
import { DOMAIN_NAMES } from '../../lib/fact-labels';

function reasonText(step: NextStep): string {
  if (step.reason === 'SUCCESSOR') return NEXT_STEPS_TEXT.successor;
  if (step.reason === 'PREREQUISITE_OF') return NEXT_STEPS_TEXT.prerequisiteOf;
  return NEXT_STEPS_TEXT.commonNext(step.members ?? 0);
}

/**
 * The paths of the certification page (docs/product.md#certification-page): "What to take next" (with why), "Builds
 * on" (its prerequisites with their kind) and a link to the map of each of its domains. An empty list is left out,
 * and so is the whole card when there is nothing to show.
 */
export function CertificationPaths({ cert, nextSteps }: { cert: Certification; nextSteps: NextStep[] }) {
  const buildsOn = cert.prerequisites;
  if (nextSteps.length === 0 && buildsOn.length === 0 && cert.domains.length === 0) return null;
  return (
    <section
      className="card shadow-sm mt-4"
      aria-labelledby={nextSteps.length ? 'next-steps-title' : buildsOn.length ? 'builds-on-title' : undefined}
      data-testid="certification-paths"
    >
      <div className="card-body">
        {nextSteps.length > 0 && (
          <>
            <h2 id="next-steps-title" className="h5 mb-2">
              {NEXT_STEPS_TEXT.title}
            </h2>
            <ul className="mb-3" aria-labelledby="next-steps-title" data-testid="next-steps">
              {nextSteps.map((s) => (
                <li key={`${s.certification.id}-${s.reason}`}>
                  <Link to={`/certification/${s.certification.slug}`}>{s.certification.name}</Link>{' '}
                  <span className="text-body-secondary">({reasonText(s)})</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {buildsOn.length > 0 && (
          <>
            <h2 id="builds-on-title" className="h5 mb-2">
              {NEXT_STEPS_TEXT.buildsOn}
            </h2>
            <ul className="mb-3" aria-labelledby="builds-on-title" data-testid="builds-on">
              {buildsOn.map((p) => (
                <li key={p.certification.id}>
                  <Link to={`/certification/${p.certification.slug}`}>{p.certification.name}</Link>{' '}
                  <span className="text-body-secondary">
                    ({p.kind === 'REQUIRED' ? NEXT_STEPS_TEXT.required : NEXT_STEPS_TEXT.recommended})
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        {cert.domains.length > 0 && (
          <ul className="list-inline mb-0" data-testid="domain-paths">
            {cert.domains.map((d) => (
              <li key={d} className="list-inline-item me-3">
                <Link to={`/paths/${d}`}>
                  {NEXT_STEPS_TEXT.seePath(DOMAIN_NAMES[d] ?? d)} <span aria-hidden="true">→</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
