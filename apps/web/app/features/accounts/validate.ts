import { fieldErrors, type FieldErrors } from '../../lib/field-errors';

export type { FieldErrors };

/** The part of a zod schema the forms use; typed structurally so that zod itself stays out of this module. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Runs a shared schema and keeps the first message of each field, in the schema's order. */
export function validate<T>(
  schema: Schema<T>,
  values: unknown,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  return { data: null, errors: fieldErrors(result.error.issues) };
}

/** The first field (in form order) that has an error, to move the focus there. */
export function firstInvalid<K extends string>(order: readonly K[], errors: FieldErrors): K | undefined {
  return order.find((k) => errors[k]);
}

/** Moves the focus to a named field of a form (the first invalid one, or the one docs/product.md#sign-in-and-registration names). */
export function focusField(form: HTMLFormElement | null, name: string | undefined) {
  if (!form || !name) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
