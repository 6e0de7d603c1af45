import { MSG, PRODUCT_NAME, TEXT, type Certification } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { Markdown } from '../components/markdown';
import { CertificationEditorProvider, useCertificationEditor } from '../features/catalogue/certification-editor';
import { NoticeArea } from '../features/catalogue/notices';
import { ResourceList } from '../features/catalogue/resource-list';
import { VendorBadge } from '../features/catalogue/vendor-badge';
import { VoteWidget } from '../features/catalogue/vote-widget';
import '../features/catalogue/catalogue.css';
import { DiscussionCard } from '../features/discussion/discussion-card';
import { api } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth-store';
import { pageMeta } from '../lib/meta';
import { metaDescription } from '../lib/meta-description';
import type { Route } from './+types/certification';

const ID_OR_SLUG = /^(\d{1,10}|[a-z0-9]+(-[a-z0-9]+)*)$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id?.toLowerCase();
  const base = { publicUrl: context.publicUrl, requested: id ?? null };
  if (!id) return { ...base, certification: null, resources: null, error: MSG.invalidCertificationId };
  const certification = ID_OR_SLUG.test(id) ? await context.data.getCertification(id) : null;
  if (!certification) return { ...base, certification: null, resources: null, error: MSG.certificationNotFound };
  // Not awaited: the page shows with 'Loading resources...' and the list streams in after.
  return { ...base, certification, resources: context.data.listResources(String(certification.id)), error: null };
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

function NotFound({ message }: { message: string }) {
  return (
    <div className="container py-5 text-center">
      <h1 className="h3 mb-3">{message}</h1>
      <Link to="/" className="btn btn-primary">
        {TEXT.backToCertifications}
      </Link>
    </div>
  );
}

function Detail({ cert, resources }: { cert: Certification; resources: Promise<unknown> | null }) {
  const user = useCurrentUser();
  const editor = useCertificationEditor();
  const revalidator = useRevalidator();
  const mine = user !== null && cert.submittedById === user.username;
  const approved = cert.status === 'APPROVED';
  return (
    <div className="container py-4">
      <Link to="/" className="btn btn-link px-0 mb-3">
        ← {TEXT.back}
      </Link>
      <article className="card shadow-sm">
        <div className="card-body d-flex gap-3">
          {approved && (
            <VoteWidget
              type="certification"
              id={cert.id}
              upvoteCount={cert.upvoteCount}
              downvoteCount={cert.downvoteCount}
              label={cert.name}
              viewerId={user?.id ?? null}
            />
          )}
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <h1 className="h3">{cert.name}</h1>
              {mine && (
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm align-self-start"
                  onClick={() => editor.edit(cert)}
                >
                  {TEXT.edit}
                </button>
              )}
            </div>
            <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
              <VendorBadge vendor={cert.vendor} />
              <code className="cert-code">{cert.certCode}</code>
              {!approved && <span className="badge text-bg-warning">{TEXT.pendingReview}</span>}
            </div>
            {mine && cert.pendingEdit && (
              <div className="alert alert-info" role="status" data-testid="edit-awaiting-review">
                {MSG.editAwaitingReview}
              </div>
            )}
            <Markdown source={cert.description} className="mb-3" />
            {cert.url && (
              <a href={cert.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
                {TEXT.officialPage}
              </a>
            )}
          </div>
        </div>
      </article>
      {approved && (
        <ResourceList
          certificationId={cert.id}
          certificationName={cert.name}
          resources={(resources ?? Promise.resolve([])) as Promise<never>}
          onChanged={() => void revalidator.revalidate()}
        />
      )}
      <DiscussionCard certificationId={cert.id} />
    </div>
  );
}

/**
 * A pending certification is shown to its submitter and moderators only; the server render knows no one,
 * so a signed-in member's browser asks once more with the member's token.
 */
function usePrivateCertification(requested: string | null, found: boolean) {
  const user = useCurrentUser();
  const [cert, setCert] = useState<Certification | null>(null);
  useEffect(() => {
    if (found || !user || !requested || !ID_OR_SLUG.test(requested)) return;
    const controller = new AbortController();
    api<Certification>(`/api/certification/${requested}`, { signal: controller.signal }).then(setCert, () => undefined);
    return () => controller.abort();
  }, [requested, found, user]);
  return cert;
}

export default function CertificationPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { certification, resources, error, requested } = loaderData;
  const [edited, setEdited] = useState<Certification | null>(null);
  const privateCert = usePrivateCertification(requested, certification !== null);
  const shown =
    (edited && edited.id === (certification ?? privateCert)?.id ? edited : null) ?? certification ?? privateCert;
  return (
    <CertificationEditorProvider
      onChanged={(cert) => {
        setEdited(cert);
        void revalidator.revalidate();
      }}
    >
      {shown ? (
        <Detail cert={shown} resources={resources} />
      ) : (
        <NotFound message={error ?? MSG.certificationNotFound} />
      )}
      <NoticeArea />
    </CertificationEditorProvider>
  );
}
