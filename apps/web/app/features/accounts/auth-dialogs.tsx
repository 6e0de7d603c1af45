import { useState } from 'react';
import { useAuthModal } from '../../lib/auth-modal-context';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';
import { RegistrationSuccessModal } from './registration-success-modal';

/**
 * The sign-in dialogs, loaded on first use (see auth-modals.tsx). Which one is open comes from
 * useAuthModal(); the registration confirmation follows a successful registration.
 */
export default function AuthDialogs() {
  const { modal, open, close } = useAuthModal();
  const [registered, setRegistered] = useState(false);
  return (
    <>
      <LoginModal
        show={modal === 'login'}
        onClose={close}
        onForgotPassword={() => open('forgot-password')}
        onCreateAccount={() => open('register')}
      />
      <RegisterModal
        show={modal === 'register'}
        onClose={close}
        onSignIn={() => open('login')}
        onRegistered={() => {
          close();
          setRegistered(true);
        }}
      />
      <ForgotPasswordModal show={modal === 'forgot-password'} onClose={close} onBackToLogin={() => open('login')} />
      <RegistrationSuccessModal
        show={registered}
        onClose={() => setRegistered(false)}
        onContinueToLogin={() => {
          setRegistered(false);
          open('login');
        }}
      />
    </>
  );
}
