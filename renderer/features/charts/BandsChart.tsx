import { useMemo } from 'react';
import { getMetric } from '../../../model/metrics';
import { formatMetric } from '../../components/metricFormat';
import { placeBands } from '../analysis/analysisData';
import { UncertaintyBand } from '../analysis/UncertaintyBand';
import { bandsFor, useMonteCarloRun } from '../analysis/useMonteCarlo';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { ChartFrame, type TableColumn } from './ChartFrame';

/** Figures whose uncertainty the band chart shows, in order. */
const BAND_METRICS = [
  'tokens_per_s',
  'time_to_train_days',
  'tco_usd',
  'cost_per_million_tokens_usd',
  'output_tokens_per_s',
  'cost_per_million_output_tokens_usd',
] as const;

type BandRow = {
  readonly scenario: string;
  readonly metricId: string;
  readonly label: string;
  readonly unit: string;
  readonly currency: string;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  readonly base: number | null;
};

/**
 * P10–P50–P90 bands of the key figures of each open scenario from the last Monte Carlo run
 * (Sensitivity screen), on one relative scale per figure (each band divided by its value
 * without uncertainty), with the figures in a data table. Scenarios edited since the run, or
 * not in it, are listed as not shown.
 */
export function BandsChart(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  const run = useMonteCarloRun();
  const { rows, excluded } = useMemo(() => {
    const out: BandRow[] = [];
    const missing: { id: string; name: string; reason: string }[] = [];
    for (const e of props.evaluations) {
      const b = bandsFor(run, e.id, e.scenario);
      if (!b) {
        missing.push({
          id: e.id,
          name: e.name,
          reason:
            run.result === null
              ? 'no Monte Carlo run yet (Sensitivity screen)'
              : 'not in the last Monte Carlo run, or edited since',
        });
        continue;
      }
      for (const id of BAND_METRICS) {
        const s = b.find((x) => x.metricId === id);
        if (!s) continue;
        out.push({
          scenario: e.name,
          metricId: id,
          label: getMetric(id).label,
          unit: s.unit,
          currency: e.scenario?.finance.currency ?? 'USD',
          p10: s.p10,
          p50: s.p50,
          p90: s.p90,
          base: s.base,
        });
      }
    }
    return { rows: out, excluded: missing };
  }, [run, props.evaluations]);
  const placed = useMemo(
    () =>
      placeBands(
        rows.map((r) => ({
          metricId: r.metricId,
          unit: r.unit,
          base: r.base,
          p10: r.p10,
          p50: r.p50,
          p90: r.p90,
          mean: r.p50,
          n: 0,
        })),
      ),
    [rows],
  );
  const fmt = (r: BandRow, v: number) => formatMetric(v, r.unit, r.currency);
  const columns: TableColumn<BandRow>[] = [
    { header: 'Scenario', cell: (r) => r.scenario },
    { header: 'Figure', cell: (r) => r.label },
    { header: 'P10', cell: (r) => fmt(r, r.p10), numeric: true },
    { header: 'P50', cell: (r) => fmt(r, r.p50), numeric: true },
    { header: 'P90', cell: (r) => fmt(r, r.p90), numeric: true },
    {
      header: 'Without uncertainty',
      cell: (r) => (r.base === null ? '—' : fmt(r, r.base)),
      numeric: true,
    },
  ];
  return (
    <ChartFrame
      testId="chart-bands"
      title="Uncertainty bands (P10–P90, relative to the value without uncertainty)"
      description="From the seeded Monte Carlo on the Sensitivity screen: the bar spans P10 to P90, the tick is P50 and the diamond the value without uncertainty. Each figure is divided by its value without uncertainty so the bands share one scale."
      hasData={rows.length > 0}
      excluded={excluded}
      rows={rows}
      columns={columns}
      rowKey={(r, i) => `${r.scenario}-${r.metricId}-${i}`}
    >
      <ul className="chart-bands">
        {rows.map((r, i) => {
          const p = placed[i];
          if (!p) return null;
          return (
            <li key={`${r.scenario}-${r.metricId}`} className="chart-band-row">
              <span className="chart-band-label">
                {r.scenario} · {r.label}
              </span>
              <UncertaintyBand
                p10={p.p10}
                p50={p.p50}
                p90={p.p90}
                base={p.base}
                domain={p.domain}
                format={(v) => `${(v * 100).toFixed(0)} %`}
                width={260}
                ariaLabel={`${r.scenario}, ${r.label}: P10 ${fmt(r, r.p10)}, P50 ${fmt(r, r.p50)}, P90 ${fmt(r, r.p90)}`}
              />
            </li>
          );
        })}
      </ul>
    </ChartFrame>
  );
}
