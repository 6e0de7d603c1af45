import {
  can,
  formatDateTime,
  HISTORY_TEXT,
  MSG,
  PRODUCT_NAME,
  revisionSchema,
  TEXT,
  type Revision,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { MemberLink } from '../components/member-link';
import { ChangeView } from '../components/change-view';
import { api, errorText, listOf } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth-store';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/certification-history';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id.toLowerCase();
  const [certification, revisions] = await Promise.all([
    context.data.getCertification(id),
    context.data.listRevisions(id),
  ]);
  if (!certification || !revisions) throw new Response(MSG.certificationNotFound, { status: 404 });
  return { certification, revisions, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data)
    return [{ title: `${MSG.certificationNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  const cert = data.certification;
  return pageMeta({
    title: HISTORY_TEXT.title(cert.name),
    description: HISTORY_TEXT.description(cert.name),
    url: `${data.publicUrl}/certification/${cert.slug}/history`,
  });
};

const STATUS_LABELS: Record<Revision['status'], string> = {
  APPLIED: HISTORY_TEXT.applied,
  PENDING: HISTORY_TEXT.pending,
  REJECTED: HISTORY_TEXT.notApplied,
};

/** Who approved or turned down someone else's change; a change its author applied at once names nobody else. */
function DecidedBy({ revision }: { revision: Revision }) {
  const by = revision.decidedBy;
  if (!by || by === revision.author || revision.status === 'PENDING') return null;
  return (
    <span className="small" data-testid="decided-by">
      {revision.status === 'APPLIED' ? HISTORY_TEXT.approvedBy : HISTORY_TEXT.rejectedBy} <MemberLink username={by} />
    </span>
  );
}

function RevisionEntry({ revision, onReverted }: { revision: Revision; onReverted: () => void }) {
  const user = useCurrentUser();
  const [failure, setFailure] = useState<string | null>(null);
  const revert = async () => {
    try {
      await api(`/api/admin/revision/${revision.id}/revert`, {
        method: 'POST',
        schema: __CHECK_ANSWERS__ && revisionSchema,
      });
      onReverted();
    } catch (err) {
      setFailure(errorText(err, HISTORY_TEXT.revertFailed));
    }
  };
  return (
    <li className="list-group-item history-entry" data-testid="revision">
      <div className="d-flex flex-wrap gap-2 align-items-baseline mb-2">
        <strong>{revision.author ?? HISTORY_TEXT.formerMember}</strong>
        <span className="text-body-secondary small">{formatDateTime(revision.createdAt)}</span>
        <span
          className={`badge ${revision.status === 'APPLIED' ? 'text-bg-success' : revision.status === 'PENDING' ? 'text-bg-warning' : 'text-bg-secondary'}`}
        >
          {STATUS_LABELS[revision.status]}
        </span>
        <DecidedBy revision={revision} />
        {revision.revertOf !== null && <span className="small">{HISTORY_TEXT.revertsOf(revision.revertOf)}</span>}
        {revision.status === 'APPLIED' && can(user, 'moderate') && (
          <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={() => void revert()}>
            {HISTORY_TEXT.revert}
          </button>
        )}
      </div>
      {revision.withheld ? (
        <p className="mb-2 fst-italic text-body-secondary">{HISTORY_TEXT.withheld}</p>
      ) : (
        <p className="mb-2">{revision.summary}</p>
      )}
      {revision.reason && <p className="small text-body-secondary">{HISTORY_TEXT.moderatorReason(revision.reason)}</p>}
      {revision.changes.map((c) => (
        <ChangeView key={c.field} change={c} />
      ))}
      {failure && (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {failure}
        </div>
      )}
    </li>
  );
}

/**
 * The page is rendered for everyone (applied and rejected revisions, the latter without what they proposed). A
 * signed-in member asks again with their token: the answer then also holds the pending revisions they may see (their
 * own; all of them for moderators), and for moderators what the rejected ones proposed.
 */
function useRevisionsFor(slug: string, publicList: Revision[]): Revision[] {
  const user = useCurrentUser();
  const [own, setOwn] = useState<{ for: Revision[]; list: Revision[] } | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    api(`/api/certification/${encodeURIComponent(slug)}/revisions`, {
      schema: __CHECK_ANSWERS__ && listOf(revisionSchema),
    }).then(
      (list) => live && setOwn({ for: publicList, list }),
      () => undefined, // the public list stays: nothing the member did is lost
    );
    return () => {
      live = false;
    };
  }, [user, slug, publicList]);
  return user && own?.for === publicList ? own.list : publicList;
}

export default function CertificationHistory({ loaderData }: Route.ComponentProps) {
  const { certification: cert } = loaderData;
  const revisions = useRevisionsFor(cert.slug, loaderData.revisions);
  const revalidator = useRevalidator();
  return (
    <div className="container py-4">
      <Link to={`/certification/${cert.slug}`} className="btn btn-link px-0 mb-3">
        ← {cert.name}
      </Link>
      <h1 className="h3 mb-3">{HISTORY_TEXT.title(cert.name)}</h1>
      {revisions.length === 0 ? (
        <p className="text-body-secondary">{HISTORY_TEXT.unchanged}</p>
      ) : (
        <ol className="list-group" reversed aria-label={HISTORY_TEXT.revisions}>
          {revisions.map((r) => (
            <RevisionEntry key={r.id} revision={r} onReverted={() => void revalidator.revalidate()} />
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container py-5 text-center">
      <h1 className="h3 mb-3">{MSG.certificationNotFound}</h1>
      <Link to="/" className="btn btn-primary">
        {TEXT.backToCertifications}
      </Link>
    </div>
  );
}
