import 'bootstrap/dist/css/bootstrap.min.css';
import './app.css';
import { TEXT } from '@certitude/shared';
import { useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorScreen } from './components/error-screen';
import { NotFoundScreen } from './components/not-found-screen';
import { AppFooter } from './features/layout/app-footer';
import { AppNavbar } from './features/layout/app-navbar';
import { AuthModalProvider } from './features/layout/auth-modal-context';
import { AuthModals } from './features/accounts/auth-modals';
import { SUPPORT_BANNER_BOOT_SCRIPT, SupportBanner } from './features/site/support-banner';
import { WelcomePopup } from './features/site/welcome-popup';
import { THEME_BOOT_SCRIPT } from './lib/theme';
import './load-context';

export async function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.nonce, publicUrl: context.publicUrl, supportUrl: context.supportUrl ?? null };
}

// The nonce and the public address do not change while the app runs in the browser.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce;
  return (
    <html lang="en" data-bs-theme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6efd" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: SUPPORT_BANNER_BOOT_SCRIPT }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The page scrolls to the top on every path change (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AuthModalProvider>
      <div className="d-flex flex-column min-vh-100">
        <a className="visually-hidden-focusable skip-link" href="#main">
          Skip to main content
        </a>
        <SupportBanner />
        <AppNavbar />
        <main id="main" className="flex-grow-1" tabIndex={-1}>
          {children}
        </main>
        <AppFooter />
      </div>
      <AuthModals />
      <WelcomePopup />
    </AuthModalProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <ScrollToTop />
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <Shell>
      <ErrorScreen title={TEXT.somethingWentWrong} />
    </Shell>
  );
}
