import { useMemo, useState } from 'react';
import {
  describeDistribution,
  MODEL_UNCERTAINTY_PCT,
  pairwiseSentence,
  uncertaintyWithRanges,
  type EngineKnobs,
  type MonteCarloResult,
} from '../../../model/analysis';
import { metricRegistry } from '../../../model/metrics';
import type { Scenario } from '../../../model/scenario';
import { NumberInput } from '../../components/NumberInput';
import { Button, Checkbox, ProgressBar } from '../../components/ui';
import { formatMetric } from '../../components/metricFormat';
import { formatMoney, formatNumber } from '../../format/format';
import { bandRows, formatInputValue, KEY_METRICS, placeBands } from './analysisData';
import { useRanges } from './rangesStore';
import { UncertaintyBand } from './UncertaintyBand';
import { UncertaintyEditor } from './UncertaintyEditor';
import { cancelMonteCarlo, startMonteCarlo, useMonteCarloRun } from './useMonteCarlo';

/** One open scenario as the Monte Carlo takes it. */
export type McScenario = {
  readonly id: string;
  readonly name: string;
  readonly scenario: Scenario;
  readonly knobs: EngineKnobs;
  readonly currency: string;
};

/** Statements against the baseline for the key metrics (and the chosen one). */
function PairwiseList(props: { readonly result: MonteCarloResult; readonly metricId: string }) {
  const ids = [props.metricId, ...KEY_METRICS.filter((m) => m !== props.metricId)];
  const lines = props.result.pairwise
    .filter((p) => ids.includes(p.metricId))
    .sort(
      (a, b) =>
        a.scenarioIndex - b.scenarioIndex || ids.indexOf(a.metricId) - ids.indexOf(b.metricId),
    );
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="an-pairwise" className="an-subsection">
      <h4 id="an-pairwise">Against the baseline, draw by draw</h4>
      <p className="an-muted">
        Each draw uses the same prices, efficiencies and failure rates for every scenario (common
        random numbers), so these shares compare the builds, not the luck of the draw. A difference
        whose median is inside the model&rsquo;s stated uncertainty (&plusmn;
        {formatNumber(MODEL_UNCERTAINTY_PCT, 1)} %, its median error on the validation cases) is
        called indistinguishable.
      </p>
      <ul className="an-pairwise" data-testid="mc-pairwise">
        {lines.map((p) => (
          <li key={`${p.scenarioIndex}-${p.metricId}`}>
            {pairwiseSentence(props.result, p)}
            {p.tieShare > 0 ? ` (equal in ${formatNumber(p.tieShare * 100, 0)} %)` : ''}.
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Monte Carlo: draws and seed, a run in a Web Worker with progress and cancel, then
 * P10/P50/P90 with bands for the chosen scenario, the inputs' distributions and the pairwise
 * statements for every open scenario against the baseline.
 */
export function MonteCarloPanel(props: {
  readonly scenarios: readonly McScenario[];
  readonly chosenId: string;
  readonly baselineId: string | null;
  readonly metricId: string;
}) {
  const [draws, setDraws] = useState(500);
  const [seed, setSeed] = useState(1);
  const [all, setAll] = useState(false);
  const run = useMonteCarloRun();
  const ranges = useRanges();
  const [setupError, setSetupError] = useState<string | null>(null);
  const drawsError =
    Number.isInteger(draws) && draws >= 10 && draws <= 20_000
      ? undefined
      : 'from 10 to 20,000 draws';
  const seedError = Number.isInteger(seed) ? undefined : 'a whole number';

  const baselineIndex = Math.max(
    0,
    props.scenarios.findIndex((s) => s.id === props.baselineId),
  );
  const onRun = () => {
    let uncertainty;
    try {
      uncertainty = props.scenarios.map((s) => uncertaintyWithRanges(s.scenario, ranges, s.knobs));
      setSetupError(null);
    } catch (e) {
      setSetupError(e instanceof Error ? e.message : String(e));
      return;
    }
    startMonteCarlo(
      {
        scenarios: props.scenarios.map((s) => s.scenario),
        draws,
        seed,
        knobs: props.scenarios.map((s) => s.knobs),
        uncertainty,
        baselineIndex,
      },
      props.scenarios.map((s) => s.id),
    );
  };
  const result = run.result;
  const chosen = props.scenarios.find((s) => s.id === props.chosenId);
  const at = result ? run.ids.indexOf(props.chosenId) : -1;
  // A result for an earlier version of the scenario is not shown (bandsFor's rule).
  const stale = at >= 0 && run.scenarios[at] !== chosen?.scenario;
  const index = stale ? -1 : at;
  const currency = chosen?.currency ?? 'USD';
  const rows = useMemo(
    () => (result && index >= 0 ? bandRows(result, index, all, props.metricId) : []),
    [result, index, all, props.metricId],
  );
  const placed = useMemo(() => placeBands(rows), [rows]);

  return (
    <section className="an-section" aria-labelledby="an-mc-title" data-testid="mc">
      <h3 id="an-mc-title">Uncertainty (Monte Carlo)</h3>
      <p className="an-muted">
        Draws the uncertain inputs (the catalog&apos;s soft numbers, failure rates and the
        engine&apos;s own accuracy from its validation cases), evaluates every open scenario per
        draw and reports P10, P50 and P90. The same seed gives the same result.
      </p>
      <div className="an-controls">
        <NumberInput
          label="Draws"
          unit="draws"
          value={draws}
          onChange={setDraws}
          error={drawsError}
          step={100}
          testId="mc-draws"
        />
        <NumberInput
          label="Seed"
          unit="integer"
          value={seed}
          onChange={setSeed}
          error={seedError}
          testId="mc-seed"
        />
        <div className="an-buttons">
          <Button
            className="btn btn-primary"
            onPress={onRun}
            isDisabled={
              run.status === 'running' ||
              drawsError !== undefined ||
              seedError !== undefined ||
              props.scenarios.length === 0
            }
            data-testid="mc-run"
          >
            Run Monte Carlo
          </Button>
          {run.status === 'running' ? (
            <Button className="btn" onPress={cancelMonteCarlo} data-testid="mc-cancel">
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      {chosen ? <UncertaintyEditor scenario={chosen.scenario} knobs={chosen.knobs} /> : null}
      {setupError ? (
        <div className="error-box" role="alert">
          {setupError}
        </div>
      ) : null}
      {run.status === 'running' ? (
        <ProgressBar
          className="progress an-progress"
          label={`${formatNumber(run.done)} of ${formatNumber(run.total)} draws × ${formatNumber(props.scenarios.length)} scenarios`}
          value={run.done}
          maxValue={run.total}
          data-testid="mc-progress"
        />
      ) : null}
      {run.status === 'cancelled' ? (
        <p className="an-muted" data-testid="mc-cancelled">
          Cancelled after {formatNumber(run.done)} draws.
        </p>
      ) : null}
      {run.status === 'error' ? (
        <div className="error-box" role="alert">
          The Monte Carlo run failed: {run.error}
        </div>
      ) : null}
      {result && index < 0 ? <p className="an-muted">Run again to include this scenario.</p> : null}
      {result && index >= 0 ? (
        <>
          <p className="an-muted" data-testid="mc-summary">
            {formatNumber(result.draws)} draws, seed {result.seed}
            {run.elapsedMs !== null ? `, ${formatNumber(run.elapsedMs / 1000, 1)} s` : ''}
            {(result.failures[index] ?? 0) > 0
              ? `; ${formatNumber(result.failures[index] ?? 0)} draws the engine rejected are left out`
              : ''}
            .
          </p>
          <Checkbox
            isSelected={all}
            onChange={setAll}
            className="checkbox an-check"
            data-testid="mc-all"
          >
            Show every metric
          </Checkbox>
          <div className="an-scroll" role="region" aria-label="Percentiles per metric" tabIndex={0}>
            <table className="an-table" data-testid="mc-table">
              <caption className="visually-hidden">
                P10, P50 and P90 of each metric for {result.scenarios[index]}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Metric</th>
                  <th scope="col" className="num">
                    Without uncertainty
                  </th>
                  <th scope="col" className="num">
                    P10
                  </th>
                  <th scope="col" className="num">
                    P50
                  </th>
                  <th scope="col" className="num">
                    P90
                  </th>
                  <th scope="col">
                    Band{' '}
                    <span className="an-legend-inline">
                      (P10–P90 relative to the value without uncertainty, | P50, ◆ without)
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s, i) => {
                  const fmt = (v: number) => formatMetric(v, s.unit, currency);
                  const band = placed[i];
                  return (
                    <tr key={s.metricId} data-testid={`mc-row-${s.metricId}`}>
                      <th scope="row">{metricRegistry.get(s.metricId)?.label ?? s.metricId}</th>
                      <td className="num">{s.base === null ? '—' : fmt(s.base)}</td>
                      <td className="num">{fmt(s.p10)}</td>
                      <td className="num">{fmt(s.p50)}</td>
                      <td className="num">{fmt(s.p90)}</td>
                      <td>
                        {band ? (
                          <UncertaintyBand
                            p10={band.p10}
                            p50={band.p50}
                            p90={band.p90}
                            base={band.base}
                            domain={band.domain}
                            format={fmt}
                            ariaLabel={`P10 ${fmt(s.p10)}, P50 ${fmt(s.p50)}, P90 ${fmt(s.p90)}${s.base === null ? '' : `; without uncertainty ${fmt(s.base)}`}`}
                            testId="mc-band"
                          />
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <PairwiseList result={result} metricId={props.metricId} />
          <details className="an-table-wrap">
            <summary>Uncertain inputs of this scenario</summary>
            <div className="an-scroll" role="region" aria-label="Uncertain inputs" tabIndex={0}>
              <table className="an-table" data-testid="mc-inputs">
                <thead>
                  <tr>
                    <th scope="col">Input</th>
                    <th scope="col">Distribution</th>
                    <th scope="col">Basis</th>
                  </tr>
                </thead>
                <tbody>
                  {(result.uncertainty[index] ?? []).map((u) => (
                    <tr key={u.id}>
                      <th scope="row">{u.label}</th>
                      <td>
                        {describeDistribution(u.distribution, (v) =>
                          formatInputValue(v, u.unit, currency, formatMoney, formatNumber),
                        )}
                      </td>
                      <td className="an-basis">{u.basis}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
    </section>
  );
}
