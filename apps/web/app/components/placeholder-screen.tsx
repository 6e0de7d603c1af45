import { Container } from 'react-bootstrap';

/** A screen of the route table whose full content is not built yet. */
export function PlaceholderScreen({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Container className="py-5">
      <h1 className="h2 mb-3">{title}</h1>
      {children ?? <p className="text-body-secondary">This page is on its way.</p>}
    </Container>
  );
}
