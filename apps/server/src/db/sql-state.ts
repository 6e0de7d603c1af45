/**
 * The database's error in what a query threw, found through the driver's and drizzle's wrappers (drizzle puts the
 * driver's error in `cause`): the first error of the chain that carries a SQLSTATE, or undefined.
 */
export function databaseError(err: unknown): { code: string; constraint?: unknown } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { code: string; constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error (23503 a missing row a key points to, 23514 a check), or undefined. */
export const sqlState = (err: unknown): string | undefined => databaseError(err)?.code;
