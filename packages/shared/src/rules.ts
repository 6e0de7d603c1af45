/**
 * The rules of docs/product.md#rules as plain functions, free of zod, so the web app can use them without
 * loading the schema library on first paint. The schemas build on these.
 */
import { COMMENT_MAX, COMMENT_MIN, PASSWORD_MIN } from './limits.js';
import { MSG } from './text/messages.js';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Turns a free text into a URL slug: lowercase ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** The five criteria of the reset-password strength indicator (docs/product.md#accounts). */
export function passwordCriteria(password: string) {
  return {
    length: password.length >= PASSWORD_MIN,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

/** Weak if fewer than 3 of 5 criteria, Medium 3-4, Strong 5. */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  if (met < 3) return 'Weak';
  if (met < 5) return 'Medium';
  return 'Strong';
}

/** Script tags, javascript: links and inline event handlers (docs/product.md#comments). */
/**
 * Script tags, javascript: links and inline event handlers (docs/product.md#comments). An event handler counts only inside
 * something that looks like a tag, so that prose such as "one = two" or "online=yes" passes.
 */
const DANGEROUS = [/<\s*\/?\s*script\b/i, /javascript\s*:/i, /<[^>]*[\s"'/]on[a-z]+\s*=/i];

export function isDangerousContent(text: string): boolean {
  return DANGEROUS.some((re) => re.test(text));
}

/** The comment rule (docs/product.md#comments), checked in this order on the trimmed text. */
export function commentContentError(raw: string): string | null {
  const content = raw.trim();
  if (content.length === 0) return MSG.commentEmpty;
  if (content.length > COMMENT_MAX) return MSG.commentTooLong;
  if (content.length < COMMENT_MIN) return MSG.commentTooShort;
  if (isDangerousContent(content)) return MSG.commentDangerous;
  return null;
}

/** The score (docs/product.md#voting): upvotes minus downvotes. */
export function scoreOf(item: { upvoteCount: number; downvoteCount: number }): number {
  return item.upvoteCount - item.downvoteCount;
}
