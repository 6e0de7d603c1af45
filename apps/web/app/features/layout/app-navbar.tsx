import { ACCOUNT_TEXT, isModerator, PRODUCT_NAME } from '@certitude/shared';
import { useState } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { logout } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { PendingBadge } from '../admin/pending-badge';
import { useAuthModal } from './auth-modal-context';
import { ThemeToggle } from './theme-toggle';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/articles', label: 'Articles', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/profile', label: 'Profile', end: false },
];

/** The navbar of spec §2; the current view is highlighted (aria-current). */
export function AppNavbar() {
  const user = useCurrentUser();
  const auth = useAuthModal();
  const [leaving, setLeaving] = useState(false);
  return (
    <Navbar expand="lg" className="border-bottom bg-body-tertiary" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to="/" className="fw-bold">
          <span aria-hidden="true" className="brand-mark me-2">
            ✓
          </span>
          {PRODUCT_NAME}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            {LINKS.map((l) => (
              <Nav.Link key={l.to} as={NavLink} to={l.to} end={l.end} eventKey={l.to}>
                {l.label}
              </Nav.Link>
            ))}
            {isModerator(user?.role) && (
              <Nav.Link as={NavLink} to="/admin" eventKey="/admin">
                Admin Panel
                <PendingBadge />
              </Nav.Link>
            )}
          </Nav>
          <div className="d-flex align-items-center gap-2 py-2 py-lg-0">
            <ThemeToggle />
            {user ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  void logout();
                }}
              >
                {ACCOUNT_TEXT.logout}
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => auth.open('login')}>
                  {ACCOUNT_TEXT.signIn}
                </button>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => auth.open('register')}>
                  {ACCOUNT_TEXT.getStarted}
                </button>
              </>
            )}
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
