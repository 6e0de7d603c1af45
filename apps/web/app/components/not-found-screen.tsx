import { ERROR_PAGE_TEXT } from '@certitude/shared';
import { Link, useNavigate } from 'react-router';
import { NOT_FOUND_SCREEN_TEXT } from './not-found-screen-text';

/** The 404 screen (docs/product.md#error-screens): 'Page Not Found' with Go Home and Go Back. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <div className="container py-5 text-center">
      <p className="display-1 fw-bold text-body-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2 mb-3">{ERROR_PAGE_TEXT.pageNotFound}</h1>
      <p className="text-body-secondary mb-4">{NOT_FOUND_SCREEN_TEXT}</p>
      <div className="d-flex gap-2 justify-content-center">
        <Link to="/" className="btn btn-primary">
          {ERROR_PAGE_TEXT.goHome}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={() => navigate(-1)}>
          {ERROR_PAGE_TEXT.goBack}
        </button>
      </div>
    </div>
  );
}
