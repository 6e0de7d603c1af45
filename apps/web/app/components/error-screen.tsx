import { TEXT } from '@certitude/shared';
import { Button, Container } from 'react-bootstrap';

/** The error boundary page of spec §2: 'Something went wrong' with Refresh Page and Go Back. */
export function ErrorScreen({ title }: { title: string }) {
  return (
    <Container className="py-5 text-center" role="alert">
      <h1 className="h2 mb-3">{title}</h1>
      <p className="text-body-secondary mb-4">An unexpected error occurred while showing this page.</p>
      <div className="d-flex gap-2 justify-content-center">
        <Button variant="primary" onClick={() => window.location.reload()}>
          {TEXT.refreshPage}
        </Button>
        <Button variant="outline-secondary" onClick={() => window.history.back()}>
          {TEXT.goBack}
        </Button>
      </div>
    </Container>
  );
}
