import { formatDay, type StaleFacts } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { fetchStaleFacts } from './admin-api';

/** The certifications whose facts were never checked, then those read over a year ago, oldest first. */
export function StaleFactsTab() {
  const [rows, setRows] = useState<StaleFacts | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchStaleFacts().then(setRows, (err: unknown) => setError(errorText(err, 'The stale facts could not be loaded.')));
  }, []);
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!rows) return null;
  if (rows.length === 0) return <p className="text-body-secondary">Every certification’s facts were read this year.</p>;
  return (
    <>
      <p className="text-body-secondary small">
        Certifications whose facts no page was ever read for, then those read over a year ago, oldest first.
      </p>
      <Table responsive size="sm" striped data-testid="stale-facts">
        <thead>
          <tr>
            <th>Certification</th>
            <th>Vendor</th>
            <th>Last checked</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`/certification/${r.slug}`}>{r.name}</Link>
              </td>
              <td>{r.vendor}</td>
              <td>{r.checkedOn ? formatDay(r.checkedOn) : 'Never'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
