import { formatDay } from '@certitude/shared';
import type { Revision } from '@certitude/shared';
import { Link } from 'react-router';
import { DOMAIN_NAMES, humanize, LEVEL_LABELS } from '../lib/fact-labels';
import { FIELD_LABELS, SUGGEST_EDIT_TEXT } from '../lib/suggest-edit-text';
import { wordDiff } from '../lib/word-diff';
import './change-view.css';

type Change = Revision['changes'][number];
type Ref = { id: number; slug: string; name: string };

/** The field names as the page says them. */
const LABELS: Record<string, string> = FIELD_LABELS;

/** Fields shown as a word-level diff. */
const TEXT_FIELDS = new Set(['name', 'description', 'renewal', 'prerequisiteNotes']);

const EXAM_LABELS: Record<string, string> = {
  costUsd: 'cost (US$)',
  durationMinutes: 'length (minutes)',
  questionCount: 'questions',
  passingScore: 'passing score',
  formats: 'formats',
  delivery: 'delivery',
};

function plain(field: string, value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0))
    return SUGGEST_EDIT_TEXT.none;
  switch (field) {
    case 'level':
      return LEVEL_LABELS[value as keyof typeof LEVEL_LABELS] ?? String(value);
    case 'domains':
      return (value as string[]).map((d) => DOMAIN_NAMES[d] ?? d).join(', ');
    case 'lifecycle':
      return humanize(String(value));
    case 'retiresOn':
    case 'factsVerifiedAt':
      return formatDay(String(value));
    case 'previousCodes':
      return (value as string[]).join(', ');
    default:
      return String(value);
  }
}

function CertLink({ cert }: { cert: Ref }) {
  return cert.slug ? <Link to={`/certification/${cert.slug}`}>{cert.name}</Link> : <>{cert.name}</>;
}

function Values({ field, value }: { field: string; value: unknown }) {
  if (field === 'supersededBy') return value ? <CertLink cert={value as Ref} /> : <>{SUGGEST_EDIT_TEXT.none}</>;
  if (field === 'prerequisites') {
    const list = value as { certification: Ref; kind: string }[];
    if (!list.length) return <>{SUGGEST_EDIT_TEXT.none}</>;
    return (
      <>
        {list.map((p, i) => (
          <span key={p.certification.id}>
            {i > 0 && ', '}
            <CertLink cert={p.certification} /> ({p.kind.toLowerCase()})
          </span>
        ))}
      </>
    );
  }
  return <>{plain(field, value)}</>;
}

/** One changed field: a word diff for text, each changed part of the exam, or the value before and after. */
export function ChangeView({ change }: { change: Change }) {
  const label = LABELS[change.field] ?? change.field;
  if (TEXT_FIELDS.has(change.field)) {
    return (
      <div className="mb-2">
        <div className="fw-semibold small">{label}</div>
        <p className="history-diff mb-0">
          {wordDiff(String(change.before ?? ''), String(change.after ?? '')).map((part, i) =>
            part.kind === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : part.kind === 'del' ? (
              <del key={i}>{part.text}</del>
            ) : (
              <ins key={i}>{part.text}</ins>
            ),
          )}
        </p>
      </div>
    );
  }
  if (change.field === 'exam') {
    const before = (change.before ?? {}) as Record<string, unknown>;
    const after = (change.after ?? {}) as Record<string, unknown>;
    const keys = Object.keys(EXAM_LABELS).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return (
      <div className="mb-2">
        <div className="fw-semibold small">{label}</div>
        <ul className="mb-0 small">
          {keys.map((k) => (
            <li key={k}>
              {EXAM_LABELS[k]}: <del>{plainExam(before[k])}</del> → <ins>{plainExam(after[k])}</ins>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="mb-2">
      <div className="fw-semibold small">{label}</div>
      <div className="small">
        <del>
          <Values field={change.field} value={change.before} />
        </del>{' '}
        →{' '}
        <ins>
          <Values field={change.field} value={change.after} />
        </ins>
      </div>
    </div>
  );
}

function plainExam(v: unknown): string {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return SUGGEST_EDIT_TEXT.none;
  return Array.isArray(v) ? v.map((x) => humanize(String(x))).join(', ') : String(v);
}
