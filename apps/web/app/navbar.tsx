import { lazy } from 'react';
import { AppNavbar } from './features/layout/app-navbar';

// Only moderators see the badge, and never in the server render: its code and its API calls load with it.
const PendingBadge = lazy(() => import('./features/admin/pending-badge'));
// Members only, likewise: the bell with its unread count, and the first sign-in's check, load after the page is shown.
const MemberBar = lazy(() => import('./features/members/member-bar'));

/**
 * The site's navbar with the parts other features lend it: the layout feature draws it, and this file, like root.tsx,
 * is where the app puts features together (docs/architecture.md#module-boundaries).
 */
export function Navbar() {
  return <AppNavbar PendingBadge={PendingBadge} MemberBar={MemberBar} />;
}
