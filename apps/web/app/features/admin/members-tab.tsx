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
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { changeRole, fetchSuspensions, searchUsers } from './admin-api';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';
import { ReverseVotesFor } from './reverse-votes-dialog';
import { SuspensionHistory, suspendedText, type HistoryState } from './suspension-history';
import { useSuspension, type AdminNotice } from './use-suspension';

/** The suspension histories shown, by member id: a second toggle hides one, and forgets it. */
function useHistories() {
  const [histories, setHistories] = useState<Record<number, HistoryState>>({});

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

  return { histories, setHistories, toggleHistory };
}

/** One member's row, and below it their suspension history when it is shown. */
function MemberRow({
  u,
  me,
  administer,
  history,
  onRole,
  onSuspend,
  onLift,
  onToggleHistory,
  onReverse,
}: {
  u: AdminUser;
  me: ReturnType<typeof useCurrentUser>;
  administer: boolean;
  history: HistoryState | undefined;
  onRole(role: Role): void;
  onSuspend(): void;
  onLift(): void;
  onToggleHistory(): void;
  onReverse(): void;
}) {
  const mayAct = can(me, 'user:suspend', u);
  return (
    <>
      <tr data-testid={`member-${u.username}`}>
        <td>{u.username}</td>
        <td>{u.email}</td>
        <td>
          {administer ? (
            <Form.Select
              size="sm"
              aria-label={ADMIN_PANEL_TEXT.roleOf(u.username)}
              value={u.role}
              disabled={u.id === me?.id}
              onChange={(e) => onRole(e.target.value as Role)}
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
                <Button size="sm" variant="outline-secondary" onClick={onLift}>
                  {SUSPENSION_TEXT.lift}
                </Button>
              ) : (
                <Button size="sm" variant="outline-danger" onClick={onSuspend}>
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
                onClick={onToggleHistory}
              >
                {history ? SUSPENSION_TEXT.hideHistory : SUSPENSION_TEXT.history}
              </Button>
            )}
            {administer && u.id !== me?.id && (
              <Button size="sm" variant="outline-danger" onClick={onReverse}>
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
    </>
  );
}

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
  const [notice, setNotice] = useState<AdminNotice | null>(null);
  const [reversing, setReversing] = useState<AdminUser | null>(null);
  const { histories, setHistories, toggleHistory } = useHistories();

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
  const { suspend, lift, suspendDialog } = useSuspension(applyState, setNotice);

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
            <th>{ADMIN_PANEL_TEXT.username}</th>
            <th>{ADMIN_PANEL_TEXT.email}</th>
            <th>{ADMIN_PANEL_TEXT.role}</th>
            <th>{SUSPENSION_TEXT.column}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <MemberRow
              key={u.id}
              u={u}
              me={me}
              administer={administer}
              history={histories[u.id]}
              onRole={(role) => void onRole(u, role)}
              onSuspend={() => suspend(u)}
              onLift={() => {
                setNotice(null);
                void lift(u);
              }}
              onToggleHistory={() => toggleHistory(u)}
              onReverse={() => setReversing(u)}
            />
          ))}
        </tbody>
      </Table>
      {suspendDialog}
      <ReverseVotesFor member={reversing} onDone={() => setReversing(null)} notify={setNotice} />
    </div>
  );
}
