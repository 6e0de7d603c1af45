/**
 * A small bar chart of how many gave 1 to 5, drawn as SVG on the server. Screen readers get the same figures
 * as text through the image's label.
 */
export function DistributionChart({ label, distribution }: { label: string; distribution: number[] }) {
  const max = Math.max(1, ...distribution);
  const total = distribution.reduce((a, b) => a + b, 0);
  const text = `${label}: ${distribution.map((n, i) => `${n} gave ${i + 1}`).join(', ')}; ${total} in all`;
  const BAR = 14;
  const GAP = 4;
  const WIDTH = 120;
  return (
    <svg
      role="img"
      aria-label={text}
      viewBox={`0 0 ${WIDTH + 24} ${5 * (BAR + GAP)}`}
      width={WIDTH + 24}
      height={5 * (BAR + GAP)}
      className="rating-chart"
    >
      {distribution.map((n, i) => {
        const y = (4 - i) * (BAR + GAP);
        return (
          <g key={i}>
            <text x="0" y={y + BAR - 3} className="rating-chart-label">
              {i + 1}
            </text>
            <rect x="12" y={y} width={WIDTH} height={BAR} rx="2" className="rating-chart-track" />
            <rect x="12" y={y} width={(WIDTH * n) / max} height={BAR} rx="2" className="rating-chart-bar" />
          </g>
        );
      })}
    </svg>
  );
}
