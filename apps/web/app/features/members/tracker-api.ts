import type { Certification, EmailSettings, TrackerEntry, TrackerEntryRequest } from '@certitude/shared';
import { api } from '../../lib/api-client';

/** The calls of "My certifications" and the email settings on /profile (docs/api.md#members). */

export function fetchTrackerEntries(): Promise<TrackerEntry[]> {
  return api<TrackerEntry[]>('/api/user/certifications');
}

export function saveTrackerEntry(certificationId: number, body: TrackerEntryRequest): Promise<TrackerEntry> {
  return api<TrackerEntry>(`/api/user/certifications/${certificationId}`, { method: 'PUT', body });
}

export async function removeTrackerEntry(certificationId: number): Promise<void> {
  await api<void>(`/api/user/certifications/${certificationId}`, { method: 'DELETE' });
}

/** The public catalogue, for choosing a certification to add. */
export function fetchCatalogue(): Promise<Certification[]> {
  return api<Certification[]>('/api/certification', { auth: false });
}

/** Which notifications are also emailed, and whether as one daily digest. */
export function fetchEmailSettings(): Promise<EmailSettings> {
  return api<EmailSettings>('/api/user/notification-settings');
}

export function saveEmailSettings(body: EmailSettings): Promise<EmailSettings> {
  return api<EmailSettings>('/api/user/notification-settings', { method: 'PUT', body });
}
