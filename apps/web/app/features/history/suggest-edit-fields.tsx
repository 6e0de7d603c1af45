import type { CreateRevisionRequest } from '@certitude/shared';
import type { ReactNode } from 'react';
import type { useZodForm } from '../../lib/forms/use-zod-form';
import type { Draft } from './suggest-edit-draft';

// The building blocks of Suggest an edit's fields (suggest-edit-form.tsx).

export type SuggestForm = ReturnType<typeof useZodForm<Draft, CreateRevisionRequest>>;
export type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];

/** A textarea's props: its id (the label's), its class (invalid or not) and the form's handlers. */
export function area(form: SuggestForm, key: TextKey, error = form.errorOf(key)) {
  return { id: `suggest-${key}`, className: `form-control${error ? ' is-invalid' : ''}`, ...form.field(key) };
}

/** The same for an input of the given type. */
export function input(form: SuggestForm, key: TextKey, type = 'text', error = form.errorOf(key)) {
  return { ...area(form, key, error), type };
}

export function Field(props: { id: string; label: string; error?: string; children: ReactNode; hint?: string }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint && <div className="form-text">{props.hint}</div>}
      {props.error && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {props.error}
        </div>
      )}
    </div>
  );
}

/** A group of checkboxes whose checked values are a list, in the order they were ticked. */
export function Checks(props: {
  form: SuggestForm;
  name: 'domains' | 'formats' | 'delivery';
  legend: string;
  options: readonly string[];
  label: (v: string) => string;
}) {
  const { form, name } = props;
  const value = form.watch(name);
  const error = form.errorOf(name);
  const change = (next: string[]) => {
    form.setValue(name, next);
    form.clearErrors(name);
  };
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{props.legend}</legend>
      {props.options.map((o) => (
        <div className="form-check form-check-inline" key={o}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`${props.legend}-${o}`}
            checked={value.includes(o)}
            onChange={(e) => change(e.target.checked ? [...value, o] : value.filter((x) => x !== o))}
          />
          <label className="form-check-label" htmlFor={`${props.legend}-${o}`}>
            {props.label(o)}
          </label>
        </div>
      ))}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
