import {
  EMAIL_KIND_LABELS,
  EMAIL_SETTINGS_TEXT,
  emailSettingsUpdateSchema,
  type EmailSettings as Settings,
  type EmailSettingsUpdate,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorText } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { fetchEmailSettings, saveEmailSettings } from '../../lib/tracker-api';
import { FormOutcome, type Outcome } from '../../components/form-outcome';
import { TitledCard } from '../../components/titled-card';
import { FailureAlert } from '../../components/failure-alert';

type Email = Settings['email'];
const KINDS = ['replies', 'decisions', 'watched', 'expiry'] as const;

function Check({ name, field }: { name: keyof Email; field: UseFormRegisterReturn }) {
  return (
    <div className="form-check">
      <input id={`email-${name}`} type="checkbox" className="form-check-input" {...field} />
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

  useEffect(() => {
    fetchEmailSettings().then(
      (s) => setEmail(s.email),
      (err: unknown) => setLoadFailure(errorText(err, EMAIL_SETTINGS_TEXT.loadFailed)),
    );
  }, []);

  return (
    <TitledCard titleId="email-settings-title" title={EMAIL_SETTINGS_TEXT.title}>
      <p className="text-body-secondary small">{EMAIL_SETTINGS_TEXT.intro}</p>
      <FailureAlert text={loadFailure} />
      {!email ? !loadFailure && <p role="status">{EMAIL_SETTINGS_TEXT.loading}</p> : <EmailForm initial={email} />}
    </TitledCard>
  );
}

/** The checkboxes, filled with the member's settings; saving sends them all. */
function EmailForm({ initial }: { initial: Email }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useZodForm<Email, EmailSettingsUpdate>({
    schema: emailSettingsUpdateSchema,
    defaultValues: initial,
    request: (email) => ({ email }),
    onEdit: () => setOutcome(null),
  });
  const saving = form.sending;

  const submit = form.handleSubmit(async (update) => {
    setOutcome(null);
    try {
      // Every box is sent: a checkbox is always true or false.
      const saved = await saveEmailSettings(update as Settings);
      if (saved?.email) form.reset(saved.email);
      setOutcome({ ok: true, text: EMAIL_SETTINGS_TEXT.saved });
    } catch (err) {
      setOutcome({ ok: false, text: errorText(err, EMAIL_SETTINGS_TEXT.saveFailed) });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-busy={saving} aria-labelledby="email-settings-title">
      {KINDS.map((name) => (
        <Check key={name} name={name} field={form.field(name)} />
      ))}
      <hr />
      <Check name="digest" field={form.field('digest')} />
      {outcome && <FormOutcome outcome={outcome} className="mt-3" />}
      <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={saving}>
        {saving ? EMAIL_SETTINGS_TEXT.saving : EMAIL_SETTINGS_TEXT.save}
      </button>
    </form>
  );
}
