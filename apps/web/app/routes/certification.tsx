import { MSG, PRODUCT_NAME, scoreOf, TEXT } from '@certitude/shared';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { VendorBadge } from '../features/catalogue/vendor-badge';
import { metaDescription, pageMeta } from '../lib/meta';
import type { Route } from './+types/certification';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id;
  if (!id) return { certification: null, error: MSG.invalidCertificationId, publicUrl: context.publicUrl };
  const certification = /^[a-z0-9-]{1,200}$/i.test(id) ? await context.data.getCertification(id) : null;
  return {
    certification,
    error: certification ? null : MSG.certificationNotFound,
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const cert = data?.certification;
  if (!cert)
    return [{ title: `${MSG.certificationNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  const url = `${data.publicUrl}/certification/${cert.slug}`;
  const description =
    metaDescription(cert.description) ||
    `${cert.name} (${cert.certCode}) by ${cert.vendor}: community votes, discussion and learning resources on ${PRODUCT_NAME}.`;
  return pageMeta({
    title: cert.name.includes(cert.certCode) ? cert.name : `${cert.name} (${cert.certCode})`,
    description,
    url,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'EducationalOccupationalCredential',
      name: cert.name,
      description,
      url,
      credentialCategory: 'certification',
      identifier: cert.certCode,
      recognizedBy: { '@type': 'Organization', name: cert.vendor },
      ...(cert.url ? { sameAs: cert.url } : {}),
    },
  });
};

export default function CertificationDetail({ loaderData }: Route.ComponentProps) {
  const { certification: cert, error } = loaderData;
  if (!cert) {
    return (
      <Container className="py-5 text-center">
        <h1 className="h3 mb-3">{error}</h1>
        <Link to="/" className="btn btn-primary">
          {TEXT.backToCertifications}
        </Link>
      </Container>
    );
  }
  return (
    <Container className="py-4">
      <Link to="/" className="btn btn-link px-0 mb-3">
        ← Back
      </Link>
      <div className="card shadow-sm">
        <div className="card-body">
          <h1 className="h3">{cert.name}</h1>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <VendorBadge vendor={cert.vendor} />
            <code className="cert-code">{cert.certCode}</code>
            <span className="text-body-secondary small">Score {scoreOf(cert)}</span>
          </div>
          {cert.description.split(/\n{2,}/).map((p, i) => (
            <p key={i}>{p.replace(/\*\*/g, '')}</p>
          ))}
          {cert.url && (
            <a href={cert.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
              Official Page
            </a>
          )}
        </div>
      </div>
    </Container>
  );
}
