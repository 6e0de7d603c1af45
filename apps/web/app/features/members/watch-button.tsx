import { WATCH_TEXT, watchStatusSchema } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { showNotice } from '../../components/notices';

/**
 * The Watch toggle of the certification page, for members (docs/product.md#certification-page): pressed (and
 * ticked) while the member watches the certification, and is told of its new comments and applied changes. Visitors
 * see nothing; neither does a member until the server has said whether they watch it.
 */
export function WatchButton({ certificationId, name }: { certificationId: number; name: string }) {
  const user = useCurrentUser();
  // What the server said, for which certification and member: another one's answer is not this one's state.
  const [known, setKnown] = useState<{ key: string; watching: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/certification/${certificationId}/watch`;
  const key = user ? `${user.id} ${path}` : null;
  const watching = known && known.key === key ? known.watching : null;

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    api(path, { signal: controller.signal, schema: __CHECK_ANSWERS__ && watchStatusSchema }).then(
      (s) => setKnown({ key, watching: s.watching }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key, path]);

  if (!key || watching === null) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      await api<void>(path, { method: watching ? 'DELETE' : 'PUT' });
      setKnown({ key, watching: !watching });
    } catch {
      showNotice(WATCH_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-sm ms-2 ${watching ? 'btn-secondary' : 'btn-outline-secondary'}`}
      aria-pressed={watching}
      aria-label={`${WATCH_TEXT.watch} ${name}`}
      title={WATCH_TEXT.hint}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {watching && <span aria-hidden="true">✓ </span>}
      {WATCH_TEXT.watch}
    </button>
  );
}
