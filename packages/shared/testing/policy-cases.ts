/*
 * The table of authorization cases that the server and the web must both agree with (docs/architecture.md#authorization):
 * each case is a viewer, a certification and what `can` says. The server's test checks its answers against it,
 * the web's test checks what the certification page shows.
 */
import { can, type Action, type CertificationSubject, type PolicyViewer } from '../src/policy.js';

export type Who = 'visitor' | 'submitter' | 'member' | 'moderator' | 'admin';
export const WHO: Who[] = ['visitor', 'submitter', 'member', 'moderator', 'admin'];
export const STATUSES: CertificationSubject['status'][] = ['PENDING', 'APPROVED', 'REJECTED'];
export const CERTIFICATION_ACTIONS = [
  'certification:view',
  'certification:edit',
  'certification:suggest',
  'certification:change-directly',
  'certification:take-part',
] as const satisfies Action[];

export const SUBMITTER = 'policy_submitter';

export function viewerFor(who: Who): PolicyViewer | null {
  switch (who) {
    case 'visitor':
      return null;
    case 'submitter':
      return { username: SUBMITTER, role: 'USER' };
    case 'member':
      return { username: 'policy_member', role: 'USER' };
    case 'moderator':
      return { username: 'policy_moderator', role: 'MODERATOR' };
    case 'admin':
      return { username: 'policy_admin', role: 'ADMIN' };
  }
}

export interface PolicyCase {
  who: Who;
  status: CertificationSubject['status'];
  action: (typeof CERTIFICATION_ACTIONS)[number];
  allowed: boolean;
}

/** Every viewer x status x certification action, with the policy's answer. */
export const POLICY_CASES: PolicyCase[] = WHO.flatMap((who) =>
  STATUSES.flatMap((status) =>
    CERTIFICATION_ACTIONS.map((action) => ({
      who,
      status,
      action,
      allowed: can(viewerFor(who), action, { status, submittedBy: SUBMITTER }),
    })),
  ),
);
