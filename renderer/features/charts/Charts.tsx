import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatNumberCompact,
  formatPower,
} from '../../format/format';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import type { TornadoRow } from '../analysis/analysisData';
import { ChartFrame, type TableColumn } from './ChartFrame';
import {
  capexByLine,
  HIGH_COLOR,
  LOW_COLOR,
  opexByLine,
  powerByComponent,
  stepTimeBreakdown,
  referenceLabelPosition,
  tickDomain,
  timeToTrain,
  valueAxisTicks,
  type ChartData,
  type ChartRow,
  type HorizonData,
  type LatencyData,
  type ScalingData,
} from './chartData';
import {
  axisLabel,
  axisProps,
  CHART_STYLE,
  ChartBox,
  fontSizeProp,
  legendProps,
  TOOLTIP_STYLE,
  type ChartVariant,
} from './chartStyle';

/** A row's number under `key`, or undefined. */
function num(row: ChartRow, key: string): number | undefined {
  const v = row[key];
  return typeof v === 'number' ? v : undefined;
}

/** One data-table column per series: its value in `unitLabel`, a dash where it has none. */
function seriesColumns(
  series: readonly { readonly key: string; readonly label: string }[],
  unitLabel: string,
  format: (v: number) => string,
): TableColumn<ChartRow>[] {
  return series.map((s) => ({
    header: `${s.label} (${unitLabel})`,
    cell: (r: ChartRow) => {
      const v = num(r, s.key);
      return v === undefined ? '—' : format(v);
    },
    numeric: true,
  }));
}

/**
 * Ticks of a bar chart's value axis ({@link valueAxisTicks}) up to its longest bar (the stacked
 * total, or the largest value side by side); null when a value is negative (recharts' own axis).
 */
function barAxisTicks(data: ChartData, stacked: boolean): number[] | null {
  let max = 0;
  for (const r of data.rows) {
    let total = 0;
    for (const s of data.series) {
      const v = num(r, s.key) ?? 0;
      if (v < 0) return null;
      total = stacked ? total + v : Math.max(total, v);
    }
    max = Math.max(max, total);
  }
  return valueAxisTicks(max);
}

/**
 * Stacked horizontal bars, one bar per scenario, one stack segment per series (cost lines,
 * power components, step-time parts). The value axis shows `unit`; `format` formats values.
 */
