import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldProps {
  id: string;
  label: string;
  /** The form's input: its name, value handlers and ref. */
  field: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'url';
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A labelled Bootstrap input whose error is announced with it. */
export function Field({ id, label, field, error, type = 'text', multiline, required, ...rest }: FieldProps) {
  const common = {
    id,
    ...field,
    className: `form-control${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
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
