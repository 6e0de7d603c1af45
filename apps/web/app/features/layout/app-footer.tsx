import { FOOTER_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

/** The footer's scroll to the listing (scroll-to-listing.ts), loaded on a quick link's first click. */
const scrollToListing = () => void import('./scroll-to-listing').then((m) => m.scrollToListing());

/** The footer (docs/product.md#legal-pages-and-footer): browse, the certification paths, articles, about, the moderation log, legal pages, and quick links that go home then scroll to 400px. */
export function AppFooter() {
  const navigate = useNavigate();
  const location = useLocation();
  const scrollPending = useRef(false);

  // Runs after the home page has rendered, and after the scroll-to-top of a path change (an earlier effect).
  useEffect(() => {
    if (!scrollPending.current || location.pathname !== '/') return;
    scrollPending.current = false;
    scrollToListing();
  }, [location]);

  const quick = (e: React.MouseEvent) => {
    // A new tab or window (Ctrl, Cmd, Shift, middle click) just opens the home page.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (location.pathname === '/') {
      scrollToListing();
      return;
    }
    scrollPending.current = true;
    void navigate('/', { preventScrollReset: true });
  };
  const year = new Date().getFullYear();
  return (
    <footer className="border-top bg-body-tertiary mt-5 py-4">
      <div className="container">
        <div className="row gy-3">
          <div className="col-md-4">
            <p className="fw-bold mb-1">{PRODUCT_NAME}</p>
            <p className="text-body-secondary small mb-0">{FOOTER_TEXT.tagline}</p>
          </div>
          <nav className="col-6 col-md-4" aria-label={FOOTER_TEXT.footerNav}>
            <p className="fw-semibold mb-1">{FOOTER_TEXT.explore}</p>
            <ul className="list-unstyled small mb-0 footer-links">
              <li>
                <Link to="/">{FOOTER_TEXT.browse}</Link>
              </li>
              <li>
                <Link to="/paths">{FOOTER_TEXT.paths}</Link>
              </li>
              <li>
                <Link to="/articles">{FOOTER_TEXT.articles}</Link>
              </li>
              <li>
                <Link to="/about">{FOOTER_TEXT.about}</Link>
              </li>
              <li>
                <Link to="/moderation-log">{FOOTER_TEXT.moderationLog}</Link>
              </li>
              <li>
                <Link to="/data">{FOOTER_TEXT.openData}</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-label={FOOTER_TEXT.quickLinks}>
            <p className="fw-semibold mb-1">{FOOTER_TEXT.quickLinks}</p>
            <ul className="list-unstyled small mb-0 footer-links">
              <li>
                <a href="/" onClick={quick}>
                  {FOOTER_TEXT.topCertifications}
                </a>
              </li>
              <li>
                <a href="/" onClick={quick}>
                  {FOOTER_TEXT.searchByVendor}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <hr />
        <div className="d-flex flex-wrap justify-content-between gap-2 small text-body-secondary">
          <span>
            © {year} {PRODUCT_NAME}
          </span>
          <span className="d-flex gap-3">
            <Link to="/privacy">{FOOTER_TEXT.privacy}</Link>
            <Link to="/terms">{FOOTER_TEXT.terms}</Link>
            <Link to="/cookies">{FOOTER_TEXT.cookies}</Link>
          </span>
        </div>
      </div>
    </footer>
  );
}