export function StackedBarsChart(props: {
  readonly testId: string;
  readonly title: string;
  readonly description: string;
  readonly data: ChartData;
  readonly unitLabel: string;
  readonly format: (v: number) => string;
  readonly formatTick: (v: number) => string;
  /** Stack the series (default) or place them side by side (no total column). */
  readonly stacked?: boolean;
  /** Header of the data table's first column (what a bar is); default `Scenario`. */
  readonly categoryHeader?: string;
  readonly variant?: ChartVariant;
}) {
  const { data } = props;
  const variant = props.variant ?? 'screen';
  const style = CHART_STYLE[variant];
  const stacked = props.stacked ?? true;
  const n = data.series.length;
  const height =
    variant === 'print'
      ? 90 + data.rows.length * (stacked ? 40 : 16 + 16 * n) + Math.ceil(n / 3) * 18
      : 110 + data.rows.length * (stacked ? 56 : 24 + 18 * n) + Math.ceil(n / 3) * 20;
  const ticks = barAxisTicks(data, stacked);
  const columns: TableColumn<ChartRow>[] = [
    { header: props.categoryHeader ?? 'Scenario', cell: (r) => String(r['label']) },
    ...seriesColumns(data.series, props.unitLabel, props.format),
    ...(stacked
      ? [
          {
            header: `Total (${props.unitLabel})`,
            cell: (r: ChartRow) =>
              props.format(data.series.reduce((a, s) => a + (num(r, s.key) ?? 0), 0)),
            numeric: true,
          },
        ]
      : []),
  ];
  return (
    <ChartFrame
      testId={props.testId}
      title={props.title}
      description={props.description}
      hasData={data.rows.length > 0}
      excluded={data.excluded}
      rows={data.rows}
      columns={columns}
      rowKey={(r) => String(r['id'])}
      variant={variant}
    >
      <ChartBox variant={variant} heightPx={height}>
        <BarChart
          data={[...data.rows]}
          layout="vertical"
          margin={
            variant === 'print'
              ? { top: 4, right: 24, bottom: 20, left: 4 }
              : { top: 8, right: 24, bottom: 24, left: 8 }
          }
          title={props.title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={style.grid} horizontal={false} />
          <XAxis
            type="number"
            {...axisProps(style)}
            {...(ticks ? { ticks, domain: tickDomain(ticks) } : {})}
            tickFormatter={props.formatTick}
            label={axisLabel(props.unitLabel, 'x', style)}
          />
          <YAxis
            type="category"
            dataKey="label"
            {...axisProps(style)}
            width={variant === 'print' ? 170 : 180}
          />
          {style.tooltip ? (
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? props.format(v) : String(v))}
              contentStyle={TOOLTIP_STYLE}
            />
          ) : null}
          <Legend {...legendProps(style)} />
          {data.series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              {...(stacked ? { stackId: 'stack' } : {})}
              fill={s.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartBox>
    </ChartFrame>
  );
}

/** GPU-count ticks: the points of the curve (powers of two). */
function gpuTicks(rows: readonly ChartRow[]): number[] {
  return rows.map((r) => num(r, 'gpus')).filter((v): v is number => v !== undefined);
}

/**
 * A line per scenario against GPU count (log₂ axis): throughput (tokens/s) or scaling
 * efficiency (%), from the training engine's scaling curve.
 */
export function ScalingChart(props: {
  readonly testId: string;
  readonly title: string;
  readonly description: string;
  readonly data: ScalingData;
  readonly which: 'throughput' | 'efficiency';
  readonly format: (v: number) => string;
  readonly formatTick: (v: number) => string;
  readonly unitLabel: string;
  readonly variant?: ChartVariant;
}) {
  const { data } = props;
  const variant = props.variant ?? 'screen';
  const style = CHART_STYLE[variant];
  const rows = props.which === 'throughput' ? data.throughputRows : data.efficiencyRows;
  const columns: TableColumn<ChartRow>[] = [
    { header: 'GPUs', cell: (r) => formatNumber(num(r, 'gpus') ?? 0), numeric: true },
    ...seriesColumns(data.series, props.unitLabel, props.format),
  ];
  return (
    <ChartFrame
      testId={props.testId}
      title={props.title}
      description={props.description}
      hasData={data.series.length > 0}
      excluded={data.excluded}
      rows={rows}
      columns={columns}
      rowKey={(r) => String(r['gpus'])}
      variant={variant}
    >
      <ChartBox variant={variant} heightPx={variant === 'print' ? 260 : 300}>
        <LineChart
          data={[...rows]}
          margin={{ top: 8, right: 24, bottom: 24, left: variant === 'print' ? 8 : 16 }}
          title={props.title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={style.grid} />
          <XAxis
            type="number"
            dataKey="gpus"
            scale="log"
            domain={['dataMin', 'dataMax']}
            ticks={gpuTicks(rows)}
            tickFormatter={(v: number) => formatNumber(v)}
            {...axisProps(style)}
            label={axisLabel('GPUs (log scale)', 'x', style)}
          />
          <YAxis
            {...axisProps(style)}
            tickFormatter={props.formatTick}
            width={64}
            label={axisLabel(props.unitLabel, 'y', style)}
            {...(props.which === 'efficiency' ? { domain: [0, 100] } : {})}
          />
          {style.tooltip ? (
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? props.format(v) : String(v))}
              labelFormatter={(v) => `${formatNumber(Number(v))} GPUs`}
              contentStyle={TOOLTIP_STYLE}
            />
          ) : null}
          <Legend {...legendProps(style)} />
          {data.series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={{ r: variant === 'print' ? 2 : 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ChartBox>
    </ChartFrame>
  );
}

/** Months as years and months in words (18 → "1 y 6 mo"). */
function monthsText(m: number): string {
  const y = Math.floor(m / 12);
  const mo = Math.round(m - y * 12);
  if (y === 0) return `${formatNumber(m, 1)} mo`;
  return mo === 0 ? `${formatNumber(y)} y` : `${formatNumber(y)} y ${formatNumber(mo)} mo`;
}

/** Break-even in words: after how long owning beats renting, or never. */
function breakEvenText(s: HorizonData['scenarios'][number]): string {
  if (s.breakEvenMonths === null) return 'owning never breaks even (renting costs less per month)';
  const when = monthsText(s.breakEvenMonths);
  return s.breakEvenMonths > s.horizonYears * 12
    ? `owning breaks even after ${when}, beyond the ${formatNumber(s.horizonYears)}-year horizon`
    : `owning breaks even after ${when}`;
}

/**
 * The lines of owning (solid) against renting (dashed) of each scenario, in its colour: children
 * of a recharts LineChart whose rows carry `ownKey` and `rentKey` (cumulative cost).
 */
export function ownAndRentLines(
  items: readonly {
    readonly color: string;
    readonly ownKey: string;
    readonly ownName: string;
    readonly rentKey: string;
    readonly rentName: string;
  }[],
) {
  return items.flatMap((s) => [
    <Line
      key={s.ownKey}
      dataKey={s.ownKey}
      name={s.ownName}
      stroke={s.color}
      strokeWidth={2}
      dot={false}
      isAnimationActive={false}
    />,
    <Line
      key={s.rentKey}
      dataKey={s.rentKey}
      name={s.rentName}
      stroke={s.color}
      strokeWidth={2}
      strokeDasharray="6 4"
      dot={false}
      isAnimationActive={false}
    />,
  ]);
}

/**
 * Cumulative cost of owning (solid) against renting the same GPU-hours in the cloud (dashed)
 * over each scenario's horizon, with the break-even point marked where they cross.
 */
export function HorizonChart(props: {
  readonly testId: string;
  readonly data: HorizonData;
  readonly formatTick: (v: number) => string;
}) {
  const { data } = props;
  const style = CHART_STYLE.screen;
  const title = 'Cost over the horizon: owning against cloud rental';
  const yearTicks: number[] = [];
  const lastMonth = num(data.rows[data.rows.length - 1] ?? {}, 'month') ?? 0;
  for (let m = 0; m <= lastMonth; m += 12) yearTicks.push(m);
  const columns: TableColumn<(typeof data.scenarios)[number]>[] = [
    { header: 'Scenario', cell: (s) => s.name },
    { header: 'Horizon (years)', cell: (s) => formatNumber(s.horizonYears), numeric: true },
    { header: 'Capex (USD)', cell: (s) => formatMoney(s.capexUsd), numeric: true },
    { header: 'Own: opex (USD/month)', cell: (s) => formatMoney(s.opexPerMonthUsd), numeric: true },
    {
      header: 'Cloud rental (USD/month)',
      cell: (s) => formatMoney(s.rentPerMonthUsd),
      numeric: true,
    },
    {
      header: 'Owning total over horizon (USD)',
      cell: (s) => formatMoney(s.capexUsd + s.opexPerMonthUsd * s.horizonYears * 12),
      numeric: true,
    },
    {
      header: 'Renting total over horizon (USD)',
      cell: (s) => formatMoney(s.rentPerMonthUsd * s.horizonYears * 12),
      numeric: true,
    },
    {
      header: 'Break-even',
      cell: breakEvenText,
    },
  ];
  return (
    <ChartFrame
      testId={props.testId}
      title={title}
      description="Cumulative USD: capex at purchase plus opex each month (solid) against renting the same used GPU-hours in the cloud (dashed). A dot marks the break-even month. Residual value at the end is not drawn."
      hasData={data.scenarios.length > 0}
      excluded={data.excluded}
      rows={data.scenarios}
      columns={columns}
      rowKey={(s) => s.id}
    >
      <ChartBox variant="screen" heightPx={320}>
        <LineChart
          data={[...data.rows]}
          margin={{ top: 8, right: 24, bottom: 24, left: 16 }}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={style.grid} />
          <XAxis
            type="number"
            dataKey="month"
            domain={[0, 'dataMax']}
            ticks={yearTicks}
            tickFormatter={(v: number) => formatNumber(v)}
            stroke={style.axis}
            label={axisLabel('Months from purchase', 'x', style)}
          />
          <YAxis
            stroke={style.axis}
            tickFormatter={props.formatTick}
            width={72}
            label={axisLabel('USD', 'y', style)}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
            labelFormatter={(v) => `Month ${formatNumber(Number(v))}`}
            contentStyle={TOOLTIP_STYLE}
          />
          <Legend {...legendProps(style)} />
          {ownAndRentLines(
            data.scenarios.map((s) => ({
              color: s.color,
              ownKey: `own_${s.id}`,
              ownName: `Own — ${s.name}`,
              rentKey: `rent_${s.id}`,
              rentName: `Cloud rental — ${s.name}`,
            })),
          )}
          {data.scenarios
            .filter((s) => s.breakEvenMonths !== null && s.breakEvenMonths <= s.horizonYears * 12)
            .map((s) => {
              const m = s.breakEvenMonths as number;
              return (
                <ReferenceDot
                  key={`be_${s.id}`}
                  x={m}
                  y={s.capexUsd + s.opexPerMonthUsd * m}
                  r={6}
                  fill={s.color}
                  stroke={style.surface}
                  strokeWidth={2}
                />
              );
            })}
        </LineChart>
      </ChartBox>
      <ul className="chart-notes" data-testid="break-even">
        {data.scenarios.map((s) => (
          <li key={s.id}>
            <span className="chart-swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}: {breakEvenText(s)}
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}

/** One row of the latency–throughput chart's data table. */
type LatencyRow = ChartRow & { readonly scenario: string };

/**
 * Latency against throughput of each serving scenario as the offered load grows: output tokens/s
 * (x) against the percentile TPOT (y, ms), one line per scenario, the SLO's TPOT limit as a dashed
 * line and the point where the SLO breaks marked and named below the chart.
 */
export function LatencyThroughputChart(props: {
  readonly testId: string;
  readonly data: LatencyData;
  readonly formatTick: (v: number) => string;
  readonly variant?: ChartVariant;
  /** The report's words for the chart (default: the screen's). */
  readonly description?: string;
}) {
  const { data } = props;
  const variant = props.variant ?? 'screen';
  const style = CHART_STYLE[variant];
  const percentiles = [...new Set(data.series.map((s) => s.percentile))];
  const pLabel = percentiles.length === 1 ? `p${formatNumber(percentiles[0] ?? 99)}` : 'percentile';
  const rows: LatencyRow[] = data.series.flatMap((s) =>
    s.points.map((p) => ({ ...p, scenario: s.label })),
  );
  const limits = [
    ...new Set(data.series.map((s) => s.tpotLimitMs).filter((v): v is number => v !== null)),
  ];
  const tpotMax = rows.reduce((m, r) => Math.max(m, num(r, 'tpot') ?? 0), Math.max(0, ...limits));
  const columns: TableColumn<LatencyRow>[] = [
    { header: 'Scenario', cell: (r) => r.scenario },
    { header: 'Requests/s', cell: (r) => formatNumber(num(r, 'rps') ?? 0, 2), numeric: true },
    {
      header: 'Output tokens/s',
      cell: (r) => formatNumber(num(r, 'tokens') ?? 0),
      numeric: true,
    },
    {
      header: `${pLabel} TTFT (ms)`,
      cell: (r) => formatNumber(num(r, 'ttft') ?? 0, 1),
      numeric: true,
    },
    {
      header: `${pLabel} TPOT (ms)`,
      cell: (r) => formatNumber(num(r, 'tpot') ?? 0, 1),
      numeric: true,
    },
    { header: 'Within SLO', cell: (r) => (num(r, 'within') === 1 ? 'yes' : 'no') },
  ];
  const tokenTicks = valueAxisTicks(rows.reduce((m, r) => Math.max(m, num(r, 'tokens') ?? 0), 0));
  const title = `Latency against throughput (${pLabel} TPOT in ms, output tokens/s)`;
  return (
    <ChartFrame
      testId={props.testId}
      title={title}
      description={
        props.description ??
        "Serving under a growing Poisson load, from 5 % to 100 % of capacity: each point is one offered rate. The dashed line is the SLO's time-per-output-token limit; the marked point is where the SLO breaks."
      }
      hasData={data.series.length > 0}
      excluded={data.excluded}
      rows={rows}
      columns={columns}
      rowKey={(r, i) => `${r.scenario}-${i}`}
      variant={variant}
    >
      <ChartBox variant={variant} heightPx={variant === 'print' ? 280 : 300}>
        <LineChart
          margin={{ top: 8, right: 24, bottom: 24, left: variant === 'print' ? 8 : 16 }}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={style.grid} />
          <XAxis
            type="number"
            dataKey="tokens"
            domain={tickDomain(tokenTicks)}
            ticks={tokenTicks}
            tickFormatter={props.formatTick}
            {...axisProps(style)}
            label={axisLabel('output tokens/s', 'x', style)}
          />
          <YAxis
            type="number"
            dataKey="tpot"
            {...axisProps(style)}
            width={64}
            tickFormatter={(v: number) => formatNumber(v)}
            label={axisLabel(`${pLabel} TPOT (ms)`, 'y', style)}
          />
          {style.tooltip ? (
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? `${formatNumber(v, 1)} ms` : String(v))}
              labelFormatter={(v) => `${formatNumber(Number(v))} output tokens/s`}
              contentStyle={TOOLTIP_STYLE}
            />
          ) : null}
          <Legend {...legendProps(style)} />
          {limits.map((l) => (
            <ReferenceLine
              key={`limit-${l}`}
              y={l}
              stroke={style.axis}
              strokeDasharray="6 4"
              label={{
                value: `TPOT limit ${formatNumber(l)} ms`,
                fill: style.axis,
                ...fontSizeProp(style),
                position: referenceLabelPosition(l, tpotMax),
              }}
            />
          ))}
          {data.series.map((s) => (
            <Line
              key={s.key}
              data={[...s.points]}
              dataKey="tpot"
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={variant === 'print' ? false : { r: 2 }}
              isAnimationActive={false}
            />
          ))}
          {data.series.map((s) =>
            s.breakTokensPerS === null || s.tpotLimitMs === null ? null : (
              <ReferenceDot
                key={`break-${s.key}`}
                x={s.breakTokensPerS}
                y={breakTpot(s.points, s.breakTokensPerS)}
                r={6}
                fill={s.color}
                stroke={style.surface}
              />
            ),
          )}
        </LineChart>
      </ChartBox>
      <ul
        className={variant === 'print' ? 'report-notes' : 'chart-notes'}
        data-testid={`${props.testId}-breaks`}
      >
        {data.series.map((s) => (
          <li key={s.key}>
            <strong>{s.label}</strong>: {s.sloBreak ?? 'no latency limit given'}
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}

/** TPOT (ms) on a series' line at `tokens` output tokens/s, by linear interpolation. */
function breakTpot(points: readonly ChartRow[], tokens: number): number {
  let prev: ChartRow | undefined;
  for (const p of points) {
    const x = num(p, 'tokens') ?? 0;
    if (x >= tokens) {
      if (!prev) return num(p, 'tpot') ?? 0;
      const x0 = num(prev, 'tokens') ?? 0;
      const y0 = num(prev, 'tpot') ?? 0;
      const y1 = num(p, 'tpot') ?? 0;
      return x === x0 ? y1 : y0 + ((y1 - y0) * (tokens - x0)) / (x - x0);
    }
    prev = p;
  }
  return num(points[points.length - 1] ?? {}, 'tpot') ?? 0;
}

/**
 * The tornado's bars: one row per input, the metric's change with the input at its low end
 * (blue) and at its high end (vermillion). On screen the two bars of a row stand side by side
 * under a legend; in print they overlap on one line (the caption names the colours).
 */
export function TornadoBars(props: {
  readonly rows: readonly TornadoRow[];
  /** The value axis' label, with its unit. */
  readonly unitLabel: string;
  /** A change in the metric, signed, for the tooltip. */
  readonly formatDelta: (v: number) => string;
  readonly variant?: ChartVariant;
  readonly title?: string;
}) {
  const variant = props.variant ?? 'screen';
  const style = CHART_STYLE[variant];
  const print = variant === 'print';
  const n = props.rows.length;
  return (
    <ChartBox variant={variant} heightPx={print ? 60 + n * 26 : 90 + n * 40}>
      <BarChart
        data={[...props.rows]}
        layout="vertical"
        margin={
          print
            ? { top: 4, right: 24, bottom: 18, left: 4 }
            : { top: 8, right: 24, bottom: 28, left: 8 }
        }
        barGap={print ? -14 : 2}
        {...(props.title ? { title: props.title } : {})}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={style.grid} horizontal={false} />
        <XAxis
          type="number"
          {...axisProps(style)}
          tickFormatter={(v: number) => formatNumberCompact(v)}
          label={{
            value: props.unitLabel,
            position: 'insideBottom',
            offset: print ? style.xLabelOffsetPx : -14,
            fill: style.axis,
          }}
        />
        <YAxis type="category" dataKey="label" {...axisProps(style)} width={print ? 190 : 210} />
        <ReferenceLine x={0} stroke={style.text} />
        {style.tooltip ? (
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? props.formatDelta(v) : String(v))}
            contentStyle={TOOLTIP_STYLE}
          />
        ) : null}
        {print ? null : (
          <Legend verticalAlign="top" wrapperStyle={{ paddingBottom: 8 }} itemSorter={null} />
        )}
        <Bar
          dataKey="low"
          name="Input at its low end"
          fill={LOW_COLOR}
          {...(print ? { barSize: 14 } : {})}
          isAnimationActive={false}
        />
        <Bar
          dataKey="high"
          name="Input at its high end"
          fill={HIGH_COLOR}
          {...(print ? { barSize: 14 } : {})}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartBox>
  );
}

/** A bar chart of the Charts screen and the report: what it shows, its data and formats. */
type BarChartSpec = {
  readonly id: 'capex' | 'opex' | 'power' | 'step' | 'ttt';
  readonly title: string;
  readonly description: string;
  /** The report's shorter caption. */
  readonly printDescription: string;
  readonly data: (evals: readonly ScenarioEvaluation[]) => ChartData;
  readonly unitLabel: string;
  readonly format: (v: number) => string;
  readonly formatTick: (v: number) => string;
  readonly stacked?: boolean;
};

export const BAR_CHARTS: readonly BarChartSpec[] = [
  {
    id: 'capex',
    title: 'Capital cost by line (USD)',
    description: 'Up-front cost of each build, stacked by line.',
    printDescription: 'Up-front cost of each build, stacked by line.',
    data: capexByLine,
    unitLabel: 'USD',
    format: formatMoney,
    formatTick: (v) => formatMoneyCompact(v),
  },
  {
    id: 'opex',
    title: 'Operating cost per year by line (USD/year)',
    description: 'Yearly running cost of each build, stacked by line.',
    printDescription: 'Yearly running cost of each build, stacked by line.',
    data: opexByLine,
    unitLabel: 'USD/year',
    format: formatMoney,
    formatTick: (v) => formatMoneyCompact(v),
  },
  {
    id: 'power',
    title: 'Average power by component (kW)',
    description:
      'Average facility draw at the workload (training, or serving at its load): IT components plus facility overhead (cooling and distribution).',
    printDescription: 'IT components plus facility overhead at the workload.',
    data: powerByComponent,
    unitLabel: 'kW',
    format: (v) => formatPower(v * 1000),
    formatTick: (v) => formatNumberCompact(v),
  },
  {
    id: 'step',
    title: 'Training step time breakdown (s)',
    description:
      'Seconds per optimizer step: compute, exposed communication, pipeline bubble and optimizer.',
    printDescription: 'Compute, exposed communication, pipeline bubble and optimizer per step.',
    data: stepTimeBreakdown,
    unitLabel: 's',
    format: (v) => `${formatNumber(v, v < 1 ? 3 : 2)} s`,
    formatTick: (v) => formatNumber(v, 2),
  },
  {
    id: 'ttt',
    title: 'Time to train (days)',
    description:
      'Days to process the token budget: compute only, and wall clock with data stalls, checkpoints and failures.',
    printDescription: 'Compute only, and wall clock with data stalls, checkpoints and failures.',
    data: timeToTrain,
    unitLabel: 'days',
    format: (v) => `${formatNumber(v, 1)} days`,
    formatTick: (v) => formatNumber(v, 1),
    stacked: false,
  },
];

/**
 * The bar charts named in `ids` (BAR_CHARTS' order) for the scenarios; test ids
 * `chart-<id>` on screen, `report-chart-<id>` in print.
 */
export function BarCharts(props: {
  readonly evaluations: readonly ScenarioEvaluation[];
  readonly ids: readonly BarChartSpec['id'][];
  readonly variant?: ChartVariant;
}) {
  const print = props.variant === 'print';
  return BAR_CHARTS.filter((c) => props.ids.includes(c.id)).map((c) => (
    <StackedBarsChart
      key={c.id}
      variant={props.variant ?? 'screen'}
      testId={print ? `report-chart-${c.id}` : `chart-${c.id}`}
      title={c.title}
      description={print ? c.printDescription : c.description}
      data={c.data(props.evaluations)}
      unitLabel={c.unitLabel}
      format={c.format}
      formatTick={c.formatTick}
      {...(c.stacked === undefined ? {} : { stacked: c.stacked })}
    />
  ));
}
