import {
  can,
  HISTORY_TEXT,
  MSG,
  PRODUCT_NAME,
  TEXT,
  type Certification,
  type DiscussionPage,
  type NextStep,
  type RatingsPage,
} from '@certitude/shared';
import { THREADS_PER_PAGE } from '../features/discussion/comments-api';
import { commentContents } from '../features/discussion/comment-tree';
import { lazy, Suspense, useState } from 'react';
import { data, useRevalidator } from 'react-router';
import { RenderedMarkdown } from '../components/markdown';
import { renderEach } from '../components/markdown-render';
import { CertificationEditorProvider, useCertificationEditor } from '../features/catalogue/certification-editor';
import { ExamFactsCard, LifecycleBanner } from '../features/catalogue/exam-facts-card';
import { useWaitingSuggestions } from '../features/history/use-waiting-suggestions';
import { BackLink, NotFound } from '../features/catalogue/certification-page-links';
import { ID_OR_SLUG, usePrivateCertification } from '../features/catalogue/use-private-certification';
import { NoticeArea } from '../components/notices';
import { ResourceList } from '../features/catalogue/resource-list';
import '../features/catalogue/catalogue.css';
import { DiscussionCard } from '../features/discussion/discussion-card';
import { CertificationPaths } from '../features/paths/certification-paths';
import { RatingsCard } from '../features/ratings/ratings-card';
import { useCurrentUser } from '../lib/auth-store';
import { pageMeta } from '../lib/meta';
import { metaDescription } from '../lib/meta-description';
import type { Route } from './+types/certification';
import { CertificationHeader } from './certification-header';

// The form loads when a member opens it.
const SuggestEditForm = lazy(() => import('../features/history/suggest-edit-form'));

/** One settled promise for a certification the loader did not find (a pending one fetched by the browser). */
const NO_RESOURCES = Promise.resolve([]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id?.toLowerCase();
  const base = { publicUrl: context.publicUrl, requested: id ?? null };
  // The page still renders (a pending certification's submitter sees it once the browser asks with a token), but
  // answers 404: a certification that is not public is no page for search engines to index.
  const missing = (error: string) =>
    data(
      {
        ...base,
        certification: null,
        resources: null,
        ratings: null,
        discussion: null,
        nextSteps: null,
        markdown: {},
        error,
      },
      { status: 404 },
    );
  if (!id) return missing(MSG.invalidCertificationId);
  const certification = ID_OR_SLUG.test(id) ? await context.data.getCertification(id) : null;
  if (!certification) return missing(MSG.certificationNotFound);
  // Not awaited: the page shows with 'Loading resources...' and the list streams in after.
  const resources = context.data.listResources(String(certification.id));
  // Awaited: the rating summary, its charts, what to take next and the first page of the discussion are part of
  // the first HTML.
  const [ratings, discussion, nextSteps] = await Promise.all([
    context.data.ratings(String(certification.id), 5),
    context.data.discussionFirstPage(String(certification.id), THREADS_PER_PAGE),
    context.data.nextSteps(String(certification.id)),
  ]);
  // The page's markdown (description, reviews, comments) as HTML: the browser needs no renderer for the first render.
  const markdown = renderEach([
    certification.description,
    ...(ratings?.reviews ?? []).map((r) => r.review ?? ''),
    ...commentContents(discussion?.threads ?? []),
  ]);
  return { ...base, certification, resources, ratings, discussion, nextSteps, markdown, error: null };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const cert = data?.certification;
  if (!cert)
    return [{ title: `${MSG.certificationNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  const url = `${data.publicUrl}/certification/${cert.slug}`;
  const description =
    metaDescription(cert.description) ||
    `${cert.name}${cert.certCode ? ` (${cert.certCode})` : ''} by ${cert.vendor}: community votes, discussion and learning resources on ${PRODUCT_NAME}.`;
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
      ...(data.discussion && data.discussion.commentCount > 0
        ? {
            subjectOf: {
              '@type': 'DiscussionForumPosting',
              headline: `Discussion of ${cert.name}`,
              url: `${url}#discussion-title`,
              commentCount: data.discussion.commentCount,
              ...(data.discussion.latestCommentAt ? { dateModified: data.discussion.latestCommentAt } : {}),
            },
          }
        : {}),
    },
  });
};

