import type { ReactNode } from 'react';
import { Container } from 'react-bootstrap';

/** The narrow centred card of the single-purpose account pages (verify email, reset password, callback). */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-5">
      <div className="card shadow-sm mx-auto" style={{ maxWidth: '32rem' }}>
        <div className="card-body p-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </div>
      </div>
    </Container>
  );
}

export function Loading({ text }: { text: string }) {
  return (
    <div className="text-center py-3" role="status">
      <div className="spinner-border text-primary mb-3" aria-hidden="true" />
      <p className="mb-0">{text}</p>
    </div>
  );
}
