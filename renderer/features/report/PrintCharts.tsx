import { Bar, BarChart, CartesianGrid, Legend, XAxis, YAxis } from 'recharts';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import {
  capexByLine,
  powerByComponent,
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
    </>
  );
}
