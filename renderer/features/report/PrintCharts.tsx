import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { scalingCurves, servingCurves } from '../charts/chartData';
import { BarCharts, LatencyThroughputChart, ScalingChart } from '../charts/Charts';
import { formatNumber, formatNumberCompact } from '../../format/format';

/**
 * The report's charts: the Charts screen's components in their print variant (fixed-size
 * recharts SVG, vectors in the PDF; no animation, no tooltips), with the report's captions.
 */
export function ReportCharts(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  const evals = props.evaluations;
  return (
    <>
      <BarCharts variant="print" evaluations={evals} ids={['capex', 'power', 'step', 'ttt']} />
      <LatencyThroughputChart
        variant="print"
        testId="report-chart-latency"
        data={servingCurves(evals)}
        formatTick={(v) => formatNumberCompact(v)}
        description="Serving under a growing Poisson load from 5 % to 100 % of capacity; dashed: the SLO's TPOT limit, the marked point where the SLO breaks."
      />
    </>
  );
}

/** Throughput against GPU count (strong scaling at each build's global batch). */
export function PrintScaling(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  return (
    <ScalingChart
      variant="print"
      testId="report-chart-scaling"
      title="Scaling curve: throughput against GPU count (tokens/s)"
      description="Each training build at its own global batch, from a few GPUs to its size and beyond; points that do not fit in memory are left out."
      data={scalingCurves(props.evaluations)}
      which="throughput"
      unitLabel="tokens/s"
      format={(v) => formatNumber(v)}
      formatTick={(v) => formatNumberCompact(v)}
    />
  );
}
