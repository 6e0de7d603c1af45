import type { ChangeEvent } from 'react';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url';
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A labelled Bootstrap input whose error is announced with it. */
export function Field({ id, label, value, error, onChange, type = 'text', multiline, required, ...rest }: FieldProps) {
  const common = {
    id,
    value,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    ...rest,
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
        {required && (
          <span className="text-danger" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {multiline ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
