import {
  ADMIN_TEXT,
  TEXT,
  REASON_MAX,
  formatDateTime,
  type PendingCertification,
  type PendingResource,
  type Revision,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { ChangeView } from '../../components/change-view';
import { approveItem, fetchPending, rejectItem, type ItemKind, type PendingItems } from './admin-api';
import { refreshPendingCount, setPendingTotal } from './pending-count-store';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';

interface QueueItem {
  kind: ItemKind;
  /** A proposed revision: its changes, shown as a diff. */
  changes?: Revision['changes'];
  /** A member's edit of a published certification (the values shown are the proposed ones). */
  edit: boolean;
  /** A published item members' flags hid: listed apart from new submissions (docs/product.md#flags). */
  held: boolean;
  /** What the moderator is shown, sent back with the decision (409 when the item changed since); none for revisions. */
  version?: string;
  id: number;
  title: string;
  details: { label: string; value: string }[];
  url: string;
  /** A page of this site about the item (a revision's certification history). */
  link?: string;
  description: string;
  submittedBy: string | null;
  createdAt: string;
}

function toItems(p: PendingItems): QueueItem[] {
  const certs = p.certifications.map((c: PendingCertification): QueueItem => ({
    kind: 'certification',
    edit: c.pendingEdit === true,
    held: c.hiddenByFlags === true,
    version: c.version,
    id: c.id,
    title: c.name,
    details: [
      { label: 'Code', value: c.certCode },
      { label: 'Vendor', value: c.vendor },
    ],
    url: c.url,
    description: c.description,
    submittedBy: c.submittedById,
    createdAt: c.createdAt,
  }));
  const res = p.resources.map((r: PendingResource): QueueItem => ({
    kind: 'resource',
    edit: false,
    held: r.hiddenByFlags === true,
    version: r.version,
    id: r.id,
    title: r.name,
    details: [
      { label: 'Type', value: r.type },
      { label: 'Paid', value: r.paid ? 'Yes' : 'No' },
      { label: 'Certification', value: r.certificationName },
    ],
    url: r.url,
    description: r.description,
    submittedBy: r.submittedById,
    createdAt: r.createdAt,
  }));
  const revisions = (p.revisions ?? []).map((r: Revision): QueueItem => ({
    kind: 'revision',
    edit: true,
    held: false,
    changes: r.changes,
    id: r.id,
    title: `Suggested edit of ${r.certification.name}`,
    details: [],
    url: '',
    link: `/certification/${r.certification.slug}/history`,
    description: r.summary,
    submittedBy: r.author,
    createdAt: r.createdAt,
  }));
  return [...certs, ...res, ...revisions];
}

function QueueCard({ item, onDone }: { item: QueueItem; onDone: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (decide: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await decide();
      onDone();
    } catch (err) {
      setError(errorText(err, fallback));
      setBusy(false);
    }
  };

  return (
    <Card className="mb-3" data-testid={`pending-${item.kind}-${item.id}`}>
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <span className="badge bg-secondary text-capitalize me-2">{item.kind}</span>
            {item.edit && <span className="badge bg-warning text-dark me-2">{ADMIN_TEXT.editOfPublished}</span>}
            {item.held && (
              <span className="badge bg-danger me-2" title={ADMIN_TEXT.hiddenByFlagsHint}>
                {ADMIN_TEXT.hiddenByFlags}
              </span>
            )}
            <strong>{item.link ? <a href={item.link}>{item.title}</a> : item.title}</strong>
          </div>
          <small className="text-body-secondary">
            {item.submittedBy ?? ADMIN_PANEL_TEXT.unknownSubmitter} · {formatDateTime(item.createdAt)}
          </small>
        </div>
        <p className="mb-1 mt-2">{item.description}</p>
        {item.changes && (
          <div className="history-entry border rounded p-2 mb-2">
            {item.changes.map((c) => (
              <ChangeView key={c.field} change={c} />
            ))}
          </div>
        )}
        <ul className="list-inline small text-body-secondary mb-2">
          {item.details.map((d) => (
            <li key={d.label} className="list-inline-item">
              {d.label}: {d.value}
            </li>
          ))}
          {item.url && (
            <li className="list-inline-item">
              <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
                {item.url}
              </a>
            </li>
          )}
        </ul>
        {error && <Alert variant="danger">{error}</Alert>}
        {rejecting ? (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void act(() => rejectItem(item.kind, item.id, reason.trim(), item.version), ADMIN_TEXT.rejectFailed);
            }}
          >
            <Form.Group controlId={`reason-${item.kind}-${item.id}`} className="mb-2">
              <Form.Label>{ADMIN_TEXT.rejectReason}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                autoFocus
              />
            </Form.Group>
            <Button type="submit" variant="danger" size="sm" disabled={busy || reason.trim() === ''}>
              {ADMIN_TEXT.reject}
            </Button>{' '}
            <Button variant="outline-secondary" size="sm" onClick={() => setRejecting(false)} disabled={busy}>
              {TEXT.cancel}
            </Button>
          </Form>
        ) : (
          <div className="d-flex gap-2">
            <Button
              variant="success"
              size="sm"
              disabled={busy}
              onClick={() => void act(() => approveItem(item.kind, item.id, item.version), ADMIN_TEXT.approveFailed)}
            >
              {ADMIN_TEXT.approve}
            </Button>
            <Button variant="outline-danger" size="sm" disabled={busy} onClick={() => setRejecting(true)}>
              {ADMIN_TEXT.reject}
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** Published items the flags hid first, apart: they were public, and Reject there removes them. */
const QUEUE_SECTIONS: { key: string; heading: string; holds: (i: QueueItem) => boolean }[] = [
  { key: 'held', heading: ADMIN_TEXT.queueHiddenByFlags, holds: (i) => i.held },
  {
    key: 'certification',
    heading: ADMIN_TEXT.queueCertifications,
    holds: (i) => !i.held && i.kind === 'certification',
  },
  { key: 'resource', heading: ADMIN_TEXT.queueResources, holds: (i) => !i.held && i.kind === 'resource' },
  { key: 'revision', heading: ADMIN_TEXT.queueRevisions, holds: (i) => i.kind === 'revision' },
];

/** The items waiting for review, oldest first; each decision updates the navbar badge at once. */
export function ReviewQueue() {
  const [items, setItems] = useState<QueueItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchPending().then(
      (pending) => {
        setItems(toItems(pending));
        setPendingTotal(pending.certifications.length + pending.resources.length + (pending.revisions ?? []).length);
      },
      (err: unknown) => setError(errorText(err, ADMIN_TEXT.loadPendingFailed)),
    );
  }, []);

  const done = (item: QueueItem) => {
    setItems((list) => list?.filter((i) => !(i.kind === item.kind && i.id === item.id)) ?? null);
    void refreshPendingCount();
  };

  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!items) return <Spinner animation="border" size="sm" role="status" />;
  if (items.length === 0) return <p className="text-body-secondary">{ADMIN_TEXT.nothingPending}</p>;
  // One list each: items the flags hid, new certifications, new resources, suggested edits of published ones.
  return (
    <div>
      {QUEUE_SECTIONS.map(({ key, heading, holds }) => {
        const ofKind = items.filter(holds);
        if (ofKind.length === 0) return null;
        return (
          <section key={key} aria-labelledby={`queue-${key}`} className="mb-4">
            <h2 id={`queue-${key}`} className="h5">
              {heading} ({ofKind.length})
            </h2>
            {ofKind.map((item) => (
              <QueueCard key={`${item.kind}-${item.id}`} item={item} onDone={() => done(item)} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
