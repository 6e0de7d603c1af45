import { MSG, TEXT, type Resource } from '@certitude/shared';
import { lazy, memo, Suspense, useState } from 'react';
import { Await } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { FlagButton } from '../../components/flag-button';
import { FACTS_TEXT } from './facts-text';
import { RESOURCE_TYPE_LABELS } from './resource-labels';
import { ItemVoteWidget } from './vote-widget';

const ResourceFormModal = lazy(() => import('./resource-form-modal'));
const SubmissionConfirmationModal = lazy(() => import('./submission-confirmation-modal'));

function ResourceItem({ resource }: { resource: Resource }) {
  const viewerId = useCurrentUser()?.id ?? null;
  return (
    <li className="card mb-2">
      <div className="card-body d-flex gap-3">
        <ItemVoteWidget type="resource" item={resource} viewerId={viewerId} />
        <div className="min-w-0">
          <div className="d-flex flex-wrap gap-2 mb-1">
            <span className="badge text-bg-info">{RESOURCE_TYPE_LABELS[resource.type]}</span>
            <span className={`badge ${resource.paid ? 'text-bg-warning' : 'text-bg-success'}`}>
              {resource.paid ? FACTS_TEXT.paid : FACTS_TEXT.free}
            </span>
          </div>
          <h3 className="h6 mb-1">
            <a href={resource.url} target="_blank" rel="noopener noreferrer nofollow">
              {resource.name}
            </a>
          </h3>
          <p className="mb-0 text-body-secondary">{resource.description}</p>
          <FlagButton
            targetType="resource"
            targetId={resource.id}
            what="resource"
            author={resource.submittedById}
            className="ps-0"
          />
        </div>
      </div>
    </li>
  );
}

function Resources({ list }: { list: Resource[] }) {
  if (list.length === 0) {
    return (
      <div className="text-center py-3">
        <h3 className="h6">{TEXT.noResourcesAvailable}</h3>
        <p className="text-body-secondary mb-0">{TEXT.noResourcesText}</p>
      </div>
    );
  }
  return (
    <ul className="list-unstyled mb-0" aria-label={FACTS_TEXT.resources}>
      {list.map((r) => (
        <ResourceItem key={r.id} resource={r} />
      ))}
    </ul>
  );
}

/**
 * The streamed part of the card: 'Loading resources...' in the first HTML, then the list when the server has it.
 * Memoized on the promise alone, so that nothing re-renders this boundary while it waits to hydrate. React
 * client-renders a still-pending streamed boundary whose parent re-renders with new props (a signed-in member
 * appearing after hydration, the router settling), and then leaves the server's late copy of the list hidden in
 * the page: every link twice.
 */
const StreamedResources = memo(function StreamedResources({ resources }: { resources: Promise<Resource[] | null> }) {
  return (
    <Suspense fallback={<p className="text-body-secondary mb-0">{TEXT.loadingResources}</p>}>
      <Await
        resolve={resources}
        errorElement={
          <div className="alert alert-danger mb-0" role="alert">
            {MSG.fetchResourcesFailed}
          </div>
        }
      >
        {(list) => <Resources list={list ?? []} />}
      </Await>
    </Suspense>
  );
});

/**
 * The Learning Resources card of the detail page (docs/product.md#learning-resources): loading, empty and error states, and Submit
 * Resource for members. `resources` is the loader's deferred answer, so the page shows before it.
 */
export function ResourceList({
  certificationId,
  certificationName,
  resources,
  onChanged,
}: {
  certificationId: number;
  certificationName: string;
  resources: Promise<Resource[] | null>;
  onChanged: () => void;
}) {
  const user = useCurrentUser();
  const [open, setOpen] = useState<'form' | 'submitted' | null>(null);
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="resources-title">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-center mb-3 gap-2">
          <h2 id="resources-title" className="h5 mb-0">
            {TEXT.learningResources}
          </h2>
          {user && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen('form')}>
              {TEXT.submitResource}
            </button>
          )}
        </div>
        <StreamedResources resources={resources} />
      </div>
      <Suspense fallback={null}>
        {open === 'form' && (
          <ResourceFormModal
            certificationId={certificationId}
            certificationName={certificationName}
            onClose={() => setOpen(null)}
            onSaved={(r) => {
              setOpen('submitted');
              if (r.status === 'APPROVED') onChanged();
            }}
          />
        )}
        {open === 'submitted' && <SubmissionConfirmationModal kind="resource" onClose={() => setOpen(null)} />}
      </Suspense>
    </section>
  );
}
