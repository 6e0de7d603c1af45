import { EMAIL_KIND_LABELS, EMAIL_SETTINGS_TEXT, type EmailSettings as Settings } from '@certitude/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api-client';
import { fetchEmailSettings, saveEmailSettings } from './tracker-api';

type Email = Settings['email'];
const KINDS = ['replies', 'decisions', 'watched', 'expiry'] as const;

function Check({ name, checked, onChange }: { name: keyof Email; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="form-check">
      <input
        id={`email-${name}`}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={`email-${name}`} className="form-check-label">
        {name === 'digest' ? EMAIL_SETTINGS_TEXT.digest : EMAIL_KIND_LABELS[name]}
      </label>
    </div>
  );
}

/** The email settings of /profile (docs/product.md#profile): which notifications are emailed, and how. */
export function EmailSettings() {
  const [email, setEmail] = useState<Email | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchEmailSettings().then(
      (s) => setEmail(s.email),
      (err: unknown) => setLoadFailure(errorText(err, EMAIL_SETTINGS_TEXT.loadFailed)),
    );
  }, []);

  const toggle = (name: keyof Email) => (on: boolean) => {
    setEmail((e) => (e ? { ...e, [name]: on } : e));
    setOutcome(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email || saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await saveEmailSettings({ email });
      if (saved?.email) setEmail(saved.email);
      setOutcome({ ok: true, text: EMAIL_SETTINGS_TEXT.saved });
    } catch (err) {
      setOutcome({ ok: false, text: errorText(err, EMAIL_SETTINGS_TEXT.saveFailed) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="email-settings-title">
      <div className="card-body">
        <h2 id="email-settings-title" className="h5">
          {EMAIL_SETTINGS_TEXT.title}
        </h2>
        <p className="text-body-secondary small">{EMAIL_SETTINGS_TEXT.intro}</p>
        {loadFailure && (
          <div className="alert alert-danger" role="alert">
            {loadFailure}
          </div>
        )}
        {!email ? (
          !loadFailure && <p role="status">{EMAIL_SETTINGS_TEXT.loading}</p>
        ) : (
          <form noValidate onSubmit={submit} aria-busy={saving} aria-labelledby="email-settings-title">
            {KINDS.map((name) => (
              <Check key={name} name={name} checked={email[name]} onChange={toggle(name)} />
            ))}
            <hr />
            <Check name="digest" checked={email.digest} onChange={toggle('digest')} />
            {outcome && (
              <div
                className={`alert mt-3 ${outcome.ok ? 'alert-success' : 'alert-danger'}`}
                role={outcome.ok ? 'status' : 'alert'}
              >
                {outcome.text}
              </div>
            )}
            <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={saving}>
              {saving ? EMAIL_SETTINGS_TEXT.saving : EMAIL_SETTINGS_TEXT.save}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
