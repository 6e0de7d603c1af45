import { TEXT } from '@certitude/shared';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';

/** The 404 screen of spec §2: 'Page Not Found' with Go Home and Go Back. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Container className="py-5 text-center">
      <p className="display-1 fw-bold text-body-secondary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2 mb-3">{TEXT.pageNotFound}</h1>
      <p className="text-body-secondary mb-4">The page you are looking for does not exist or has moved.</p>
      <div className="d-flex gap-2 justify-content-center">
        <Link to="/" className="btn btn-primary">
          {TEXT.goHome}
        </Link>
        <Button variant="outline-secondary" onClick={() => navigate(-1)}>
          {TEXT.goBack}
        </Button>
      </div>
    </Container>
  );
}
