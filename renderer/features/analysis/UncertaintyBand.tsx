import { bandGeometry } from './analysisData';

/**
 * A P10–P90 band with the P50 tick and the deterministic value (diamond), as a small inline
 * SVG: `role="img"` with the figures in its accessible name. For tables (one band per row,
 * sharing `domain`) and chart overlays. Colours: Okabe–Ito blue band, text-colour median.
 */
export function UncertaintyBand(props: {
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  /** The value without uncertainty; null to leave out the diamond. */
  readonly base: number | null;
  /** Scale shared by the bands shown together, [min, max]. */
  readonly domain: readonly [number, number];
  /** Formats a value for the accessible name (with its unit). */
  readonly format: (v: number) => string;
  readonly width?: number;
  readonly height?: number;
  readonly testId?: string;
  /** Accessible name; default from the positions and `format`. */
  readonly ariaLabel?: string;
}) {
  const width = props.width ?? 160;
  const height = props.height ?? 18;
  const pad = 4;
  const g = bandGeometry(props, props.domain[0], props.domain[1], width - 2 * pad);
  const label =
    props.ariaLabel ??
    `P10 ${props.format(props.p10)}, P50 ${props.format(props.p50)}, P90 ${props.format(props.p90)}` +
      (props.base === null ? '' : `; without uncertainty ${props.format(props.base)}`);
  const mid = height / 2;
  return (
    <svg
      className="uncertainty-band"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid={props.testId}
    >
      <line x1={pad} x2={width - pad} y1={mid} y2={mid} className="ub-axis" />
      <rect
        x={pad + g.x10}
        y={mid - 5}
        width={Math.max(1, g.x90 - g.x10)}
        height={10}
        className="ub-band"
        rx={2}
      />
      <line x1={pad + g.x50} x2={pad + g.x50} y1={mid - 7} y2={mid + 7} className="ub-median" />
      {g.xBase === null ? null : (
        <path d={`M ${pad + g.xBase} ${mid - 4} l 4 4 l -4 4 l -4 -4 z`} className="ub-base" />
      )}
    </svg>
  );
}
