import {
  FLAG_HIDE_THRESHOLD,
  MODERATION_LOG_TEXT,
  MODERATION_TARGET_TEXT,
  type PublicModerationEntry,
} from '@certitude/shared';
import type { PublicModerationRow } from './moderation-log.repository.js';

/** Anything shaped like an email address, wherever a moderator or a member may have typed one. */
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

function withoutEmails(text: string | null): string | null {
  return text === null ? null : text.replace(EMAIL, MODERATION_TARGET_TEXT.hiddenEmail);
}

const certificationPath = (slug: string) => `/certification/${slug}`;

/** The public title and link of an entry's target (docs/product.md#moderation-log-page). */
function target(row: PublicModerationRow): { title: string | null; link: string | null } {
  const { certification, parent, article, account } = row;
  const parentPublic = parent?.status === 'APPROVED';
  switch (row.itemType) {
    case 'certification':
      return {
        title: row.itemLabel,
        link: certification?.status === 'APPROVED' ? certificationPath(certification.slug) : null,
      };
    case 'resource':
      return {
        title: row.itemLabel,
        link: row.resource?.status === 'APPROVED' && parentPublic ? certificationPath(parent.slug) : null,
      };
    case 'comment':
      // Never the label: entries before migration 0011 hold the removed comment's words.
      return parentPublic
        ? { title: MODERATION_TARGET_TEXT.commentOn(parent.name), link: certificationPath(parent.slug) }
        : { title: MODERATION_TARGET_TEXT.comment, link: null };
    case 'rating':
      // A review flagged and hidden or removed (docs/product.md#flags): the label is its author, never its words.
      return parentPublic
        ? { title: MODERATION_TARGET_TEXT.reviewOn(parent.name), link: `${certificationPath(parent.slug)}#ratings` }
        : { title: MODERATION_TARGET_TEXT.review, link: null };
    case 'article':
      return {
        title: article?.published || row.articleWasPublished ? row.itemLabel : MODERATION_TARGET_TEXT.article,
        link: article?.published ? `/articles/${article.slug}` : null,
      };
    case 'user':
      return {
        title: account?.username ?? row.itemLabel,
        link: account && !account.isSystem && !row.accountSuspended ? `/u/${account.username}` : null,
      };
    default:
      return { title: null, link: null };
  }
}

/**
 * Why an item was hidden with no moderator: members' flags reached the threshold (docs/product.md#flags). Said in the
 * reason, so that the entry reads as the community's doing rather than a moderator's whose name is lost.
 */
function reasonOf(row: PublicModerationRow): string | null {
  if (row.action === 'HIDE_FLAGGED' && row.moderator === null && row.reason === null) {
    return MODERATION_LOG_TEXT.hiddenByFlags(FLAG_HIDE_THRESHOLD);
  }
  return withoutEmails(row.reason);
}

/**
 * One entry of the public log: what was done, by whom, to what and why; never an email address, a private note or the
 * words of a removed comment. The link is a path of this site, only while its page is public. An item members'
 * flags hid has no moderator (null) and says so in its reason.
 */
export function presentPublicEntry(row: PublicModerationRow): PublicModerationEntry {
  const { title, link } = target(row);
  return {
    id: row.id,
    action: row.action,
    moderator: row.moderator,
    targetType: row.itemType,
    targetTitle: withoutEmails(title),
    targetLink: link,
    reason: reasonOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
