/*
 * The server answers as the shared policy says (packages/shared/src/policy.ts), for every case of the table the
 * web's tests also check (packages/shared/testing/policy-cases.ts): each action of the policy, by each viewer, on a
 * subject in each state that matters, made through the HTTP call that performs it.
 */
import {
  caseName,
  POLICY_CASES,
  targetOf,
  viewerFor,
  type CaseOf,
  type CertificationAction,
  type CommentAction,
  type PolicyCase,
  type Who,
} from '@certitude/shared/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, moderationLog } from '../../src/db/schema/index.js';
import { buildTestApp, type TestApp } from '../app.js';
import { bearer, buildCertification, buildUser } from '../factories.js';

let t: TestApp;
type Account = Awaited<ReturnType<typeof buildUser>>;
const accounts: Partial<Record<Who, Account>> = {};
const headers: Partial<Record<Who, Record<string, string>>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ['owner', 'member', 'moderator', 'admin'] as const) {
    accounts[who] = await buildUser(t.db.db, { ...viewerFor(who)! });
    headers[who] = await bearer(t.app, accounts[who]);
  }
});
afterAll(() => t.close());

interface Answer {
  allowed: boolean;
  /** The status of a refusal, checked against what docs/api.md says. */
  status: number;
}

const call = (c: PolicyCase, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers[c.who] ?? {}, ...(payload ? { payload } : {}) });

async function certificationAnswer(c: CaseOf<CertificationAction>): Promise<Answer> {
  const cert = await buildCertification(t.db.db, { status: c.status, submittedById: accounts.owner!.id });
  switch (c.action) {
    case 'certification:view': {
      const res = await call(c, 'GET', `/api/certification/${cert.id}`);
      return { allowed: res.statusCode === 200, status: res.statusCode };
    }
    case 'certification:edit': {
      const body = { name: `${cert.name} edited`, certCode: cert.certCode, vendor: cert.vendor };
      const res = await call(c, 'PUT', `/api/certification/${cert.id}`, body);
      return { allowed: res.statusCode === 200, status: res.statusCode };
    }
    case 'certification:suggest':
    case 'certification:change-directly': {
      const res = await call(c, 'POST', `/api/certification/${cert.id}/revisions`, {
        changes: { renewal: 'Renewed by policy.' },
        summary: 'Policy case',
      });
      const applied = res.statusCode === 201 && res.json().status === 'APPLIED';
      return {
        allowed: c.action === 'certification:suggest' ? res.statusCode === 201 : applied,
        status: res.statusCode,
      };
    }
    case 'certification:take-part': {
      const res = await call(c, 'POST', `/api/vote/certification/${cert.id}/upvote`);
      return { allowed: res.statusCode === 200, status: res.statusCode };
    }
  }
}

/** A comment of the owner's in the case's state, then the edit, the deletion, or the deletion on the record. */
async function commentAnswer(c: CaseOf<CommentAction>): Promise<Answer> {
  const cert = await buildCertification(t.db.db);
  const now = new Date();
  const [comment] = await t.db.db
    .insert(comments)
    .values({
      certificationId: cert.id,
      userId: accounts.owner!.id,
      content: 'A comment of the owner’s.',
      deletedAt: c.comment === 'deleted' ? now : null,
      removedAt: c.comment === 'removed' ? now : null,
      hiddenAt: c.comment === 'hidden' ? now : null,
    })
    .returning();
  if (c.action === 'comment:edit') {
    const res = await call(c, 'PUT', `/api/comments/${comment!.id}`, { content: 'Changed by the policy case.' });
    return { allowed: res.statusCode === 200, status: res.statusCode };
  }
  const res = await call(c, 'DELETE', `/api/comments/${comment!.id}?reason=Policy%20case`);
  if (c.action === 'comment:delete') return { allowed: res.statusCode === 204, status: res.statusCode };
  // A removal is a deletion on the record of the moderation log; the author's own deletion is not one.
  const logged = await t.db.db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.action, 'REMOVE_COMMENT'), eq(moderationLog.itemId, comment!.id)));
  return { allowed: res.statusCode === 204 && logged.length === 1, status: res.statusCode };
}

/** Working the review queue, reading the moderation log and the flags; finding members. */
const STAFF_CALLS = {
  moderate: ['/api/admin/pending-counts', '/api/admin/pending', '/api/admin/audit-log', '/api/admin/flags'],
  administer: ['/api/admin/users?q=policy'],
};

async function staffAnswer(c: CaseOf<'moderate' | 'administer'>): Promise<Answer> {
  const statuses = await Promise.all(STAFF_CALLS[c.action].map(async (url) => (await call(c, 'GET', url)).statusCode));
  expect(new Set(statuses).size).toBe(1);
  return { allowed: statuses[0] === 200, status: statuses[0]! };
}

/** Suspending the target, then lifting it: lifting follows the rule of suspending (docs/api.md). */
async function suspendAnswer(c: CaseOf<'user:suspend'>): Promise<Answer> {
  const target = c.target === 'self' ? accounts[c.who]! : await buildUser(t.db.db, { role: targetOf(c).role });
  const url = `/api/admin/users/${target.id}/suspend`;
  const suspended = await call(c, 'POST', url, { reason: 'Policy case', days: 1 });
  const lifted = await call(c, 'DELETE', url);
  expect(lifted.statusCode).toBe(suspended.statusCode);
  return { allowed: suspended.statusCode === 200, status: suspended.statusCode };
}

function answer(c: PolicyCase): Promise<Answer> {
  if ('status' in c) return certificationAnswer(c);
  if ('comment' in c) return commentAnswer(c);
  if ('target' in c) return suspendAnswer(c);
  return staffAnswer(c);
}

/**
 * The status of a refusal (docs/api.md): 401 to a visitor, 404 for a comment gone or hidden pending review, 204 for
 * the author deleting their own (a deletion, not a removal), 403 otherwise. A certification's refusals differ by
 * call (404 for what the viewer may not see, 201 for a change that waits for review): the boolean is their check.
 */
function refusal(c: PolicyCase): number | undefined {
  if ('status' in c) return undefined;
  if (c.who === 'visitor') return 401;
  if ('comment' in c && c.comment !== 'standing') return 404;
  if (c.action === 'comment:remove' && c.who === 'owner') return 204;
  return 403;
}

describe('the server agrees with the shared policy', () => {
  it.each(POLICY_CASES.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const { allowed, status } = await answer(c);
    expect(allowed).toBe(c.allowed);
    if (!c.allowed && refusal(c) !== undefined) expect(status).toBe(refusal(c));
  });
});
