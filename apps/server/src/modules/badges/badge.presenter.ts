import type { MemberBadge } from '@certitude/shared';
import type { BadgeRow } from './badge.repository.js';

/** A badge as the contract shows it (docs/api.md#verified-holders): never its credential or the member's address. */
export function presentBadge(row: BadgeRow): MemberBadge {
  return {
    id: row.id,
    certification: row.certification,
    issuer: { name: row.issuerName, url: row.issuerUrl },
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}
