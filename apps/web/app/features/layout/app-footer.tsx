import { FOOTER_SCROLL_Y, PRODUCT_NAME } from '@certitude/shared';
import { Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';

/** Footer of spec §2: browse, about, legal pages, and quick links that go home then scroll to 400px. */
export function AppFooter() {
  const navigate = useNavigate();
  const quick = (e: React.MouseEvent) => {
    e.preventDefault();
    void Promise.resolve(navigate('/')).then(() => {
      requestAnimationFrame(() => window.scrollTo({ top: FOOTER_SCROLL_Y, behavior: 'smooth' }));
    });
  };
  const year = new Date().getFullYear();
  return (
    <footer className="border-top bg-body-tertiary mt-5 py-4">
      <Container>
        <div className="row gy-3">
          <div className="col-md-4">
            <p className="fw-bold mb-1">{PRODUCT_NAME}</p>
            <p className="text-body-secondary small mb-0">
              The community guide to IT certifications: ranked by professionals, with the resources that got them there.
            </p>
          </div>
          <nav className="col-6 col-md-4" aria-label="Footer">
            <p className="fw-semibold mb-1">Explore</p>
            <ul className="list-unstyled small mb-0">
              <li>
                <Link to="/">Browse certifications</Link>
              </li>
              <li>
                <Link to="/articles">Articles</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-4" aria-label="Quick links">
            <p className="fw-semibold mb-1">Quick links</p>
            <ul className="list-unstyled small mb-0">
              <li>
                <a href="/" onClick={quick}>
                  Top certifications
                </a>
              </li>
              <li>
                <a href="/" onClick={quick}>
                  Search by vendor
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
            <Link to="/privacy">Privacy</Link>
            <Link to="/terms">Terms</Link>
            <Link to="/cookies">Cookies</Link>
          </span>
        </div>
      </Container>
    </footer>
  );
}
