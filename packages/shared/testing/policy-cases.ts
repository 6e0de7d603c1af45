/*
 * The table of authorization cases that the server and the web must both agree with (docs/architecture.md#authorization):
 * every action of the policy, each case a viewer, a subject in a state that matters and what `can` says. The server's
 * test makes each case's call over HTTP; the web's tests check what each case shows.
 */
import { ACTIONS, can, type Action, type CertificationSubject, type PolicyViewer } from '../src/policy.js';

/** Who asks: `owner` is the certification's submitter, the comment's author. */
export type Who = 'visitor' | 'owner' | 'member' | 'moderator' | 'admin';
export const WHO: Who[] = ['visitor', 'owner', 'member', 'moderator', 'admin'];
/** The viewers of the actions on no one's item: the owner would be a member like another. */
const STAFF_WHO: Who[] = ['visitor', 'member', 'moderator', 'admin'];
export const OWNER = 'policy_owner';

export function viewerFor(who: Who): PolicyViewer | null {
  if (who === 'visitor') return null;
  if (who === 'owner') return { username: OWNER, role: 'USER' };
  return { username: `policy_${who}`, role: who === 'member' ? 'USER' : who === 'moderator' ? 'MODERATOR' : 'ADMIN' };
}

export const STATUSES: CertificationSubject['status'][] = ['PENDING', 'APPROVED', 'REJECTED'];
/** A comment standing, deleted by its author (a placeholder while replies hold it), removed by a moderator, hidden by flags. */
export const COMMENT_STATES = ['standing', 'deleted', 'removed', 'hidden'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];
/** Whose account a suspension is of: another member, moderator or admin, or the viewer's own. */
export const TARGETS = ['member', 'moderator', 'admin', 'self'] as const;
export type Target = (typeof TARGETS)[number];

export type CertificationAction = Extract<Action, `certification:${string}`>;
export type CommentAction = Extract<Action, `comment:${string}`>;

export type PolicyCase = { who: Who; allowed: boolean } & (
  | { action: CertificationAction; status: CertificationSubject['status'] }
  | { action: CommentAction; comment: CommentState }
  | { action: 'moderate' | 'administer' }
  | { action: 'user:suspend'; target: Target }
);
/** The cases of the actions `A`. */
export type CaseOf<A extends Action> = PolicyCase & { action: A };

/** The policy's subject of a comment by the owner in `state`. */
export const commentSubject = (state: CommentState) => ({
  username: OWNER,
  deleted: state === 'deleted' || state === 'removed',
  hidden: state === 'hidden',
});

/** The account a case's suspension is of. */
export function targetOf(c: CaseOf<'user:suspend'>): PolicyViewer {
  if (c.target === 'self') return viewerFor(c.who)!;
  const role = c.target === 'member' ? 'USER' : c.target === 'moderator' ? 'MODERATOR' : 'ADMIN';
  return { username: `policy_target_${c.target}`, role };
}

const isCertification = (a: Action): a is CertificationAction => a.startsWith('certification:');
const isComment = (a: Action): a is CommentAction => a.startsWith('comment:');

/** Every viewer x subject state x action, with the policy's answer. */
export const POLICY_CASES: PolicyCase[] = [
  ...WHO.flatMap((who) =>
    STATUSES.flatMap((status) =>
      ACTIONS.filter(isCertification).map((action) => ({
        who,
        status,
        action,
        allowed: can(viewerFor(who), action, { status, submittedBy: OWNER }),
      })),
    ),
  ),
  ...WHO.flatMap((who) =>
    COMMENT_STATES.flatMap((comment) =>
      ACTIONS.filter(isComment).map((action) => ({
        who,
        comment,
        action,
        allowed: can(viewerFor(who), action, commentSubject(comment)),
      })),
    ),
  ),
  ...STAFF_WHO.flatMap((who) =>
    (['moderate', 'administer'] as const).map((action) => ({ who, action, allowed: can(viewerFor(who), action) })),
  ),
  ...STAFF_WHO.flatMap((who) =>
    TARGETS.filter((target) => who !== 'visitor' || target !== 'self').map((target) => {
      const c = { who, action: 'user:suspend' as const, target, allowed: false };
      return { ...c, allowed: can(viewerFor(who), 'user:suspend', targetOf(c)) };
    }),
  ),
];

/** The cases of some actions, typed. */
export const casesOf = <A extends Action>(...actions: A[]) =>
  POLICY_CASES.filter((c): c is CaseOf<A> => (actions as Action[]).includes(c.action));

/** A case's name in a test's list: 'moderator comment:remove hidden'. */
export function caseName(c: PolicyCase): string {
  const subject = 'status' in c ? c.status : 'comment' in c ? c.comment : 'target' in c ? c.target : '';
  return `${c.who} ${c.action} ${subject}`.trim();
}
