import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatNumber } from '../../format/format';
import { ChartFrame, type TableColumn } from './ChartFrame';
import type { ChartData, ChartRow, HorizonData, LatencyData, ScalingData } from './chartData';

const AXIS = 'var(--muted)';
const GRID = 'var(--grid)';
const TOOLTIP_STYLE = {
  background: 'var(--panel)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

/** Axis label props (recharts) in the muted text colour. */
function axisLabel(value: string, axis: 'x' | 'y') {
  return axis === 'x'
    ? { value, position: 'insideBottom' as const, offset: -4, fill: AXIS }
    : { value, angle: -90, position: 'insideLeft' as const, offset: 4, fill: AXIS };
}

/** A row's number under `key`, or undefined. */
function num(row: ChartRow, key: string): number | undefined {
  const v = row[key];
  return typeof v === 'number' ? v : undefined;
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
}) {
  const { data } = props;
  const stacked = props.stacked ?? true;
  const height =
    110 +
    data.rows.length * (stacked ? 56 : 24 + 18 * data.series.length) +
    Math.ceil(data.series.length / 3) * 20;
  const columns: TableColumn<ChartRow>[] = [
    { header: props.categoryHeader ?? 'Scenario', cell: (r) => String(r['label']) },
    ...data.series.map((s) => ({
      header: `${s.label} (${props.unitLabel})`,
      cell: (r: ChartRow) => {
        const v = num(r, s.key);
        return v === undefined ? '—' : props.format(v);
      },
      numeric: true,
    })),
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
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          data={[...data.rows]}
          layout="vertical"
          margin={{ top: 8, right: 24, bottom: 24, left: 8 }}
          title={props.title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} horizontal={false} />
          <XAxis
            type="number"
            stroke={AXIS}
            tickFormatter={props.formatTick}
            label={axisLabel(props.unitLabel, 'x')}
          />
          <YAxis type="category" dataKey="label" stroke={AXIS} width={180} />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? props.format(v) : String(v))}
            contentStyle={TOOLTIP_STYLE}
          />
          <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 16 }} itemSorter={null} />
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
      </ResponsiveContainer>
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
}) {
  const { data } = props;
  const rows = props.which === 'throughput' ? data.throughputRows : data.efficiencyRows;
  const columns: TableColumn<ChartRow>[] = [
    { header: 'GPUs', cell: (r) => formatNumber(num(r, 'gpus') ?? 0), numeric: true },
    ...data.series.map((s) => ({
      header: `${s.label} (${props.unitLabel})`,
      cell: (r: ChartRow) => {
        const v = num(r, s.key);
        return v === undefined ? '—' : props.format(v);
      },
      numeric: true,
    })),
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
    >
      <ResponsiveContainer width="100%" height={300}>
        <LineChart
          data={[...rows]}
          margin={{ top: 8, right: 24, bottom: 24, left: 16 }}
          title={props.title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
          <XAxis
            type="number"
            dataKey="gpus"
            scale="log"
            domain={['dataMin', 'dataMax']}
            ticks={gpuTicks(rows)}
            tickFormatter={(v: number) => formatNumber(v)}
            stroke={AXIS}
            label={axisLabel('GPUs (log scale)', 'x')}
          />
          <YAxis
            stroke={AXIS}
            tickFormatter={props.formatTick}
            width={64}
            label={axisLabel(props.unitLabel, 'y')}
            {...(props.which === 'efficiency' ? { domain: [0, 100] } : {})}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? props.format(v) : String(v))}
            labelFormatter={(v) => `${formatNumber(Number(v))} GPUs`}
            contentStyle={TOOLTIP_STYLE}
          />
          <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 16 }} itemSorter={null} />
          {data.series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
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
 * Cumulative cost of owning (solid) against renting the same GPU-hours in the cloud (dashed)
 * over each scenario's horizon, with the break-even point marked where they cross.
 */
export function HorizonChart(props: {
  readonly testId: string;
  readonly data: HorizonData;
  readonly formatTick: (v: number) => string;
}) {
  const { data } = props;
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
      <ResponsiveContainer width="100%" height={320}>
        <LineChart
          data={[...data.rows]}
          margin={{ top: 8, right: 24, bottom: 24, left: 16 }}
          title={title}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
          <XAxis
            type="number"
            dataKey="month"
            domain={[0, 'dataMax']}
            ticks={yearTicks}
            tickFormatter={(v: number) => formatNumber(v)}
            stroke={AXIS}
            label={axisLabel('Months from purchase', 'x')}
          />
          <YAxis
            stroke={AXIS}
            tickFormatter={props.formatTick}
            width={72}
            label={axisLabel('USD', 'y')}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
            labelFormatter={(v) => `Month ${formatNumber(Number(v))}`}
            contentStyle={TOOLTIP_STYLE}
          />
          <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 16 }} itemSorter={null} />
          {data.scenarios.flatMap((s) => [
            <Line
              key={`own_${s.id}`}
              dataKey={`own_${s.id}`}
              name={`Own — ${s.name}`}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />,
            <Line
              key={`rent_${s.id}`}
              dataKey={`rent_${s.id}`}
              name={`Cloud rental — ${s.name}`}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />,
          ])}
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
                  stroke="var(--panel)"
                  strokeWidth={2}
                />
              );
            })}
        </LineChart>
      </ResponsiveContainer>
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
}) {
  const { data } = props;
  const percentiles = [...new Set(data.series.map((s) => s.percentile))];
  const pLabel = percentiles.length === 1 ? `p${formatNumber(percentiles[0] ?? 99)}` : 'percentile';
  const rows: LatencyRow[] = data.series.flatMap((s) =>
    s.points.map((p) => ({ ...p, scenario: s.label })),
  );
  const limits = [
    ...new Set(data.series.map((s) => s.tpotLimitMs).filter((v): v is number => v !== null)),
  ];
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
  const title = `Latency against throughput (${pLabel} TPOT in ms, output tokens/s)`;
  return (
    <ChartFrame
      testId={props.testId}
      title={title}
      description="Serving under a growing Poisson load, from 5 % to 100 % of capacity: each point is one offered rate. The dashed line is the SLO's time-per-output-token limit; the marked point is where the SLO breaks."
      hasData={data.series.length > 0}
      excluded={data.excluded}
      rows={rows}
      columns={columns}
      rowKey={(r, i) => `${r.scenario}-${i}`}
    >
      <ResponsiveContainer width="100%" height={300}>
        <LineChart margin={{ top: 8, right: 24, bottom: 24, left: 16 }} title={title}>
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
          <XAxis
            type="number"
            dataKey="tokens"
            domain={[0, 'dataMax']}
            tickFormatter={props.formatTick}
            stroke={AXIS}
            label={axisLabel('output tokens/s', 'x')}
          />
          <YAxis
            type="number"
            dataKey="tpot"
            stroke={AXIS}
            width={64}
            tickFormatter={(v: number) => formatNumber(v)}
            label={axisLabel(`${pLabel} TPOT (ms)`, 'y')}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? `${formatNumber(v, 1)} ms` : String(v))}
            labelFormatter={(v) => `${formatNumber(Number(v))} output tokens/s`}
            contentStyle={TOOLTIP_STYLE}
          />
          <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 16 }} itemSorter={null} />
          {limits.map((l) => (
            <ReferenceLine
              key={`limit-${l}`}
              y={l}
              stroke={AXIS}
              strokeDasharray="6 4"
              label={{
                value: `TPOT limit ${formatNumber(l)} ms`,
                fill: AXIS,
                position: 'insideTopLeft',
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
              dot={{ r: 2 }}
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
                stroke="var(--panel)"
              />
            ),
          )}
        </LineChart>
      </ResponsiveContainer>
      <ul className="chart-notes" data-testid={`${props.testId}-breaks`}>
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
