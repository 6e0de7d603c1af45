import { ACCOUNT_TEXT, type Role, type User } from '@certitude/shared';

const ROLE_BADGE: Record<Role, string> = {
  ADMIN: 'bg-danger',
  MODERATOR: 'bg-warning text-dark',
  USER: 'bg-secondary',
};

/** The year the account was created; the current year when the record does not say (docs/product.md#profile). */
function memberSinceYear(createdAt: string | undefined, now = new Date()): number {
  const created = createdAt ? new Date(createdAt) : null;
  return created && !Number.isNaN(created.getTime()) ? created.getUTCFullYear() : now.getUTCFullYear();
}

/** Username, email, account type badge (ADMIN in red) and member-since year. */
export function ProfileInfo({ user }: { user: User }) {
  return (
    <dl className="row mb-0">
      <dt className="col-sm-4">{ACCOUNT_TEXT.username}</dt>
      <dd className="col-sm-8">{user.username}</dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.emailAddress}</dt>
      <dd className="col-sm-8 text-break">{user.email}</dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.accountType}</dt>
      <dd className="col-sm-8">
        <span className={`badge ${ROLE_BADGE[user.role] ?? ROLE_BADGE.USER}`} data-testid="account-type">
          {user.role}
        </span>
      </dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.memberSince}</dt>
      <dd className="col-sm-8 mb-0">{memberSinceYear(user.createdAt)}</dd>
    </dl>
  );
}
