import { TRACKER_TEXT, type TrackerEntry, type TrackerEntryRequest } from '@certitude/shared';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { CertificationPicker } from './certification-picker';
import { saveTrackerEntry } from '../../lib/tracker-api';
import { trackerErrors } from './tracker-errors';
import { TrackerFields, type TrackerValues } from './tracker-fields';
import { FailureAlert } from '../../components/failure-alert';

/** What is sent: a held entry's days (an empty expiry is worked out by the server), the others' target date. */
function request(v: TrackerValues): TrackerEntryRequest {
  if (v.status !== 'HELD') return { status: v.status, targetDate: v.targetDate || null, public: v.public };
  return {
    status: v.status,
    earnedOn: v.earnedOn || null,
    ...(v.expiresOn ? { expiresOn: v.expiresOn } : {}),
    public: v.public,
  };
}

/**
 * Adds a certification to "My certifications", or changes the entry given (docs/product.md#profile). Saving
 * replaces the whole entry; it is private unless the box is ticked. The server's refusals show under their fields.
 */
export default function TrackerForm({
  entry,
  onSaved,
  onCancel,
}: {
  entry: TrackerEntry | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  // The server checks the entry: its refusals go under the fields they are about.
  const form = useZodForm<TrackerValues>({
    schema: null,
    defaultValues: {
      certification: entry?.certification.id ?? null,
      status: entry?.status ?? 'HELD',
      earnedOn: entry?.earnedOn ?? '',
      // An expiry that follows the certification's validity stays empty, so that saving keeps it following.
      expiresOn: entry?.expirySetByMember ? (entry.expiresOn ?? '') : '',
      targetDate: entry?.targetDate ?? '',
      public: entry?.public ?? false,
    },
    check: (v) => ({ certification: v.certification === null ? TRACKER_TEXT.choose : undefined }),
  });
  const saving = form.sending;

  const submit = form.handleSubmit(async (values) => {
    try {
      await saveTrackerEntry(values.certification!, request(values));
      onSaved();
    } catch (err) {
      const { general, ...fields } = trackerErrors(err);
      form.showFieldErrors(fields);
      if (general) form.fail(general);
    }
  });

  // Editing, the certification is not chosen here: what the server says of it is said above the form.
  const general = form.failure ?? (entry ? form.errorOf('certification') : undefined);
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={saving}
      aria-labelledby="tracker-form-title"
      className="border rounded p-3"
    >
      <h3 id="tracker-form-title" className="h6">
        {entry ? `${TRACKER_TEXT.edit}: ${entry.certification.name}` : TRACKER_TEXT.add}
      </h3>
      <FailureAlert text={general} />
      {!entry && (
        <CertificationPicker
          value={form.watch('certification')}
          onChange={(id) => {
            form.setValue('certification', id);
            form.clearErrors('certification');
          }}
          error={form.errorOf('certification')}
        />
      )}
      <TrackerFields form={form} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {saving ? TRACKER_TEXT.saving : TRACKER_TEXT.save}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
          {TRACKER_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
