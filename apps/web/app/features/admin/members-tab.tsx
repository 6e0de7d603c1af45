import {
  ADMIN_TEXT,
  can,
  ROLES,
  SUSPENSION_TEXT,
  VOTE_REVERSAL_TEXT,
  type AdminUser,
  type Role,
  type SuspensionState,
} from '@certitude/shared';
import { Fragment, useEffect, useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { changeRole, fetchSuspensions, liftSuspension, searchUsers } from './admin-api';
import { ReverseVotesDialog } from './reverse-votes-dialog';
import { SuspendDialog } from './suspend-dialog';
import { SuspensionHistory, suspendedText, type HistoryState } from './suspension-history';

/**
 * Find members, change their roles (admins), suspend them and lift suspensions, reverse an account's votes (admins;
 * docs/product.md#admin-panel, docs/product.md#reversing-votes). A
 * control shows only where the policy lets the viewer act; the server keeps its own rules (self, last admin).
 */
export function MembersTab() {
  const me = useCurrentUser();
  const administer = can(me, 'administer');
  const [q, setQ] = useState('');
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [reversing, setReversing] = useState<AdminUser | null>(null);
  const [histories, setHistories] = useState<Record<number, HistoryState>>({});

  useEffect(() => {
    const timer = setTimeout(() => {
      searchUsers(q).then(setUsers, (err: unknown) =>
        setNotice({ variant: 'danger', text: errorText(err, ADMIN_TEXT.changeRoleFailed) }),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);

  const onRole = async (user: AdminUser, role: Role) => {
    setNotice(null);
    try {
      const updated = await changeRole(user.id, role);
      setUsers((list) => list.map((u) => (u.id === updated.id ? { ...u, ...updated } : u)));
      setNotice({ variant: 'success', text: `${ADMIN_TEXT.roleChanged}: ${updated.username} is now ${updated.role}` });
    } catch (err) {
      setNotice({ variant: 'danger', text: errorText(err, ADMIN_TEXT.changeRoleFailed) });
    }
  };

  /** The answer of a suspend or a lift: the row's suspension in force, and its history if it is shown. */
  const applyState = (state: SuspensionState) => {
    setUsers((list) => list.map((u) => (u.id === state.userId ? { ...u, suspension: state.current } : u)));
    setHistories((h) => (h[state.userId] ? { ...h, [state.userId]: { status: 'ready', history: state.history } } : h));
  };

  const onLift = async (user: AdminUser) => {
    setNotice(null);
    try {
      applyState(await liftSuspension(user.id));
      setNotice({ variant: 'success', text: SUSPENSION_TEXT.liftedNotice(user.username) });
    } catch (err) {
      setNotice({ variant: 'danger', text: errorText(err, SUSPENSION_TEXT.liftFailed) });
    }
  };

  const toggleHistory = (user: AdminUser) => {
    if (histories[user.id]) {
      setHistories((h) => {
        const rest = { ...h };
        delete rest[user.id];
        return rest;
      });
      return;
    }
    setHistories((h) => ({ ...h, [user.id]: { status: 'loading' } }));
    fetchSuspensions(user.id).then(
      (state) =>
        setHistories((h) => (h[user.id] ? { ...h, [user.id]: { status: 'ready', history: state.history } } : h)),
      (err: unknown) =>
        setHistories((h) =>
          h[user.id]
            ? { ...h, [user.id]: { status: 'error', text: errorText(err, SUSPENSION_TEXT.loadHistoryFailed) } }
            : h,
        ),
    );
  };

  return (
    <div>
      <Form.Control
        type="search"
        placeholder={ADMIN_TEXT.searchMembers}
        aria-label={ADMIN_TEXT.searchMembers}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className="mb-3"
        maxLength={100}
      />
      {notice && (
        <Alert variant={notice.variant} onClose={() => setNotice(null)} dismissible>
          {notice.text}
        </Alert>
      )}
      <Table responsive size="sm">
        <thead>
          <tr>
            <th>Username</th>
            <th>Email</th>
            <th>Role</th>
            <th>{SUSPENSION_TEXT.column}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => {
            const mayAct = can(me, 'user:suspend', u);
            const history = histories[u.id];
            return (
              <Fragment key={u.id}>
                <tr data-testid={`member-${u.username}`}>
                  <td>{u.username}</td>
                  <td>{u.email}</td>
                  <td>
                    {administer ? (
                      <Form.Select
                        size="sm"
                        aria-label={`Role of ${u.username}`}
                        value={u.role}
                        disabled={u.id === me?.id}
                        onChange={(e) => void onRole(u, e.target.value as Role)}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </Form.Select>
                    ) : (
                      u.role
                    )}
                  </td>
                  <td>
                    <div className="d-flex flex-wrap align-items-center gap-2">
                      {u.suspension && (
                        <span className="badge text-bg-warning" data-testid="suspended-badge">
                          {suspendedText(u.suspension)}
                        </span>
                      )}
                      {mayAct &&
                        (u.suspension ? (
                          <Button size="sm" variant="outline-secondary" onClick={() => void onLift(u)}>
                            {SUSPENSION_TEXT.lift}
                          </Button>
                        ) : (
                          <Button size="sm" variant="outline-danger" onClick={() => setSuspending(u)}>
                            {SUSPENSION_TEXT.suspend}
                          </Button>
                        ))}
                      {mayAct && (
                        <Button
                          size="sm"
                          variant="link"
                          className="p-0"
                          aria-expanded={Boolean(history)}
                          aria-controls={history ? `suspensions-of-${u.id}` : undefined}
                          onClick={() => toggleHistory(u)}
                        >
                          {history ? SUSPENSION_TEXT.hideHistory : SUSPENSION_TEXT.history}
                        </Button>
                      )}
                      {administer && u.id !== me?.id && (
                        <Button size="sm" variant="outline-danger" onClick={() => setReversing(u)}>
                          {VOTE_REVERSAL_TEXT.reverse}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
                {history && (
                  <tr id={`suspensions-of-${u.id}`}>
                    <td colSpan={4} className="bg-body-tertiary">
                      <SuspensionHistory username={u.username} history={history} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      {suspending && (
        <SuspendDialog
          member={suspending}
          onClose={() => setSuspending(null)}
          onSuspended={(state) => {
            applyState(state);
            setSuspending(null);
            setNotice({ variant: 'success', text: SUSPENSION_TEXT.suspendedNotice(state.username) });
          }}
        />
      )}
      {reversing && (
        <ReverseVotesDialog
          member={reversing}
          onClose={() => setReversing(null)}
          onReversed={({ reversed }) => {
            setReversing(null);
            setNotice({ variant: 'success', text: VOTE_REVERSAL_TEXT.reversedNotice(reversed) });
          }}
        />
      )}
    </div>
  );
}
