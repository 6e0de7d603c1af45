import { ACCOUNT_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Container, Tab, Tabs } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { fetchProfile } from '../features/accounts/account-api';
import { FirstSignInButton } from '../features/members/first-sign-in/first-sign-in-button';
import { ChangeEmailForm } from '../features/accounts/change-email-form';
import { ChangePasswordForm } from '../features/accounts/change-password-form';
import { ProfileInfo } from '../features/accounts/profile-info';
import type { SignInNeeded } from '../features/layout/sign-in-notice';
import { EmailSettings } from '../features/members/email-settings';
import { MyCertifications } from '../features/members/my-certifications';
import { RatingPrivacySetting } from '../features/ratings/rating-privacy';
import { getStoredUser, storeUser, useCurrentUser } from '../lib/auth-store';

export const meta = () => [
  { title: `${ACCOUNT_TEXT.profileTitle} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * /profile: three tabs, then "My certifications", the first sign-in's questions again, the email settings and the ratings' privacy; nobody signed in goes home
 * (docs/product.md#profile). The server render knows nobody, so it waits.
 */
export default function ProfileScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Shown again after the first sign-in's dialog, which may have added certifications.
  const [round, setRound] = useState(0);

  // Read storage itself: right after hydration the hook still holds the server's "nobody".
  useEffect(() => {
    // The home page says why, with the Sign In button (features/layout/sign-in-notice.tsx).
    if (!getStoredUser()) void navigate('/', { replace: true, state: { signInFor: 'profile' } satisfies SignInNeeded });
  }, [user, navigate]);

  // The stored record may be old (role or address changed elsewhere); the server's copy replaces it.
  useEffect(() => {
    if (!getStoredUser()) return;
    fetchProfile().then(
      (fresh) => {
        if (fresh && typeof fresh === 'object' && 'username' in fresh) storeUser(fresh);
      },
      () => undefined,
    );
  }, []);

  return (
    <Container className="py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h2 mb-4">{ACCOUNT_TEXT.profileTitle}</h1>
      {user ? (
        <>
          <div className="card shadow-sm">
            <div className="card-body">
              <Tabs defaultActiveKey="info" id="profile-tabs" className="mb-4" mountOnEnter>
                <Tab eventKey="info" title={ACCOUNT_TEXT.tabProfileInfo}>
                  <ProfileInfo user={user} />
                </Tab>
                <Tab eventKey="password" title={ACCOUNT_TEXT.tabChangePassword}>
                  <ChangePasswordForm />
                </Tab>
                <Tab eventKey="email" title={ACCOUNT_TEXT.tabChangeEmail}>
                  <ChangeEmailForm />
                </Tab>
              </Tabs>
            </div>
          </div>
          <MyCertifications key={round} username={user.username} />
          <FirstSignInButton onClosed={() => setRound((n) => n + 1)} />
          <EmailSettings />
          <RatingPrivacySetting />
        </>
      ) : (
        <p role="status">{ACCOUNT_TEXT.loadingProfile}</p>
      )}
    </Container>
  );
}
