import { scoreOf, type Certification } from '@certitude/shared';
import { Link } from 'react-router';
import { VendorBadge } from './vendor-badge';

/** A card of the home grid (spec §2): name, vendor badge, code, score, View & Discuss and Official Page. */
export function CertificationCard({ cert }: { cert: Certification }) {
  const score = scoreOf(cert);
  const tone = score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
  return (
    <article className="card h-100 shadow-sm certification-card">
      <div className="card-body d-flex gap-3">
        <div className={`score score-${tone}`} aria-label={`Score ${score}`}>
          {score}
        </div>
        <div className="flex-grow-1 min-w-0">
          <h2 className="h5 card-title mb-1">{cert.name}</h2>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <VendorBadge vendor={cert.vendor} />
            <code className="cert-code">{cert.certCode}</code>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Link to={`/certification/${cert.slug}`} className="btn btn-sm btn-primary">
              View &amp; Discuss
            </Link>
            {cert.url && (
              <a href={cert.url} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline-secondary">
                Official Page
              </a>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
