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

/** Decisions on a submission that was never public: its title stays with the moderators. */
const REJECTIONS = new Set(['REJECT_CERTIFICATION', 'REJECT_RESOURCE']);

/**
 * The title of a certification or resource entry: named to everyone only while the item is public and the entry is
 * not the rejection of a submission (a rejected title may be a phishing name or someone's personal data, and a removed
 * item's is what was taken down); to moderators and admins (`staff`) always.
 */
function catalogueTitle(row: PublicModerationRow, isPublic: boolean, staff: boolean, hidden: string): string | null {
  if (staff || (isPublic && !REJECTIONS.has(row.action))) return row.itemLabel;
  return hidden;
}

/** The public title and link of an entry's target (docs/product.md#moderation-log-page). */
function target(row: PublicModerationRow, staff: boolean): { title: string | null; link: string | null } {
  const { certification, parent, article, account } = row;
  const parentPublic = parent?.status === 'APPROVED';
  switch (row.itemType) {
    case 'certification': {
      const isPublic = certification?.status === 'APPROVED';
      return {
        title: catalogueTitle(row, isPublic, staff, MODERATION_TARGET_TEXT.certification),
        link: isPublic ? certificationPath(certification.slug) : null,
      };
    }
    case 'resource': {
      const isPublic = row.resource?.status === 'APPROVED' && parentPublic;
      return {
        title: catalogueTitle(row, isPublic, staff, MODERATION_TARGET_TEXT.resource),
        link: isPublic ? certificationPath(parent.slug) : null,
      };
    }
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
 * words of a removed comment, nor the title of a rejected submission or of a catalogue item that is not public
 * (`staff`: a moderator or admin reads those titles). The link is a path of this site, only while its page is public.
 * An item members' flags hid has no moderator (null) and says so in its reason.
 */
export function presentPublicEntry(row: PublicModerationRow, staff = false): PublicModerationEntry {
  const { title, link } = target(row, staff);
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
