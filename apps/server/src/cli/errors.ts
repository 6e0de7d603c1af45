/** A usage mistake (exit 2, its message alone). */
export class UsageError extends Error {}
/** A refusal that is not a usage mistake (exit 1, its message alone). */
export class OperatorError extends Error {}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
