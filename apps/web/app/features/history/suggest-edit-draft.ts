import type { Certification, RevisionChanges } from '@certitude/shared';
import type { LinkedCertification, Prerequisite } from './linked-certification-fields';

// Suggest an edit's values (suggest-edit-form.tsx), and what they change of the certification as it stands.

/** The form's values: text inputs hold strings; lists are comma-separated or checked boxes. */
export interface Draft {
  summary: string;
  name: string;
  certCode: string;
  vendor: string;
  description: string;
  url: string;
  level: string;
  domains: string[];
  costUsd: string;
  durationMinutes: string;
  questionCount: string;
  passingScore: string;
  formats: string[];
  delivery: string[];
  validityMonths: string;
  renewal: string;
  prerequisites: Prerequisite[];
  prerequisiteNotes: string;
  lifecycle: string;
  retiresOn: string;
  supersededBy: LinkedCertification | null;
  previousCodes: string;
  factsVerifiedAt: string;
  factsSource: string;
}

const text = (v: string | null) => v ?? '';
const num = (v: number | null) => (v === null ? '' : String(v));

export function draftOf(c: Certification): Draft {
  return {
    summary: '',
    name: c.name,
    certCode: c.certCode,
    vendor: c.vendor,
    description: c.description,
    url: c.url,
    level: text(c.level),
    domains: [...c.domains],
    costUsd: num(c.exam.costUsd),
    durationMinutes: num(c.exam.durationMinutes),
    questionCount: num(c.exam.questionCount),
    passingScore: text(c.exam.passingScore),
    formats: [...c.exam.formats],
    delivery: [...c.exam.delivery],
    validityMonths: num(c.validityMonths),
    renewal: text(c.renewal),
    prerequisites: c.prerequisites.map((p) => ({
      slug: p.certification.slug,
      name: p.certification.name,
      kind: p.kind,
    })),
    prerequisiteNotes: text(c.prerequisiteNotes),
    lifecycle: c.lifecycle,
    retiresOn: text(c.retiresOn),
    supersededBy: c.supersededBy ? { slug: c.supersededBy.slug, name: c.supersededBy.name } : null,
    previousCodes: c.previousCodes.join(', '),
    factsVerifiedAt: text(c.factsVerifiedAt),
    factsSource: text(c.factsSource),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only what differs from the certification as it stands, in the form the API takes. */
export function changesOf(c: Certification, d: Draft): RevisionChanges {
  const changes: Record<string, unknown> = {};
  const start = draftOf(c);
  for (const key of ['name', 'certCode', 'vendor', 'description', 'url'] as const) {
    if (d[key].trim() !== start[key].trim()) changes[key] = d[key].trim();
  }
  for (const key of ['renewal', 'prerequisiteNotes', 'retiresOn', 'factsVerifiedAt', 'factsSource'] as const) {
    if (d[key].trim() !== start[key].trim()) changes[key] = orNull(d[key]);
  }
  if (d.level !== start.level) changes.level = orNull(d.level);
  if (d.lifecycle !== start.lifecycle) changes.lifecycle = d.lifecycle;
  if (!sameSet(d.domains, start.domains)) changes.domains = d.domains;
  if (d.validityMonths.trim() !== start.validityMonths) changes.validityMonths = numOrNull(d.validityMonths);
  if (d.supersededBy?.slug !== start.supersededBy?.slug) changes.supersededBy = d.supersededBy?.slug ?? null;
  const codes = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (codes(d.previousCodes).join(',') !== codes(start.previousCodes).join(','))
    changes.previousCodes = codes(d.previousCodes);
  const links = (list: Prerequisite[]) => list.map((p) => ({ certification: p.slug, kind: p.kind }));
  if (JSON.stringify(links(d.prerequisites)) !== JSON.stringify(links(start.prerequisites))) {
    changes.prerequisites = links(d.prerequisites);
  }
  const examKeys = ['costUsd', 'durationMinutes', 'questionCount', 'passingScore'] as const;
  const examChanged =
    examKeys.some((k) => d[k].trim() !== start[k]) ||
    !sameSet(d.formats, start.formats) ||
    !sameSet(d.delivery, start.delivery);
  if (examChanged) {
    changes.exam = {
      costUsd: numOrNull(d.costUsd),
      durationMinutes: numOrNull(d.durationMinutes),
      questionCount: numOrNull(d.questionCount),
      // The form has no field for the high end of a range: it is kept as it is.
      questionCountMax: c.exam.questionCountMax,
      passingScore: orNull(d.passingScore),
      formats: d.formats,
      delivery: d.delivery,
    };
  }
  return changes as RevisionChanges;
}

/** The server names each bad field first ("exam.costUsd: …"): its message goes next to that field. */
export function errorsByField(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split('; ')) {
    const m = /^([a-zA-Z]+)(?:\.[\w.]+)?: (.*)$/.exec(part);
    if (m) out[m[1]!] ??= m[2]!;
    else out._ ??= part;
  }
  return out;
}
