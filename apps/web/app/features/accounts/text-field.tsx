import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The message shown under the field; the field is marked invalid. */
  error?: string;
  /** Marks the field invalid without a message of its own (e.g. a failed sign-in). */
  invalid?: boolean;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function TextField({ label, error, invalid, hint, ref, className, ...input }: TextFieldProps) {
  const id = useId();
  const marked = Boolean(error) || Boolean(invalid);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={`form-control${marked ? ' is-invalid' : ''}`}
        aria-invalid={marked || undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
