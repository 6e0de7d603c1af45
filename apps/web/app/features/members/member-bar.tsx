import { FirstSignInCheck } from './first-sign-in/first-sign-in-check';
import NotificationBell from './notification-bell';

/**
 * The navbar's parts for a signed-in member, loaded after the page is shown: the notification bell (in two places,
 * each shown at its own width), and, once, with the wide one, the check that opens the first sign-in's questions
 * when they are still to be asked (docs/product.md#first-sign-in).
 */
export default function MemberBar({ wide, onClick }: { wide: boolean; onClick?: () => void }) {
  return (
    <>
      <NotificationBell wide={wide} onClick={onClick} />
      {wide && <FirstSignInCheck />}
    </>
  );
}