function Detail({
  cert,
  resources,
  ratings,
  discussion,
  nextSteps,
}: {
  cert: Certification;
  resources: Promise<unknown> | null;
  ratings: RatingsPage | null;
  discussion: DiscussionPage | null;
  nextSteps: NextStep[] | null;
}) {
  const user = useCurrentUser();
  const editor = useCertificationEditor();
  const revalidator = useRevalidator();
  const subject = { status: cert.status, submittedBy: cert.submittedById, held: cert.hiddenByFlags ?? false };
  const editable = can(user, 'certification:edit', subject);
  const [suggesting, setSuggesting] = useState(false);
  const [suggested, setSuggested] = useState<string | null>(null);
  const waiting = useWaitingSuggestions(cert.slug, user, suggested);
  const approved = cert.status === 'APPROVED';
  return (
    <div className="container py-4">
      <BackLink />
      <LifecycleBanner cert={cert} />
      <CertificationHeader cert={cert} user={user} editable={editable} onEdit={() => editor.edit(cert)} />
      {suggested && (
        <div className="alert alert-success mt-3" role="status" data-testid="suggestion-sent">
          {suggested}
        </div>
      )}
      {suggesting ? (
        <Suspense fallback={<p className="text-body-secondary mt-3">{TEXT.loadingForm}</p>}>
          <SuggestEditForm
            cert={cert}
            onClose={() => setSuggesting(false)}
            onSaved={(revision) => {
              setSuggesting(false);
              setSuggested(revision.status === 'APPLIED' ? MSG.revisionApplied : MSG.revisionPending);
              if (revision.status === 'APPLIED') void revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : (
        can(user, 'certification:suggest', subject) && (
          <button type="button" className="btn btn-outline-secondary btn-sm mt-3" onClick={() => setSuggesting(true)}>
            {HISTORY_TEXT.suggestEdit}
          </button>
        )
      )}
      <ExamFactsCard cert={cert} waiting={waiting} />
      {approved && <CertificationPaths cert={cert} nextSteps={nextSteps ?? []} />}
      {approved && ratings && <RatingsCard certificationId={cert.id} initial={ratings} />}
      {approved && (
        <ResourceList
          certificationId={cert.id}
          certificationName={cert.name}
          resources={(resources ?? NO_RESOURCES) as Promise<never>}
          onChanged={() => void revalidator.revalidate()}
        />
      )}
      <DiscussionCard certificationId={cert.id} initial={discussion} />
    </div>
  );
}

export default function CertificationPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { certification, resources, ratings, discussion, nextSteps, markdown, error, requested } = loaderData;
  const [edited, setEdited] = useState<Certification | null>(null);
  const privateCert = usePrivateCertification(requested, certification !== null);
  const shown =
    (edited && edited.id === (certification ?? privateCert)?.id ? edited : null) ?? certification ?? privateCert;
  return (
    <RenderedMarkdown html={markdown}>
      <CertificationEditorProvider
        onChanged={(cert) => {
          setEdited(cert);
          void revalidator.revalidate();
        }}
      >
        {shown ? (
          <Detail
            cert={shown}
            resources={resources}
            ratings={shown.id === certification?.id ? ratings : null}
            discussion={shown.id === certification?.id ? discussion : null}
            nextSteps={shown.id === certification?.id ? nextSteps : null}
          />
        ) : (
          <NotFound message={error ?? MSG.certificationNotFound} />
        )}
        <NoticeArea />
      </CertificationEditorProvider>
    </RenderedMarkdown>
  );
}
