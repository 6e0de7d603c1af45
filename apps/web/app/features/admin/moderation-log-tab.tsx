import { ADMIN_TEXT, formatDateTime, type ModerationEntry } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { fetchAuditLog } from './admin-api';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';

/** Who did what to which item, why and when, newest first. */
export function ModerationLogTab() {
  const [entries, setEntries] = useState<ModerationEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchAuditLog().then(setEntries, (err: unknown) => setError(errorText(err, ADMIN_TEXT.loadLogFailed)));
  }, []);
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!entries) return null;
  if (entries.length === 0) return <p className="text-body-secondary">{ADMIN_TEXT.noEntries}</p>;
  return (
    <Table responsive size="sm" striped>
      <thead>
        <tr>
          <th>{ADMIN_PANEL_TEXT.when}</th>
          <th>{ADMIN_PANEL_TEXT.who}</th>
          <th>{ADMIN_PANEL_TEXT.action}</th>
          <th>{ADMIN_PANEL_TEXT.item}</th>
          <th>{ADMIN_PANEL_TEXT.reason}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDateTime(e.createdAt)}</td>
            <td>{e.moderator ?? '—'}</td>
            <td>{e.action}</td>
            <td>
              {e.itemType} #{e.itemId}
              {e.itemLabel ? `: ${e.itemLabel}` : ''}
            </td>
            <td>{e.reason ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
