import { useMemo } from 'react';
import { getMetric } from '../../../model/metrics';
import { formatMoneyCompact, formatNumber, formatNumberCompact } from '../../format/format';
import { useEvaluations } from '../../workspace/useEvaluations';
import { costOverHorizon, scalingCurves, servingCurves } from './chartData';
import { BandsChart } from './BandsChart';
import { BarCharts, HorizonChart, LatencyThroughputChart, ScalingChart } from './Charts';
import './charts.css';

const SCALING_EFFICIENCY = getMetric('scaling_efficiency_pct');

const tokensPerS = (v: number) => `${formatNumber(v)} tokens/s`;
const pct = (v: number) => `${formatNumber(v, 1)} %`;

/**
 * Charts of the open scenarios (`useEvaluations()`): cost lines, power by component, step-time
 * breakdown, time to train, the scaling curve and owning-vs-renting cost over the horizon.
 * Data shaping is pure (chartData.ts); a scenario a chart cannot show is listed with the reason.
 */
export function ChartsPage() {
  const evals = useEvaluations();
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
        <BarCharts evaluations={evals} ids={['capex', 'opex', 'power', 'step', 'ttt']} />
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
