import { FirstSignInCheck } from '../first-sign-in/first-sign-in-check';
import NotificationBell from './notification-bell';

/**
 * The navbar's parts for a signed-in member, loaded after the page is shown: the notification bell, and the check
 * that opens the first sign-in's questions when they are still to be asked (docs/product.md#first-sign-in).
 */
export default function MemberBar({ onClick }: { onClick?: () => void }) {
  return (
    <>
      <NotificationBell onClick={onClick} />
      <FirstSignInCheck />
    </>
  );
}
