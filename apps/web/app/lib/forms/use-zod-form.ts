import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type ResolverResult,
  type UseFormProps,
} from 'react-hook-form';

/** One message per field, by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

/** The part of a shared zod schema the forms use; typed structurally so that this module needs no zod types. */
export interface FormSchema<Out> {
  _zod: { output: Out; input: unknown };
}

interface ZodFormOptions<V extends FieldValues, Out> extends Pick<UseFormProps<V>, 'mode'> {
  /**
   * The shared schema the request is checked with: its messages are the form's. Left out where the server alone
   * checks the request (its refusals go to the fields with `showFieldErrors`).
   */
  schema: FormSchema<Out> | null;
  defaultValues: DefaultValues<V>;
  /** The request the schema checks, when it is not the form's values as they are (a number typed as text, say). */
  request?: (values: V) => unknown;
  /**
   * A rule the schema leaves for later or does not hold (a confirmation that must match, a choice to make), run on
   * every check; its message comes before the schema's for the same field.
   */
  check?: (values: V) => FieldErrors;
  /**
   * The field that shows a message of the schema, by the message's path (`changes.exam.costUsd`), where the request's
   * shape is not the form's; the first message of each field is kept.
   */
  fieldOf?: (path: string) => string;
  /** Runs when any field changes (to hide the outcome of the last submission, say). */
  onEdit?: () => void;
  /** Whether a change of any field hides the refusal shown by `fail` (it goes at the next submission anyway). */
  editClearsFailure?: boolean;
}

const FAILURE = 'root.server';

/** The schema's messages put on the form's fields: the first message of each, by its path. */
function byField(errors: object, fieldOf: (path: string) => string, path = '', out: Record<string, unknown> = {}) {
  for (const [key, value] of Object.entries(errors) as [string, unknown][]) {
    const at = path ? `${path}.${key}` : key;
    if (!value || typeof value !== 'object') continue;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string') out[fieldOf(at)] ??= { type: 'schema', message };
    else byField(value, fieldOf, at, out);
  }
  return out;
}

/**
 * A form validated by a shared zod schema (react-hook-form with the zod resolver). On submit the first invalid
 * field takes the focus; a field's message goes as soon as it changes; `sending` holds while the submit handler
 * runs, to disable the button. `failure` is the message of a refused submission, shown above the fields: `fail`
 * sets it, and the next submission clears it (or the next change, with `editClearsFailure`). `showFieldErrors` puts the server's messages (400) next
 * to their fields.
 */
export function useZodForm<V extends FieldValues, Out = V>({
  schema,
  defaultValues,
  request,
  check,
  fieldOf,
  onEdit,
  editClearsFailure,
  mode,
}: ZodFormOptions<V, Out>) {
  const bySchema = schema && (zodResolver(schema as never) as unknown as Resolver<V, unknown, Out>);
  const resolver: Resolver<V, unknown, Out> = async (values, context, options) => {
    const sent = (request ? request(values) : values) as V;
    const result: ResolverResult<V, Out> = bySchema
      ? await bySchema(sent, context, options)
      : { values: sent as unknown as Out, errors: {} };
    const more = Object.entries(check?.(values) ?? {}).filter(([, message]) => message);
    if (more.length === 0 && !(fieldOf && Object.keys(result.errors).length)) return result;
    const errors: Record<string, unknown> = fieldOf ? byField(result.errors, fieldOf) : { ...result.errors };
    for (const [name, message] of more) errors[name] = { type: 'custom', message };
    return { values: {}, errors: errors as typeof result.errors };
  };
  const form = useForm<V, unknown, Out>({
    defaultValues,
    resolver,
    mode: mode ?? 'onSubmit',
    // Until the next submit a field's message only goes when it changes (see `field`), rather than being redone.
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const { errors, isSubmitting } = form.formState;

  /** The props of a named input: its value, change and blur handlers, and the ref that takes the focus. */
  function field<N extends FieldPath<V>>(name: N, options?: RegisterOptions<V, N>) {
    const registered = form.register(name, options);
    return {
      ...registered,
      onChange: (event: Parameters<typeof registered.onChange>[0]) => {
        if (form.getFieldState(name).error) form.clearErrors(name);
        if (editClearsFailure && form.formState.errors.root) form.clearErrors(FAILURE);
        onEdit?.();
        return registered.onChange(event);
      },
    };
  }

  /** The message under a field, if any. */
  const errorOf = (name: FieldPath<V>): string | undefined => {
    const error = form.getFieldState(name, form.formState).error;
    return typeof error?.message === 'string' && error.message ? error.message : undefined;
  };

  const { setError } = form;
  const fail = useCallback((message: string) => setError(FAILURE, { type: 'server', message }), [setError]);
  const showFieldErrors = useCallback(
    (messages: FieldErrors) => {
      let first = true;
      for (const [name, message] of Object.entries(messages)) {
        if (!message) continue;
        setError(name as FieldPath<V>, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
    },
    [setError],
  );

  return {
    ...form,
    field,
    errorOf,
    sending: isSubmitting,
    failure: errors.root?.server?.message,
    fail,
    showFieldErrors,
  };
}
