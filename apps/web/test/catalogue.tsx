import type { Certification, Revision, User } from '@certitude/shared';
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { clearAuth, storeTokens, storeUser } from '../app/lib/auth-store';
import { clearNotices } from '../app/components/notices';
import { makeUser } from './msw';

export function makeCert(i: number, over: Partial<Certification> = {}): Certification {
  return {
    id: i,
    slug: `cert-${i}`,
    name: `Certification ${i}`,
    certCode: `C-${i}`,
    vendor: 'Vendor',
    description: `Description of certification ${i}.`,
    url: `https://example.com/${i}`,
    submittedById: 'certitude',
    upvoteCount: 0,
    downvoteCount: 0,
    status: 'APPROVED',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...noFacts,
    ...over,
  };
}

/** A suggested edit as the API answers it (revisionSchema), pending and changing nothing unless `over` says so. */
export function makeRevision(id: number, over: Partial<Revision> = {}): Revision {
  return {
    id,
    certification: { id: 3, slug: 'cert-3', name: 'Certification 3' },
    author: 'alice',
    summary: `Suggested edit ${id}`,
    changes: [],
    status: 'PENDING',
    reason: null,
    revertOf: null,
    source: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}

/** The facts and community figures of a certification nobody has filled in or rated yet. */
export const noFacts = {
  level: null,
  domains: [],
  exam: {
    costUsd: null,
    durationMinutes: null,
    questionCount: null,
    questionCountMax: null,
    passingScore: null,
    formats: [],
    delivery: [],
  },
  validityMonths: null,
  renewal: null,
  prerequisites: [],
  prerequisiteNotes: null,
  lifecycle: 'ACTIVE',
  retiresOn: null,
  supersededBy: null,
  previousCodes: [],
  factsVerifiedAt: null,
  factsSource: null,
  sources: [],
  aliases: [],
  badgeClasses: [],
  revision: 0,
  ratingCount: 0,
  difficulty: null,
  value: null,
  recognition: null,
  commentCount: 0,
  score: 0,
} satisfies Partial<Certification>;

export const member: User = makeUser({ username: 'alice', createdAt: '2024-01-01T00:00:00.000Z' });

export function signIn(user: User = member) {
  storeTokens('access-token', 'refresh-token');
  storeUser(user);
}

export function resetCatalogueTestState() {
  cleanup();
  clearAuth();
  clearNotices();
  vi.unstubAllGlobals();
}
