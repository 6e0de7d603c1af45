import { formatDateTime, type Suspension, SUSPENSION_TEXT } from '@certitude/shared';
import { Alert, Spinner, Table } from 'react-bootstrap';

export type HistoryState =
  { status: 'loading' } | { status: 'error'; text: string } | { status: 'ready'; history: Suspension[] };

/** The badge of a suspended account: 'Suspended until {day, time UTC}' or 'Suspended until lifted'. */
export function suspendedText(s: Suspension): string {
  return s.endsAt ? SUSPENSION_TEXT.suspendedUntil(formatDateTime(s.endsAt)) : SUSPENSION_TEXT.suspendedUntilLifted;
}

function state(s: Suspension): string {
  if (s.liftedAt) return SUSPENSION_TEXT.liftedBy(s.liftedBy, formatDateTime(s.liftedAt));
  return s.active ? SUSPENSION_TEXT.inForce : SUSPENSION_TEXT.ended;
}

/** An account's suspensions, newest first, as GET /api/admin/users/{id}/suspensions answers them. */
export function SuspensionHistory({ username, history }: { username: string; history: HistoryState }) {
  if (history.status === 'loading') return <Spinner animation="border" size="sm" role="status" />;
  if (history.status === 'error')
    return (
      <Alert variant="danger" className="mb-0">
        {history.text}
      </Alert>
    );
  if (history.history.length === 0) return <p className="mb-0 text-body-secondary">{SUSPENSION_TEXT.noHistory}</p>;
  return (
    <Table size="sm" className="mb-0" data-testid={`suspensions-${username}`}>
      <caption className="caption-top">{SUSPENSION_TEXT.historyCaption(username)}</caption>
      <thead>
        <tr>
          <th scope="col">{SUSPENSION_TEXT.from}</th>
          <th scope="col">{SUSPENSION_TEXT.until}</th>
          <th scope="col">{SUSPENSION_TEXT.by}</th>
          <th scope="col">{SUSPENSION_TEXT.reason}</th>
          <th scope="col">{SUSPENSION_TEXT.state}</th>
        </tr>
      </thead>
      <tbody>
        {history.history.map((s) => (
          <tr key={s.id}>
            <td>
              <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
            </td>
            <td>
              {s.endsAt ? <time dateTime={s.endsAt}>{formatDateTime(s.endsAt)}</time> : SUSPENSION_TEXT.untilLifted}
            </td>
            <td>{s.moderator ?? SUSPENSION_TEXT.formerModerator}</td>
            <td>{s.reason}</td>
            <td>{state(s)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
