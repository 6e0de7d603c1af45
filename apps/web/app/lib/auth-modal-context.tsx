import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthModal = 'login' | 'register' | 'forgot-password' | null;

interface AuthModalState {
  modal: AuthModal;
  open(modal: Exclude<AuthModal, null>): void;
  close(): void;
}

const Ctx = createContext<AuthModalState | null>(null);

/** Which sign-in dialog is open; the navbar, the welcome popup and the pages open them through this. */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal>(null);
  const value = useMemo(() => ({ modal, open: setModal, close: () => setModal(null) }), [modal]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAuthModal(): AuthModalState {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useAuthModal outside AuthModalProvider');
  return ctx;
}
