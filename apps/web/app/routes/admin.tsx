import { ADMIN_TEXT, can, PRODUCT_NAME } from '@certitude/shared';
import { useEffect } from 'react';
import { Container } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { AdminPanel } from '../features/admin/admin-panel';
import { getStoredUser, useCurrentUser } from '../lib/auth-store';

export const meta = () => [
  { title: `${ADMIN_TEXT.adminPanel} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/** /admin: moderators and admins only; visitors and members go home. The server enforces every call. */
export default function AdminScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();

  // Read storage itself: right after hydration the hook still holds the server's "nobody".
  useEffect(() => {
    if (!can(getStoredUser(), 'moderate')) void navigate('/', { replace: true });
  }, [user, navigate]);

  return (
    <Container className="py-4">
      <h1 className="h2 mb-4">{ADMIN_TEXT.adminPanel}</h1>
      {can(user, 'moderate') && <AdminPanel />}
    </Container>
  );
}
