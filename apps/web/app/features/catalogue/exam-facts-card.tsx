import { formatDay } from '@certitude/shared';
import type { Certification } from '@certitude/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DOMAIN_NAMES, humanize, LEVEL_LABELS, NOT_KNOWN } from './fact-labels';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 fw-semibold">{term}</dt>
      <dd className="col-sm-8">{children ?? <span className="text-body-secondary">{NOT_KNOWN}</span>}</dd>
    </>
  );
}

const orNull = <T,>(v: T | null, show: (v: T) => ReactNode) => (v === null ? null : show(v));

function validity(cert: Certification): ReactNode {
  if (cert.validityMonths !== null) {
    const years =
      cert.validityMonths % 12 === 0 ? `${cert.validityMonths / 12} years` : `${cert.validityMonths} months`;
    return cert.renewal ? `${years}. ${cert.renewal}` : years;
  }
  if (cert.renewal) return cert.renewal;
  // Only a checked record may say it never expires: an empty one says nothing.
  return cert.factsVerifiedAt ? 'Does not expire' : null;
}

/** The Exam facts card of the certification page (docs/product.md#certification-facts). */
export function ExamFactsCard({ cert }: { cert: Certification }) {
  const { exam } = cert;
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="facts-title">
      <div className="card-body">
        <h2 id="facts-title" className="h5 mb-3">
          Exam facts
        </h2>
        <dl className="row mb-0" data-testid="exam-facts">
          <Fact term="Level">{orNull(cert.level, (l) => LEVEL_LABELS[l])}</Fact>
          <Fact term="Domains">
            {cert.domains.length
              ? cert.domains.map((d, i) => (
                  <span key={d}>
                    {i > 0 && ', '}
                    <Link to={`/?domain=${d}`}>{DOMAIN_NAMES[d] ?? d}</Link>
                  </span>
                ))
              : null}
          </Fact>
          <Fact term="Exam cost">{orNull(exam.costUsd, (c) => `US$${c}`)}</Fact>
          <Fact term="Length">{orNull(exam.durationMinutes, (m) => `${m} minutes`)}</Fact>
          <Fact term="Questions">{orNull(exam.questionCount, (q) => String(q))}</Fact>
          <Fact term="Passing score">{exam.passingScore}</Fact>
          <Fact term="Formats">{exam.formats.length ? exam.formats.map(humanize).join(', ') : null}</Fact>
          <Fact term="Delivery">{exam.delivery.length ? exam.delivery.map(humanize).join(', ') : null}</Fact>
          <Fact term="Validity and renewal">{validity(cert)}</Fact>
          <Fact term="Prerequisites">
            {cert.prerequisites.length || cert.prerequisiteNotes ? (
              <>
                {cert.prerequisites.length > 0 && (
                  <ul className="list-unstyled mb-1">
                    {cert.prerequisites.map((p) => (
                      <li key={p.certification.id}>
                        <Link to={`/certification/${p.certification.slug}`}>{p.certification.name}</Link>{' '}
                        <span className="badge text-bg-light border">
                          {p.kind === 'REQUIRED' ? 'Required' : 'Recommended'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {cert.prerequisiteNotes}
              </>
            ) : cert.factsVerifiedAt ? (
              'None'
            ) : null}
          </Fact>
          {cert.previousCodes.length > 0 && <Fact term="Previous exam codes">{cert.previousCodes.join(', ')}</Fact>}
        </dl>
        <p className="small text-body-secondary mt-3 mb-0">
          {cert.factsVerifiedAt && cert.factsSource ? (
            <>
              Checked on {formatDay(cert.factsVerifiedAt)} against{' '}
              <a href={cert.factsSource} target="_blank" rel="noopener noreferrer">
                the official page
              </a>
              .{' '}
            </>
          ) : (
            'These facts have not been checked against the official page yet. '
          )}
          <Link to={`/certification/${cert.slug}/history`}>History of changes</Link>
        </p>
      </div>
    </section>
  );
}

/** The banner of a retiring or retired certification, with its date and successor. */
export function LifecycleBanner({ cert }: { cert: Certification }) {
  if (cert.lifecycle === 'ACTIVE') return null;
  const retired = cert.lifecycle === 'RETIRED';
  const when = cert.retiresOn ? formatDay(cert.retiresOn) : null;
  return (
    <div
      className={`alert ${retired ? 'alert-secondary' : 'alert-warning'}`}
      role="status"
      data-testid="lifecycle-banner"
    >
      <strong>{retired ? 'Retired.' : 'Retiring.'}</strong>{' '}
      {retired
        ? `This certification was retired${when ? ` on ${when}` : ''}.`
        : `This certification is retiring${when ? ` on ${when}` : ''}.`}
      {cert.supersededBy && (
        <>
          {' '}
          Its successor is <Link to={`/certification/${cert.supersededBy.slug}`}>{cert.supersededBy.name}</Link>.
        </>
      )}
    </div>
  );
}
