/** Fixtures of the members' tests (happy-dom): tracker entries, notifications, email settings. */
import type { EmailSettings, Notification, TrackerEntry, ValidityKind } from '@certitude/shared';

export function certRef(id: number, validity: ValidityKind = 'LIMITED') {
  return { id, slug: `cert-${id}`, name: `Certification ${id}`, vendor: 'Vendor', certCode: `C-${id}`, validity };
}

export function trackerEntry(id: number, over: Partial<TrackerEntry> = {}): TrackerEntry {
  return {
    certification: certRef(id),
    status: 'HELD',
    earnedOn: '2024-03-01',
    expiresOn: '2097-03-01',
    expirySetByMember: false,
    targetDate: null,
    public: false,
    createdAt: '2024-03-02T10:00:00.000Z',
    updatedAt: '2024-03-02T10:00:00.000Z',
    ...over,
  };
}

export function notification(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'COMMENT_REPLY',
    text: `bob replied to your comment on Certification ${id}`,
    link: `/certification/cert-${id}#comment-${id * 10}`,
    createdAt: new Date(Date.now() - id * 60_000).toISOString(),
    readAt: null,
    ...over,
  };
}

export const emailSettings: EmailSettings = {
  email: { replies: true, decisions: true, watched: false, expiry: true, digest: false },
};
