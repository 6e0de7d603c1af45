import { canModerate, NAV_TEXT, NAVBAR_TEXT, PRODUCT_NAME, SEARCH_BOX_TEXT } from '@certitude/shared';
import { Suspense, useState, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { useAuthModal } from '../../lib/auth-modal-context';
import { SearchForm } from '../../components/search-form';
import { ThemeToggle } from './theme-toggle';

// Home is current on its own path only; the others on the paths below them too.
const LINKS: { to: string; label: string; end?: true }[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/paths', label: 'Paths' },
  { to: '/articles', label: 'Articles' },
  { to: '/about', label: 'About' },
  { to: '/profile', label: 'Profile' },
];

/**
 * The navbar (docs/product.md#navbar); the current view is highlighted (aria-current). Bootstrap's markup and classes
 * without react-bootstrap's Navbar, whose code (with its offcanvas and transitions) would weigh on every
 * page's first load: below lg the links fold behind the toggle, and choosing one folds them again. The parts other
 * features lend it come as components (app/navbar.tsx), so that this feature imports none of them.
 */
export function AppNavbar({
  PendingBadge,
  MemberBar,
}: {
  /** The moderator's count of pending items, beside Admin Panel (loaded only for moderators, after the page is shown). */
  PendingBadge: ComponentType;
  /**
   * The member's bar (the bell with its unread count, the first sign-in's check), loaded for members only. It is never
   * in the folding menu: on a phone it shows beside the menu button, on a wide screen before the theme toggle.
   */
  MemberBar: ComponentType<{ wide: boolean; onClick?: () => void }>;
}) {
  const user = useCurrentUser();
  const auth = useAuthModal();
  const [leaving, setLeaving] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const fold = () => setExpanded(false);
  return (
    <nav className="border-bottom bg-body-tertiary navbar navbar-expand-lg">
      <div className="container">
        <Link to="/" className="fw-bold navbar-brand" onClick={fold}>
          <span aria-hidden="true" className="brand-mark me-2">
            ✓
          </span>
          {PRODUCT_NAME}
        </Link>
        {user && (
          <div className="ms-auto me-2 d-lg-none">
            <Suspense fallback={null}>
              <MemberBar wide={false} onClick={fold} />
            </Suspense>
          </div>
        )}
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label={NAVBAR_TEXT.toggleNavigation}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`navbar-collapse collapse${expanded ? ' show' : ''}`} id="main-nav">
          <div className="me-auto navbar-nav">
            {LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className="nav-link" onClick={fold}>
                {l.label}
              </NavLink>
            ))}
            {canModerate(user) && (
              <NavLink to="/admin" className="nav-link" onClick={fold}>
                {NAVBAR_TEXT.adminPanel}
                <Suspense fallback={null}>
                  <PendingBadge />
                </Suspense>
              </NavLink>
            )}
          </div>
          <div className="navbar-search py-2 py-lg-0 me-lg-2">
            <SearchForm landmark={SEARCH_BOX_TEXT.landmark} />
          </div>
          <div className="d-flex align-items-center gap-2 py-2 py-lg-0">
            {user && (
              <Suspense fallback={null}>
                <MemberBar wide />
              </Suspense>
            )}
            <ThemeToggle />
            {user ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  // The API client is not part of the first load of a page; signing out loads it, and the page
                  // it loads next shows every part in its signed-out state (docs/product.md#session).
                  void import('../../lib/api-client').then((client) => client.logout());
                }}
              >
                {NAV_TEXT.logout}
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => auth.open('login')}>
                  {NAV_TEXT.signIn}
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => auth.open('register')}>
                  {NAV_TEXT.getStarted}
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
