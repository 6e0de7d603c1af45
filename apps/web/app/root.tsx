import 'bootstrap/dist/css/bootstrap.min.css';
import './app.css';
import { ERROR_PAGE_TEXT, FEED_TITLES, SKIP_LINK_TEXT } from '@certitude/shared';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { AuthModalProvider } from './lib/auth-modal-context';
import { Navbar } from './navbar';
import { SessionEndRedirect } from './features/layout/session-end-redirect';
import { AuthModals } from './features/accounts/auth-modals';
import { useCompareTray } from './lib/compare-tray-store';
import { SUPPORT_BANNER_BOOT_SCRIPT, SupportBanner } from './features/site/support-banner';
import { WelcomePopup } from './features/site/welcome-popup';
import { THEME_BOOT_SCRIPT } from './lib/theme';
import './load-context';

// The footer comes after everything a first screen shows: the server renders it in place, and its code (which
// hydrates it) loads after the page's first scripts.
const AppFooter = lazy(() => import('./features/layout/app-footer').then((m) => ({ default: m.AppFooter })));
// The error screens load only when a page fails or is not found: every page's first scripts do without them.
const ErrorScreen = lazy(() => import('./components/error-screen').then((m) => ({ default: m.ErrorScreen })));
const NotFoundScreen = lazy(() => import('./components/not-found-screen').then((m) => ({ default: m.NotFoundScreen })));

/**
 * Run before first paint; the server writes them into the head, and hydration leaves them as they are
 * (suppressHydrationWarning), so the browser's bundle does not carry them a second time.
 */
const BOOT_SCRIPTS = import.meta.env.SSR
  ? { theme: THEME_BOOT_SCRIPT, supportBanner: SUPPORT_BANNER_BOOT_SCRIPT }
  : { theme: '', supportBanner: '' };

export async function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.nonce, publicUrl: context.publicUrl, supportUrl: context.supportUrl ?? null };
}

// The nonce and the public address do not change while the app runs in the browser.
export const shouldRevalidate = () => false;

// The feeds' links (docs/api.md#feeds), under the feeds' own titles: readers find them from any page.
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  {
    rel: 'alternate',
    type: 'application/atom+xml',
    title: FEED_TITLES.certifications,
    href: '/feeds/certifications.atom',
  },
  { rel: 'alternate', type: 'application/atom+xml', title: FEED_TITLES.articles, href: '/feeds/articles.atom' },
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
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BOOT_SCRIPTS.theme }} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: BOOT_SCRIPTS.supportBanner }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The page scrolls to the top on every path change (docs/product.md#routes), going back and forward included, or to
 * the element the address's hash names (a notification's link to a comment). That is the
 * whole scroll policy of the app, so React Router's <ScrollRestoration>, whose restoring this overrode
 * anyway, is not used (nearly 1 KB gzip of the home page's 120 KB budget); the browser's own restoring is
 * turned off as it did, so that going back does not jump to the old position first.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    // An address naming a part of the page opens at it; a comment that is not on the page (a later page of the
    // discussion) at the discussion.
    const id = hash.slice(1);
    const comment = id.startsWith('comment-') ? document.getElementById(id) : null;
    if (comment) {
      // Its code loads only for an address that names a comment (a notification's link).
      let release: (() => void) | undefined;
      let left = false;
      void import('./lib/land-on-comment').then((m) => {
        if (!left) release = m.landOnComment(comment);
      });
      return () => {
        left = true;
        release?.();
      };
    }
    const target =
      id &&
      (document.getElementById(id) ?? (id.startsWith('comment-') ? document.getElementById('discussion-title') : null));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

const CompareTray = lazy(() => import('./features/compare/compare-tray'));

/** The comparison tray's code loads once something is in it (never on the server: the tray lives in the browser). */
function CompareTrayMount() {
  return useCompareTray().length > 0 ? (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  ) : null;
}

function Shell({ children }: { children: ReactNode }) {
  const home = useLocation().pathname === '/';
  return (
    <AuthModalProvider>
      <SessionEndRedirect />
      <div className="d-flex flex-column min-vh-100">
        <a className="visually-hidden-focusable skip-link" href="#main">
          {SKIP_LINK_TEXT.main}
        </a>
        {/* The home page's results come after the navbar and the filters: a keyboard reaches them in three presses. */}
        {home && (
          <a className="visually-hidden-focusable skip-link" href="#results">
            {SKIP_LINK_TEXT.results}
          </a>
        )}
        <SupportBanner />
        <Navbar />
        <main id="main" className="flex-grow-1" tabIndex={-1}>
          {children}
        </main>
        <Suspense fallback={null}>
          <AppFooter />
        </Suspense>
        <CompareTrayMount />
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.DEV) console.error(error);
  return (
    <Shell>
      <Suspense fallback={null}>
        {notFound ? <NotFoundScreen /> : <ErrorScreen title={ERROR_PAGE_TEXT.somethingWentWrong} />}
      </Suspense>
    </Shell>
  );
}
