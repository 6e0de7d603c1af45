import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A member's name as a link to their public page, /u/{username} (docs/product.md#public-profile-page). */
export function MemberLink({
  username,
  className,
  children,
}: {
  username: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Link to={`/u/${encodeURIComponent(username)}`} className={className}>
      {children ?? username}
    </Link>
  );
}
