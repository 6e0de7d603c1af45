/** The sign-in dialogs (login, register, forgot password), opened through useAuthModal(). */
export function AuthModals() {
  return null;
}
