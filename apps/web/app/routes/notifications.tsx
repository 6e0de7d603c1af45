import { NOTIFICATIONS_PAGE_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { Container } from 'react-bootstrap';
import { useAuthModal } from '../lib/auth-modal-context';
import { NotificationList } from '../features/members/notification-list';
import { useCurrentUser } from '../lib/auth-store';
import { useHydrated } from '../lib/use-hydrated';

export const meta = () => [
  { title: `${NOTIFICATIONS_PAGE_TEXT.title} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * /notifications, for members (docs/product.md#notifications-page). The server render knows nobody, so the page
 * decides in the browser: the member's list, or for a visitor the prompt to sign in.
 */
export default function NotificationsScreen() {
  const user = useCurrentUser();
  const hydrated = useHydrated();
  const { open } = useAuthModal();
  return (
    <Container className="py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h2 mb-3">{NOTIFICATIONS_PAGE_TEXT.title}</h1>
      {user ? (
        <NotificationList key={user.id} />
      ) : (
        hydrated && (
          <div className="d-flex flex-wrap align-items-center gap-2 p-3 rounded bg-body-tertiary">
            <span>{NOTIFICATIONS_PAGE_TEXT.signInPrompt}</span>
            <button type="button" className="btn btn-primary btn-sm ms-auto" onClick={() => open('login')}>
              {NOTIFICATIONS_PAGE_TEXT.signIn}
            </button>
          </div>
        )
      )}
    </Container>
  );
}
