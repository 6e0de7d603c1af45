import {
  memberBadgeSchema,
  type MemberBadge,
  certificationSchema,
  emailSettingsSchema,
  trackerEntrySchema,
  type Certification,
  type EmailSettings,
  type TrackerEntry,
  type TrackerEntryRequest,
} from '@certitude/shared';
import { api, listOf } from './api-client';

/** The calls of "My certifications" and the email settings on /profile (docs/api.md#members). */

export function fetchTrackerEntries(): Promise<TrackerEntry[]> {
  return api('/api/user/certifications', { schema: __CHECK_ANSWERS__ && listOf(trackerEntrySchema) });
}

export function saveTrackerEntry(certificationId: number, body: TrackerEntryRequest): Promise<TrackerEntry> {
  return api(`/api/user/certifications/${certificationId}`, {
    method: 'PUT',
    body,
    schema: __CHECK_ANSWERS__ && trackerEntrySchema,
  });
}

export async function removeTrackerEntry(certificationId: number): Promise<void> {
  await api<void>(`/api/user/certifications/${certificationId}`, { method: 'DELETE' });
}

/** The public catalogue, for choosing a certification to add. */
export function fetchCatalogue(): Promise<Certification[]> {
  return api('/api/certification', { auth: false, schema: __CHECK_ANSWERS__ && listOf(certificationSchema) });
}

/** Which notifications are also emailed, and whether as one daily digest. */
export function fetchEmailSettings(): Promise<EmailSettings> {
  return api('/api/user/notification-settings', { schema: __CHECK_ANSWERS__ && emailSettingsSchema });
}

export function saveEmailSettings(body: EmailSettings): Promise<EmailSettings> {
  return api('/api/user/notification-settings', {
    method: 'PUT',
    body,
    schema: __CHECK_ANSWERS__ && emailSettingsSchema,
  });
}

/** The member's Open Badges (docs/api.md#verified-holders). */
export function fetchBadges(): Promise<MemberBadge[]> {
  return api('/api/user/badges', { schema: __CHECK_ANSWERS__ && listOf(memberBadgeSchema) });
}

export function addBadge(url: string): Promise<MemberBadge> {
  return api('/api/user/badges', { method: 'POST', body: { url }, schema: __CHECK_ANSWERS__ && memberBadgeSchema });
}
