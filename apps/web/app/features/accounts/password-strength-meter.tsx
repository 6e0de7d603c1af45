import { ACCOUNT_TEXT, passwordCriteria, passwordStrength, type PasswordStrength } from '@certitude/shared';

const VARIANT: Record<PasswordStrength, string> = { Weak: 'danger', Medium: 'warning', Strong: 'success' };

const CRITERIA = [
  ['length', ACCOUNT_TEXT.criterionLength],
  ['lowercase', ACCOUNT_TEXT.criterionLowercase],
  ['uppercase', ACCOUNT_TEXT.criterionUppercase],
  ['number', ACCOUNT_TEXT.criterionNumber],
  ['special', ACCOUNT_TEXT.criterionSpecial],
] as const;

/** The reset-password strength indicator (docs/product.md#accounts): Weak under 3 of 5 criteria, Medium 3-4, Strong 5. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const criteria = passwordCriteria(password);
  const met = Object.values(criteria).filter(Boolean).length;
  const strength = passwordStrength(password);
  const variant = VARIANT[strength];
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between small mb-1">
        <span>{ACCOUNT_TEXT.passwordStrength}</span>
        <span className={`fw-semibold text-${variant}-emphasis`} data-testid="password-strength" aria-live="polite">
          {strength}
        </span>
      </div>
      <div
        className="progress"
        style={{ height: '0.5rem' }}
        role="progressbar"
        aria-label={ACCOUNT_TEXT.passwordStrength}
        aria-valuemin={0}
        aria-valuemax={CRITERIA.length}
        aria-valuenow={met}
        aria-valuetext={strength}
      >
        <div className={`progress-bar bg-${variant}`} style={{ width: `${(met / CRITERIA.length) * 100}%` }} />
      </div>
      <ul className="list-unstyled small mt-2 mb-0">
        {CRITERIA.map(([key, label]) => (
          <li key={key} className={criteria[key] ? 'text-success-emphasis' : 'text-body-secondary'}>
            <span aria-hidden="true">{criteria[key] ? '\u2713' : '\u2022'}</span> {label}
            <span className="visually-hidden">
              {criteria[key] ? ACCOUNT_TEXT.criterionMet : ACCOUNT_TEXT.criterionNotMet}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
