import { ADMIN_TEXT, ROLES, type Role, type User } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { Alert, Form, Table } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { changeRole, searchUsers } from './admin-api';

/** Admins search members and change their roles; the server keeps its own rules (self, last admin). */
export function MembersTab() {
  const me = useCurrentUser();
  const [q, setQ] = useState('');
  const [users, setUsers] = useState<User[]>([]);
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      searchUsers(q).then(setUsers, (err: unknown) =>
        setNotice({ variant: 'danger', text: errorText(err, ADMIN_TEXT.changeRoleFailed) }),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);

  const onRole = async (user: User, role: Role) => {
    setNotice(null);
    try {
      const updated = await changeRole(user.id, role);
      setUsers((list) => list.map((u) => (u.id === updated.id ? updated : u)));
      setNotice({ variant: 'success', text: `${ADMIN_TEXT.roleChanged}: ${updated.username} is now ${updated.role}` });
    } catch (err) {
      setNotice({ variant: 'danger', text: errorText(err, ADMIN_TEXT.changeRoleFailed) });
    }
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
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} data-testid={`member-${u.username}`}>
              <td>{u.username}</td>
              <td>{u.email}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
