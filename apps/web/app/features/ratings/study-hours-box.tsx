import { RATINGS_TEXT } from '../../lib/ratings-text';

/** A round number of hours at or above `n` for the end of the scale: 10, 20, 50, 100, 200, 500, ... */
function scaleEnd(n: number): number {
  for (let step = 10; ; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m >= n) return step * m;
  }
}

/**
 * The study hours members reported, as a box: from the first to the third quartile, with the median marked, on
 * a scale of hours from 0. Drawn as SVG on the server; screen readers get the same figures through its label.
 */
export function StudyHoursBox({
  median,
  p25,
  p75,
  count,
}: {
  median: number;
  p25: number;
  p75: number;
  count: number;
}) {
  const WIDTH = 240;
  const LEFT = 8;
  const end = scaleEnd(Math.max(p75 * 1.2, 1));
  const x = (h: number) => LEFT + (WIDTH * h) / end;
  const label = RATINGS_TEXT.studyBox(count, Math.round(median), Math.round(p25), Math.round(p75));
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH + 2 * LEFT} 44`}
      width={WIDTH + 2 * LEFT}
      height={44}
      className="study-box"
    >
      <line x1={LEFT} x2={LEFT + WIDTH} y1={20} y2={20} className="study-box-axis" />
      <rect x={x(p25)} y={8} width={Math.max(x(p75) - x(p25), 1)} height={24} rx="2" className="study-box-iqr" />
      <line x1={x(median)} x2={x(median)} y1={6} y2={34} className="study-box-median" />
      <text x={LEFT} y={43} className="rating-chart-label">
        0
      </text>
      <text x={LEFT + WIDTH} y={43} textAnchor="end" className="rating-chart-label">
        {RATINGS_TEXT.scaleEnd(end)}
      </text>
    </svg>
  );
}
