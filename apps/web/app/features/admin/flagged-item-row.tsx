import { FLAG_REASON_LABELS, type FlagAction, type FlaggedItem, SUSPENSION_TEXT } from '@certitude/shared';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { flaggedItemName, FLAGS_TAB_TEXT as T, TARGET_TYPE_LABELS } from './flags-tab-text';
import { suspendedText } from './suspension-history';

/** The key, test id and heading id of a flagged item: its type and id. */
export const itemKey = (item: Pick<FlaggedItem, 'targetType' | 'targetId'>) => `${item.targetType}-${item.targetId}`;

/** One flagged item: what it is, who wrote it, the flags' reasons and notes, and the moderator's decisions. */
export function FlaggedItemRow({
  item,
  author,
  lifting,
  onDecide,
  onSuspend,
  onLift,
}: {
  item: FlaggedItem;
  /** The author the viewer may suspend; null hides the suspension controls. */
  author: { id: number; username: string } | null;
  lifting: boolean;
  onDecide(action: FlagAction): void;
  onSuspend(): void;
  onLift(): void;
}) {
  const titleId = `flagged-${itemKey(item)}-title`;
  return (
    <li className="list-group-item px-0" data-testid={`flagged-${itemKey(item)}`} aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <span className="badge text-bg-secondary">{TARGET_TYPE_LABELS[item.targetType]}</span>
        <h4 id={titleId} className="h6 mb-0">
          {item.link ? <Link to={item.link}>{item.title}</Link> : item.title}
        </h4>
        {item.hidden && <span className="badge text-bg-warning">{T.hidden}</span>}
        <span className="badge rounded-pill text-bg-danger">{T.flags(item.count)}</span>
      </div>
      {item.excerpt && (
        <blockquote className="border-start border-3 ps-2 mb-1 text-body-secondary small text-break">
          {item.excerpt}
        </blockquote>
      )}
      <p className="small mb-1">
        {item.authorId !== null && item.author ? (
          <>
            {T.byPrefix}
            <Link to={`/u/${encodeURIComponent(item.author)}`}>{item.author}</Link>
          </>
        ) : (
          T.by(item.author)
        )}
        {item.authorSuspension && (
          <span className="badge text-bg-warning ms-2" data-testid="author-suspended">
            {suspendedText(item.authorSuspension)}
          </span>
        )}
      </p>
      <ul className="list-inline small mb-1" aria-label={T.reasons}>
        {item.reasons.map((r) => (
          <li key={r.reason} className="list-inline-item">
            {FLAG_REASON_LABELS[r.reason]}: {r.count}
          </li>
        ))}
      </ul>
      {item.notes.length > 0 && (
        <>
          <h5 className="visually-hidden">{T.notes}</h5>
          <ul className="small mb-2 ps-3">
            {item.notes.map((n, i) => (
              <li key={i}>
                <strong>{n.username}</strong>: <span className="text-break">{n.note}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="d-flex gap-2">
        <Button size="sm" variant="outline-secondary" onClick={() => onDecide('DISMISS')}>
          {T.dismiss}
          <span className="visually-hidden">{T.dismissWhat(flaggedItemName(item))}</span>
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => onDecide('REMOVE')}>
          {T.remove}
          <span className="visually-hidden">{T.named(flaggedItemName(item))}</span>
        </Button>
        {author &&
          (item.authorSuspension ? (
            <Button size="sm" variant="outline-secondary" disabled={lifting} onClick={onLift}>
              {SUSPENSION_TEXT.lift}
              <span className="visually-hidden">{T.ofMember(author.username)}</span>
            </Button>
          ) : (
            <Button size="sm" variant="outline-danger" onClick={onSuspend}>
              {SUSPENSION_TEXT.suspendAuthor}
              <span className="visually-hidden">{T.named(author.username)}</span>
            </Button>
          ))}
      </div>
    </li>
  );
}
