import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled date input (YYYY-MM-DD) with its error and an optional hint, both announced with it. */
export function DayField({
  id,
  label,
  field,
  error,
  hint,
}: {
  id: string;
  label: string;
  /** The form's input: its name, value handlers and ref. */
  field: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}) {
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...field}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
