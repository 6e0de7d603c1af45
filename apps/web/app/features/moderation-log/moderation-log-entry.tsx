import {
  formatDateTime,
  MODERATION_ACTION_LABELS,
  MODERATION_LOG_TEXT,
  type ModerationAction,
  type PublicModerationEntry,
} from '@certitude/shared';
import { Link } from 'react-router';
import { MemberLink } from '../../components/member-link';

/** The action in words; an action this build does not know yet shows as the server names it. */
function actionLabel(action: string): string {
  return MODERATION_ACTION_LABELS[action as ModerationAction] ?? action;
}

/** Only a path on this site becomes a link (never another origin, never a script URL). */
function sitePath(link: string | null): string | null {
  return link && /^\/(?!\/)/.test(link) ? link : null;
}

/** Who acted: the moderator; members' flags for an item they hid with no moderator; else a moderator now gone. */
function actor(entry: PublicModerationEntry): string {
  if (entry.moderator !== null) return entry.moderator;
  return entry.action === 'HIDE_FLAGGED' ? MODERATION_LOG_TEXT.byFlags : MODERATION_LOG_TEXT.formerModerator;
}

/** One decision of the public moderation log (docs/product.md#moderation-log-page). */
export function ModerationLogEntry({ entry }: { entry: PublicModerationEntry }) {
  const title = entry.targetTitle ?? MODERATION_LOG_TEXT.noTitle;
  const link = sitePath(entry.targetLink);
  return (
    <li className="list-group-item py-3" data-testid="moderation-entry">
      <div className="d-flex flex-wrap column-gap-2 align-items-baseline">
        <strong>{actionLabel(entry.action)}</strong>
        <span data-testid="moderation-target">{link ? <Link to={link}>{title}</Link> : title}</span>
        <span className="text-body-secondary">
          {MODERATION_LOG_TEXT.by} {entry.moderator !== null ? <MemberLink username={entry.moderator} /> : actor(entry)}
        </span>
        <time className="text-body-secondary small ms-md-auto" dateTime={entry.createdAt}>
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {entry.reason && (
        <p className="mb-0 mt-1">
          <span className="text-body-secondary">{MODERATION_LOG_TEXT.reason}</span> {entry.reason}
        </p>
      )}
    </li>
  );
}
