import { useNavigate } from 'react-router';
import { useAuthModal } from '../../lib/auth-modal-context';

/** A button that leaves an account page for the home page and opens the sign-in dialog there. */
export function SignInAtHomeButton({ label }: { label: string }) {
  const navigate = useNavigate();
  const { open } = useAuthModal();
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        void navigate('/');
        open('login');
      }}
    >
      {label}
    </button>
  );
}
