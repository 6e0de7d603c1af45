import {
  formatDay,
  HISTORY_TEXT,
  NEXT_STEPS_TEXT,
  sourceOfFact,
  type Certification,
  type FactName,
} from '@certitude/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DOMAIN_NAMES, humanize, LEVEL_LABELS, NONE_PUBLISHED, NOT_KNOWN } from '../../lib/fact-labels';
import { FACTS_TEXT } from './facts-text';
import { numberSources, SourceList, SourceMark } from './fact-sources';
import { TitledCard } from '../../components/titled-card';

/**
 * One fact; an empty one says "Not known yet", or "None published" when a source checked it and found none (an exam
 * of hands-on tasks has no question count; a vendor that reports pass or fail publishes no passing score).
 */
function Fact({
  term,
  children,
  source,
  checked = false,
}: {
  term: string;
  children: ReactNode;
  source?: ReactNode;
  checked?: boolean;
}) {
  return (
    <>
      <dt className="col-sm-4 fw-semibold">{term}</dt>
      <dd className="col-sm-8">
        {children ?? <span className="text-body-secondary">{checked ? NONE_PUBLISHED : NOT_KNOWN}</span>}
        {source}
      </dd>
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
  return cert.factsVerifiedAt || sourceOfFact(cert.sources, 'validityMonths') ? 'Does not expire' : null;
}

/** Said on the facts card while suggested edits of the viewer's wait for a moderator. */
function WaitingNotice({ slug, waiting }: { slug: string; waiting: number }) {
  return (
    <p className="alert alert-info py-2 small" role="status" data-testid="suggestion-waiting">
      {waiting === 1 ? HISTORY_TEXT.yourSuggestionWaiting : HISTORY_TEXT.yourSuggestionsWaiting(waiting)}{' '}
      <Link to={`/certification/${slug}/history`}>{HISTORY_TEXT.seeHistory}</Link>
    </p>
  );
}

/**
 * The Exam facts card of the certification page (docs/product.md#certification-facts); `waiting` counts the viewer's
 * suggested edits that wait for a moderator.
 */
export function ExamFactsCard({
  cert,
  today = new Date(),
  waiting = 0,
}: {
  cert: Certification;
  today?: Date;
  waiting?: number;
}) {
  const { exam } = cert;
  const sources = numberSources(cert);
  // A fact's source mark, and whether a source checked it (it has a mark).
  const fact = (...facts: FactName[]) => {
    const mark = sources.of(facts);
    return { source: <SourceMark mark={mark} today={today} />, checked: mark !== null };
  };
  return (
    <TitledCard titleId="facts-title" title={FACTS_TEXT.title} titleClassName="h5 mb-3">
      {waiting > 0 && <WaitingNotice slug={cert.slug} waiting={waiting} />}
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
        <Fact term="Exam cost" {...fact('exam.costUsd')}>
          {orNull(exam.costUsd, (c) => `US$${c}`)}
        </Fact>
        <Fact term="Length" {...fact('exam.durationMinutes')}>
          {orNull(exam.durationMinutes, (m) => `${m} minutes`)}
        </Fact>
        <Fact term="Questions" {...fact('exam.questionCount', 'exam.questionCountMax')}>
          {orNull(exam.questionCount, (q) => (exam.questionCountMax ? `${q} to ${exam.questionCountMax}` : String(q)))}
        </Fact>
        <Fact term="Passing score" {...fact('exam.passingScore')}>
          {exam.passingScore}
        </Fact>
        <Fact term="Formats" {...fact('exam.formats')}>
          {exam.formats.length ? exam.formats.map(humanize).join(', ') : null}
        </Fact>
        <Fact term="Delivery" {...fact('exam.delivery')}>
          {exam.delivery.length ? exam.delivery.map(humanize).join(', ') : null}
        </Fact>
        <Fact term="Validity and renewal" {...fact('validityMonths', 'renewal')}>
          {validity(cert)}
        </Fact>
        <Fact term="Prerequisites" {...fact('prerequisites', 'prerequisiteNotes')}>
          {cert.prerequisites.length || cert.prerequisiteNotes ? (
            <>
              {cert.prerequisites.length > 0 && (
                <ul className="list-unstyled mb-1">
                  {cert.prerequisites.map((p) => (
                    <li key={p.certification.id}>
                      <Link to={`/certification/${p.certification.slug}`}>{p.certification.name}</Link>{' '}
                      <span className="badge text-bg-light border">
                        {p.kind === 'REQUIRED' ? NEXT_STEPS_TEXT.required : NEXT_STEPS_TEXT.recommended}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {cert.prerequisiteNotes}
            </>
          ) : cert.factsVerifiedAt || sourceOfFact(cert.sources, 'prerequisites') ? (
            FACTS_TEXT.none
          ) : null}
        </Fact>
        {cert.previousCodes.length > 0 && (
          <Fact term="Previous exam codes" {...fact('previousCodes')}>
            {cert.previousCodes.join(', ')}
          </Fact>
        )}
        {cert.aliases.length > 0 && <Fact term="Also called">{cert.aliases.join(', ')}</Fact>}
      </dl>
      <SourceList sources={sources.order} today={today} />
      <p className="small text-body-secondary mt-3 mb-0">
        {cert.sources.length ? null : cert.factsVerifiedAt && cert.factsSource ? (
          <>
            {FACTS_TEXT.checkedOn(formatDay(cert.factsVerifiedAt))}
            <a href={cert.factsSource} target="_blank" rel="noopener noreferrer">
              {FACTS_TEXT.officialPage}
            </a>
            .{' '}
          </>
        ) : (
          FACTS_TEXT.notChecked
        )}
        <Link to={`/certification/${cert.slug}/history`}>{HISTORY_TEXT.historyOfChanges}</Link>
      </p>
    </TitledCard>
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
      <strong>{retired ? FACTS_TEXT.retired : FACTS_TEXT.retiring}</strong>{' '}
      {retired ? FACTS_TEXT.retiredOn(when) : FACTS_TEXT.retiringOn(when)}
      {cert.supersededBy && (
        <>
          {FACTS_TEXT.successor}
          <Link to={`/certification/${cert.supersededBy.slug}`}>{cert.supersededBy.name}</Link>.
        </>
      )}
    </div>
  );
}
