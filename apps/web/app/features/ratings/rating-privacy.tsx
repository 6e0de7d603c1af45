import { RATING_PRIVACY_TEXT, ratingPrivacySchema, type RatingPrivacy } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api, errorText } from '../../lib/api-client';
import { TitledCard } from '../../components/titled-card';

const URL = '/api/user/rating-privacy';

/**
 * The "show my outcome" setting of /profile (docs/product.md#ratings): off by default; saved as soon as the box
 * changes, and put back when the save fails.
 */
export function RatingPrivacySetting() {
  const [setting, setSetting] = useState<RatingPrivacy | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api(URL, { schema: __CHECK_ANSWERS__ && ratingPrivacySchema }).then(setSetting, (err: unknown) =>
      setMessage({ ok: false, text: errorText(err, RATING_PRIVACY_TEXT.loadFailed) }),
    );
  }, []);

  const change = async (showOutcome: boolean) => {
    const before = setting;
    setSetting({ showOutcome });
    setMessage(null);
    setSaving(true);
    try {
      setSetting(
        await api(URL, { method: 'PUT', body: { showOutcome }, schema: __CHECK_ANSWERS__ && ratingPrivacySchema }),
      );
      setMessage({ ok: true, text: RATING_PRIVACY_TEXT.saved });
    } catch (err) {
      setSetting(before);
      setMessage({ ok: false, text: errorText(err, RATING_PRIVACY_TEXT.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <TitledCard titleId="rating-privacy-title" title={RATING_PRIVACY_TEXT.title}>
      {setting && (
        <div className="form-check">
          <input
            id="rating-show-outcome"
            type="checkbox"
            className="form-check-input"
            checked={setting.showOutcome}
            disabled={saving}
            aria-describedby="rating-show-outcome-help"
            onChange={(e) => void change(e.target.checked)}
          />
          <label htmlFor="rating-show-outcome" className="form-check-label">
            {RATING_PRIVACY_TEXT.label}
          </label>
        </div>
      )}
      <p id="rating-show-outcome-help" className="text-body-secondary small mt-2 mb-0">
        {RATING_PRIVACY_TEXT.help}
      </p>
      {message && (
        <div
          className={`alert mt-3 mb-0 ${message.ok ? 'alert-success' : 'alert-danger'}`}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </div>
      )}
    </TitledCard>
  );
}
