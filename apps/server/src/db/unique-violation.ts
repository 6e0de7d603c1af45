/** The constraint a unique violation (SQLSTATE 23505) broke, found through the driver's and drizzle's wrappers (the one reading of a unique violation, every module's). */
export function uniqueViolation(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
