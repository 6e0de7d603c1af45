import { databaseError } from './sql-state.js';

/** The constraint a unique violation (SQLSTATE 23505) broke, found through the driver's and drizzle's wrappers (the one reading of a unique violation, every module's). */
export function uniqueViolation(err: unknown): string | undefined {
  const found = databaseError(err);
  if (found?.code !== '23505') return undefined;
  return typeof found.constraint === 'string' ? found.constraint : '';
}
