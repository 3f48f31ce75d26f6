import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  XAxis,
  YAxis,
} from 'recharts';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import {
  capexByLine,
  powerByComponent,
  servingCurves,
  stepTimeBreakdown,
  timeToTrain,
  type ChartData,
} from '../charts/chartData';
import {
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatNumberCompact,
} from '../../format/format';

/**
 * The report's charts: fixed-size recharts SVG (vectors in the PDF), no animation, no
 * tooltips, each with its data table printed beside it for readers who need the figures.
 */

/** Width of a chart, px: fits A4 and Letter between the margins (182 mm ≈ 688 px). */
export const PRINT_CHART_WIDTH_PX = 660;
const AXIS = '#4a4f59';
const GRID = '#d9dde3';

function PrintBars(props: {
  readonly testId: string;
  readonly title: string;
  readonly caption: string;
  readonly data: ChartData;
  readonly unitLabel: string;
  readonly format: (v: number) => string;
  readonly formatTick: (v: number) => string;
  readonly stacked?: boolean;
}) {
  const { data } = props;
  if (data.rows.length === 0) return null;
  const stacked = props.stacked ?? true;
  const height =
    90 +
    data.rows.length * (stacked ? 40 : 16 + 16 * data.series.length) +
    Math.ceil(data.series.length / 3) * 18;
  return (
    <figure className="report-figure" data-testid={props.testId}>
      <figcaption>
        <strong>{props.title}</strong> {props.caption}
      </figcaption>
      <BarChart
        width={PRINT_CHART_WIDTH_PX}
        height={height}
        data={[...data.rows]}
        layout="vertical"
        margin={{ top: 4, right: 24, bottom: 20, left: 4 }}
        title={props.title}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} horizontal={false} />
        <XAxis
          type="number"
          stroke={AXIS}
          tickFormatter={props.formatTick}
          label={{ value: props.unitLabel, position: 'insideBottom', offset: -6, fill: AXIS }}
          fontSize={10}
        />
        <YAxis type="category" dataKey="label" stroke={AXIS} width={170} fontSize={10} />
        <Legend
          verticalAlign="bottom"
          wrapperStyle={{ paddingTop: 12, fontSize: 10 }}
          formatter={(value: string) => <span className="report-legend">{value}</span>}
        />
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
      {data.excluded.length > 0 ? (
        <p className="report-note">
          Not shown: {data.excluded.map((e) => `${e.name} (${e.reason})`).join('; ')}
        </p>
      ) : null}
    </figure>
  );
}

/** The charts of the report, for the scenarios with results. */
export function ReportCharts(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  const evals = props.evaluations;
  return (
    <>
      <PrintBars
        testId="report-chart-capex"
        title="Capital cost by line (USD)."
        caption="Up-front cost of each build, stacked by line."
        data={capexByLine(evals)}
        unitLabel="USD"
        format={formatMoney}
        formatTick={(v) => formatMoneyCompact(v)}
      />
      <PrintBars
        testId="report-chart-power"
        title="Average power by component (kW)."
        caption="IT components plus facility overhead at the workload."
        data={powerByComponent(evals)}
        unitLabel="kW"
        format={(v) => formatNumber(v, 1)}
        formatTick={(v) => formatNumberCompact(v)}
      />
      <PrintBars
        testId="report-chart-step"
        title="Training step time breakdown (s)."
        caption="Compute, exposed communication, pipeline bubble and optimizer per step."
        data={stepTimeBreakdown(evals)}
        unitLabel="s"
        format={(v) => formatNumber(v, 3)}
        formatTick={(v) => formatNumber(v, 2)}
      />
      <PrintBars
        testId="report-chart-ttt"
        title="Time to train (days)."
        caption="Compute only, and wall clock with data stalls, checkpoints and failures."
        data={timeToTrain(evals)}
        unitLabel="days"
        format={(v) => formatNumber(v, 1)}
        formatTick={(v) => formatNumber(v, 1)}
        stacked={false}
      />
      <PrintLatency evaluations={evals} />
    </>
  );
}

/**
 * Serving scenarios: output tokens/s against percentile TPOT as the offered load grows, the
 * SLO's TPOT limit dashed, and where each SLO breaks in words (as on the Charts screen).
 */
function PrintLatency(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  const data = servingCurves(props.evaluations);
  if (data.series.length === 0) return null;
  const limits = [
    ...new Set(data.series.map((s) => s.tpotLimitMs).filter((v): v is number => v !== null)),
  ];
  return (
    <figure className="report-figure" data-testid="report-chart-latency">
      <figcaption>
        <strong>Latency against throughput (p99 TPOT in ms, output tokens/s).</strong> Serving under
        a growing Poisson load from 5 % to 100 % of capacity; dashed: the SLO&apos;s TPOT limit.
      </figcaption>
      <LineChart
        width={PRINT_CHART_WIDTH_PX}
        height={280}
        margin={{ top: 8, right: 24, bottom: 24, left: 8 }}
        title="Latency against throughput"
      >
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis
          type="number"
          dataKey="tokens"
          domain={[0, 'dataMax']}
          stroke={AXIS}
          tickFormatter={(v: number) => formatNumberCompact(v)}
          label={{ value: 'output tokens/s', position: 'insideBottom', offset: -8, fill: AXIS }}
        />
        <YAxis
          type="number"
          dataKey="tpot"
          stroke={AXIS}
          width={56}
          tickFormatter={(v: number) => formatNumber(v)}
          label={{ value: 'TPOT (ms)', angle: -90, position: 'insideLeft', fill: AXIS }}
        />
        <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 12 }} />
        {limits.map((l) => (
          <ReferenceLine key={l} y={l} stroke={AXIS} strokeDasharray="6 4" />
        ))}
        {data.series.map((s) => (
          <Line
            key={s.key}
            data={[...s.points]}
            dataKey="tpot"
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <ul className="report-notes">
        {data.series.map((s) => (
          <li key={s.key}>
            <strong>{s.label}</strong>: {s.sloBreak ?? 'no latency limit given'}
          </li>
        ))}
      </ul>
    </figure>
  );
}
