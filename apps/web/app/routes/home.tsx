import { PRODUCT_NAME, TEXT } from '@certitude/shared';
import { Container } from 'react-bootstrap';
import { CertificationCard } from '../features/catalogue/certification-card';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const certifications = await context.data.listCertifications();
  return { certifications, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `${PRODUCT_NAME}: ${TEXT.homeTitle}`,
    description:
      'Discover, compare and vote on IT certifications from AWS, Microsoft, Google Cloud, Cisco, CompTIA, ISC2 and more, ranked by the community.',
    url: `${data?.publicUrl ?? ''}/`,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { certifications } = loaderData;
  return (
    <Container className="py-4">
      <h1 className="h2 mb-4">{TEXT.homeTitle}</h1>
      {certifications.length === 0 ? (
        <div className="text-center py-5">
          <h2 className="h4">{TEXT.noCertificationsAvailable}</h2>
        </div>
      ) : (
        <ul className="row g-3 list-unstyled" aria-label="Certifications">
          {certifications.map((c) => (
            <li key={c.id} className="col-12 col-md-6 col-xl-4">
              <CertificationCard cert={c} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
