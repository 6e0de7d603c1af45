/** Today in UTC, YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
