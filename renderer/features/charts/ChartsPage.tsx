import { useMemo } from 'react';
import { getMetric } from '../../../model/metrics';
import {
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatNumberCompact,
  formatPower,
} from '../../format/format';
import { useEvaluations } from '../../workspace/useEvaluations';
import {
  capexByLine,
  costOverHorizon,
  opexByLine,
  powerByComponent,
  scalingCurves,
  servingCurves,
  stepTimeBreakdown,
  timeToTrain,
} from './chartData';
import { BandsChart } from './BandsChart';
import { HorizonChart, LatencyThroughputChart, ScalingChart, StackedBarsChart } from './Charts';
import './charts.css';

const SCALING_EFFICIENCY = getMetric('scaling_efficiency_pct');

const kw = (v: number) => formatPower(v * 1000);
const seconds = (v: number) => `${formatNumber(v, v < 1 ? 3 : 2)} s`;
const days = (v: number) => `${formatNumber(v, 1)} days`;
const tokensPerS = (v: number) => `${formatNumber(v)} tokens/s`;
const pct = (v: number) => `${formatNumber(v, 1)} %`;

/**
 * Charts of the open scenarios (`useEvaluations()`): cost lines, power by component, step-time
 * breakdown, time to train, the scaling curve and owning-vs-renting cost over the horizon.
 * Data shaping is pure (chartData.ts); a scenario a chart cannot show is listed with the reason.
 */
export function ChartsPage() {
  const evals = useEvaluations();
  const capex = useMemo(() => capexByLine(evals), [evals]);
  const opex = useMemo(() => opexByLine(evals), [evals]);
  const power = useMemo(() => powerByComponent(evals), [evals]);
  const step = useMemo(() => stepTimeBreakdown(evals), [evals]);
  const ttt = useMemo(() => timeToTrain(evals), [evals]);
  const scaling = useMemo(() => scalingCurves(evals), [evals]);
  const horizon = useMemo(() => costOverHorizon(evals), [evals]);
  const latency = useMemo(() => servingCurves(evals), [evals]);
  return (
    <section className="panel charts-page" aria-labelledby="charts-title">
      <div className="panel-head">
        <h2 id="charts-title">Charts</h2>
        <p className="charts-lede">
          {evals.length === 1
            ? 'One open scenario'
            : `${formatNumber(evals.length)} open scenarios`}
          . Each chart has a data table below it.
        </p>
      </div>
      <div className="charts-grid">
        <StackedBarsChart
          testId="chart-capex"
          title="Capital cost by line (USD)"
          description="Up-front cost of each build, stacked by line."
          data={capex}
          unitLabel="USD"
          format={formatMoney}
          formatTick={(v) => formatMoneyCompact(v)}
        />
        <StackedBarsChart
          testId="chart-opex"
          title="Operating cost per year by line (USD/year)"
          description="Yearly running cost of each build, stacked by line."
          data={opex}
          unitLabel="USD/year"
          format={formatMoney}
          formatTick={(v) => formatMoneyCompact(v)}
        />
        <StackedBarsChart
          testId="chart-power"
          title="Average power by component (kW)"
          description="Average facility draw at the workload (training, or serving at its load): IT components plus facility overhead (cooling and distribution)."
          data={power}
          unitLabel="kW"
          format={kw}
          formatTick={(v) => formatNumberCompact(v)}
        />
        <StackedBarsChart
          testId="chart-step"
          title="Training step time breakdown (s)"
          description="Seconds per optimizer step: compute, exposed communication, pipeline bubble and optimizer."
          data={step}
          unitLabel="s"
          format={seconds}
          formatTick={(v) => formatNumber(v, 2)}
        />
        <StackedBarsChart
          testId="chart-ttt"
          title="Time to train (days)"
          description="Days to process the token budget: compute only, and wall clock with data stalls, checkpoints and failures."
          data={ttt}
          unitLabel="days"
          format={days}
          formatTick={(v) => formatNumber(v, 1)}
          stacked={false}
        />
        <ScalingChart
          testId="chart-throughput"
          title="Throughput against GPU count (tokens/s)"
          description="Training throughput at the scenario's global batch (strong scaling), from the training engine's scaling curve."
          data={scaling}
          which="throughput"
          unitLabel="tokens/s"
          format={tokensPerS}
          formatTick={(v) => formatNumberCompact(v)}
        />
        <ScalingChart
          testId="chart-efficiency"
          title="Scaling efficiency against GPU count (%)"
          description={`${SCALING_EFFICIENCY.formula ?? ''}, at each GPU count: the same figure as the scenario's own (at its GPU count), never above 100 %.`}
          data={scaling}
          which="efficiency"
          unitLabel="%"
          format={pct}
          formatTick={(v) => formatNumber(v)}
        />
        <LatencyThroughputChart
          testId="chart-latency"
          data={latency}
          formatTick={(v) => formatNumberCompact(v)}
        />
        <BandsChart evaluations={evals} />
        <HorizonChart
          testId="chart-horizon"
          data={horizon}
          formatTick={(v) => formatMoneyCompact(v)}
        />
      </div>
    </section>
  );
}
