import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * Where a chart is drawn. `screen`: fills its column, theme colours (CSS variables), tooltips.
 * `print` (the report's PDF): fixed width, print colours, smaller type, no tooltip. Neither
 * animates. Every chart of the app takes one of the two, so the screens and the report draw
 * each chart shape with the same component.
 */
export type ChartVariant = 'screen' | 'print';

/** Width of a printed chart, px: fits A4 and Letter between the margins (182 mm ≈ 688 px). */
export const PRINT_CHART_WIDTH_PX = 660;

/** Colours and type of a variant. */
export type ChartStyle = {
  /** Axis lines, ticks and labels. */
  readonly axis: string;
  readonly grid: string;
  /** The zero line and other reference lines drawn in the text colour. */
  readonly text: string;
  /** The plot's background (the ring around a marked point). */
  readonly surface: string;
  /** Tick font size, px; undefined: recharts' default. */
  readonly fontSize: number | undefined;
  /** Space between the plot and its legend, px. */
  readonly legendGapPx: number;
  /** Offset of the value axis' label below the ticks, px (negative: lower). */
  readonly xLabelOffsetPx: number;
  /** Tooltips on hover (screen only). */
  readonly tooltip: boolean;
  /** Legend entries (print: in the text colour instead of the series colour). */
  readonly legendText: ((value: string) => ReactNode) | undefined;
};

const PRINT_AXIS = '#4a4f59';

export const CHART_STYLE: Record<ChartVariant, ChartStyle> = {
  screen: {
    axis: 'var(--muted)',
    grid: 'var(--grid)',
    text: 'var(--text)',
    surface: 'var(--panel)',
    fontSize: undefined,
    legendGapPx: 16,
    xLabelOffsetPx: -4,
    tooltip: true,
    legendText: undefined,
  },
  print: {
    axis: PRINT_AXIS,
    grid: '#d9dde3',
    text: PRINT_AXIS,
    surface: '#ffffff',
    fontSize: 10,
    legendGapPx: 12,
    xLabelOffsetPx: -6,
    tooltip: false,
    legendText: (value) => <span className="report-legend">{value}</span>,
  },
};

/** The tooltip box in the theme's colours (screen). */
export const TOOLTIP_STYLE = {
  background: 'var(--panel)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

/** Axis label props (recharts) in the variant's axis colour. */
export function axisLabel(value: string, axis: 'x' | 'y', style: ChartStyle) {
  return axis === 'x'
    ? { value, position: 'insideBottom' as const, offset: style.xLabelOffsetPx, fill: style.axis }
    : { value, angle: -90, position: 'insideLeft' as const, offset: 4, fill: style.axis };
}

/** The variant's tick font size as a prop, or none (recharts' default). */
export function fontSizeProp(style: ChartStyle): { fontSize?: number } {
  return style.fontSize === undefined ? {} : { fontSize: style.fontSize };
}

/** Axis line, tick and type props of a variant. */
export function axisProps(style: ChartStyle) {
  return { stroke: style.axis, ...fontSizeProp(style) };
}

/** Legend props of a variant (below the plot, series in their given order). */
export function legendProps(style: ChartStyle) {
  return {
    verticalAlign: 'bottom' as const,
    wrapperStyle: { paddingTop: style.legendGapPx, ...fontSizeProp(style) },
    itemSorter: null,
    ...(style.legendText ? { formatter: style.legendText } : {}),
  };
}

/**
 * Sizes a recharts chart: on screen the column's width (ResponsiveContainer), in print the fixed
 * page width, `heightPx` high in both.
 */
export function ChartBox(props: {
  readonly variant: ChartVariant;
  readonly heightPx: number;
  readonly children: ReactElement<{ width?: number; height?: number }>;
}) {
  return props.variant === 'print' ? (
    cloneElement(props.children, { width: PRINT_CHART_WIDTH_PX, height: props.heightPx })
  ) : (
    <ResponsiveContainer width="100%" height={props.heightPx}>
      {props.children}
    </ResponsiveContainer>
  );
}
