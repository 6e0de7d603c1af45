import { BADGE_TEXT, TEXT } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api-client';
import { addBadge } from '../../lib/tracker-api';

/**
 * The form of /profile that proves a certification with its Open Badge (docs/product.md#verified-holders): the
 * badge's link, checked by the server with its issuer; the refusal's sentence says why one is not accepted.
 */
export function BadgeForm({ onAdded }: { onAdded: () => void }) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const badge = await addBadge(url.trim());
      setOutcome({ ok: true, text: BADGE_TEXT.added(badge.certification.name) });
      setUrl('');
      onAdded();
    } catch (err) {
      setOutcome({ ok: false, text: errorText(err, BADGE_TEXT.addTitle) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-4" onSubmit={(e) => void submit(e)} aria-labelledby="badge-form-title">
      <h3 id="badge-form-title" className="h6">
        {BADGE_TEXT.addTitle}
      </h3>
      <p className="text-body-secondary small">{BADGE_TEXT.addIntro}</p>
      <div className="d-flex flex-wrap gap-2">
        <label htmlFor="badge-url" className="visually-hidden">
          {BADGE_TEXT.urlLabel}
        </label>
        <input
          id="badge-url"
          type="url"
          required
          className="form-control form-control-sm flex-grow-1 w-auto"
          placeholder={TEXT.urlPlaceholder}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
          {busy ? BADGE_TEXT.adding : BADGE_TEXT.add}
        </button>
      </div>
      {outcome && (
        <p
          className={`small mt-2 mb-0 ${outcome.ok ? 'text-success' : 'text-danger'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
    </form>
  );
}
