/** One message per form field, from a schema's issues: the first message of each field, in the schema's order. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
