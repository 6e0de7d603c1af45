import { ACCOUNT_TEXT, NAV_TEXT, TEXT } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { useAuthModal } from '../../lib/auth-modal-context';

/** Why a visitor landed on the home page, with the Sign In button; once they sign in, on to the page they asked for. */
export default function SignInPrompt() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { open } = useAuthModal();
  const [dismissed, setDismissed] = useState(false);

  // In place of the home page that stood in for it, so that going back does not land here and be sent on again.
  useEffect(() => {
    if (user) void navigate('/profile', { replace: true });
  }, [user, navigate]);

  if (user || dismissed) return null;
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
      <span>{ACCOUNT_TEXT.profileSignInPrompt}</span>
      <button type="button" className="btn btn-primary btn-sm ms-auto" onClick={() => open('login')}>
        {NAV_TEXT.signIn}
      </button>
      <button type="button" className="btn-close" aria-label={TEXT.close} onClick={() => setDismissed(true)} />
    </div>
  );
}
