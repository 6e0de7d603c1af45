import { formatDay, type StaleFacts } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { fetchStaleFacts } from './admin-api';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';

/** The certifications whose facts were never checked, then those read over a year ago, oldest first. */
export function StaleFactsTab() {
  const [rows, setRows] = useState<StaleFacts | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchStaleFacts().then(setRows, (err: unknown) => setError(errorText(err, ADMIN_PANEL_TEXT.staleLoadFailed)));
  }, []);
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!rows) return null;
  if (rows.length === 0) return <p className="text-body-secondary">{ADMIN_PANEL_TEXT.staleNone}</p>;
  return (
    <>
      <p className="text-body-secondary small">{ADMIN_PANEL_TEXT.staleIntro}</p>
      <Table responsive size="sm" striped data-testid="stale-facts">
        <thead>
          <tr>
            <th>{ADMIN_PANEL_TEXT.certification}</th>
            <th>{ADMIN_PANEL_TEXT.vendor}</th>
            <th>{ADMIN_PANEL_TEXT.lastChecked}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`/certification/${r.slug}`}>{r.name}</Link>
              </td>
              <td>{r.vendor}</td>
              <td>{r.checkedOn ? formatDay(r.checkedOn) : ADMIN_PANEL_TEXT.never}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
