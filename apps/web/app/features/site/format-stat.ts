/**
 * A live count as the About page shows it: exact while it has at most two digits, otherwise floored to
 * two significant digits with a '+' ('124' -> '120+'), so the figure never claims more than there is.
 * Large counts are abbreviated ('12K+', '1.2M+') to keep the statistics row on one line on a phone.
 */
export function formatStat(count: number): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (n < 100) return String(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  const floored = Math.floor(n / step) * step;
  const plus = floored < n ? '+' : '';
  if (floored < 10_000) return `${thousands(floored)}${plus}`;
  if (floored < 1_000_000) return `${trim(floored / 1_000)}K${plus}`;
  return `${trim(floored / 1_000_000)}M${plus}`;
}

/**
 * 1200 -> '1,200', as toLocaleString('en-US') writes it, without loading the browser's number formats for one row of
 * figures.
 */
function thousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** 12.0 -> '12', 1.2 -> '1.2' (the value already has at most two significant digits). */
function trim(value: number): string {
  return String(Number(value.toFixed(1)));
}
