import { useMemo, useState } from 'react';
import {
  analysisInputs,
  IDENTITY_KNOBS,
  tornado,
  type TornadoResult,
} from '../../../model/analysis';
import { SelectField } from '../../components/ui';
import { formatNumber } from '../../format/format';
import { useAppStore } from '../../store';
import { useBaselineId, useEvaluations } from '../../workspace/useEvaluations';
import { defaultMetric, metricChoices } from './analysisData';
import { CalibrationPanel } from './CalibrationPanel';
import { MonteCarloPanel, type McScenario } from './MonteCarloPanel';
import { TornadoChart } from './TornadoChart';
import { useTornadoRanges } from './tornadoRangesStore';
import { calibrationMultiplier } from '../../../model/evaluate';
import './analysis.css';

/**
 * Sensitivity and uncertainty: pick a scenario and a metric; a tornado of the key inputs; a
 * seeded Monte Carlo (in a Web Worker) with P10/P50/P90 bands and draw-by-draw comparisons
 * against the baseline; calibration from a measured run. Engine: model/analysis.
 */
export function AnalysisPage() {
  const evals = useEvaluations();
  const baselineId = useBaselineId();
  const activeId = useAppStore((s) => s.activeId);
  const tornadoRanges = useTornadoRanges();
  const valid = useMemo(
    () =>
      evals.flatMap((e) =>
        e.scenario && e.result
          ? [{ id: e.id, name: e.name, scenario: e.scenario, result: e.result }]
          : [],
      ),
    [evals],
  );
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [pickedMetric, setPickedMetric] = useState<string | null>(null);
  const chosen =
    valid.find((e) => e.id === pickedId) ?? valid.find((e) => e.id === activeId) ?? valid[0];

  const choices = useMemo(() => metricChoices(chosen?.result ?? null), [chosen]);
  const metricId =
    choices.find((m) => m.id === pickedMetric)?.id ?? defaultMetric(chosen?.result ?? null);
  const chosenRecord =
    chosen &&
    chosen.scenario.workload.kind === 'training' &&
    calibrationMultiplier(chosen.scenario, chosen.scenario.workload) !== 1
      ? chosen.scenario.calibration
      : null;

  const t = useMemo((): { ok: true; t: TornadoResult } | { ok: false; error: string } | null => {
    if (!chosen || !metricId) return null;
    try {
      const specs = analysisInputs.map((i) => ({ id: i.id, ...tornadoRanges[i.id] }));
      // A calibration lives in the scenario and the engine applies it: identity knobs here.
      return { ok: true, t: tornado(chosen.scenario, metricId, specs, { knobs: IDENTITY_KNOBS }) };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }, [chosen, metricId, tornadoRanges]);

  const mcScenarios: McScenario[] = useMemo(
    () =>
      valid.map((e) => ({
        id: e.id,
        name: e.name,
        scenario: e.scenario,
        knobs: IDENTITY_KNOBS,
        currency: e.scenario.finance.currency,
      })),
    [valid],
  );

  if (!chosen) {
    return (
      <div className="page analysis-page">
        <h2>Sensitivity and uncertainty</h2>
        <p className="an-muted" data-testid="analysis-empty">
          No open scenario evaluates: fix the scenarios in the editor first.
        </p>
      </div>
    );
  }
  const currency = chosen.scenario.finance.currency;

  return (
    <div className="page analysis-page" data-testid="analysis-page">
      <h2>Sensitivity and uncertainty</h2>
      <div className="an-controls">
        <SelectField
          label="Scenario"
          value={chosen.id}
          options={valid.map((e) => ({
            id: e.id,
            label: `${e.name}${e.id === baselineId ? ' (baseline)' : ''}`,
          }))}
          onChange={setPickedId}
          data-testid="an-scenario"
        />
        <SelectField
          label="Metric"
          value={metricId ?? ''}
          options={choices.map((m) => ({ id: m.id, label: m.label }))}
          onChange={setPickedMetric}
          data-testid="an-metric"
        />
      </div>
      {chosenRecord ? (
        <p className="an-note" data-testid="an-calibrated">
          Using the calibration of {chosenRecord.acceleratorId} ({chosenRecord.stack} stack,{' '}
          {chosenRecord.precision}): compute efficiency ×
          {formatNumber(chosenRecord.computeEfficiencyMultiplier, 3)}, from {chosenRecord.source} (
          {chosenRecord.date}).
        </p>
      ) : null}

      <section className="an-section" aria-labelledby="an-sens-title">
        <h3 id="an-sens-title">Sensitivity (tornado)</h3>
        <p className="an-muted">
          Each input moved alone over its stated range, every other input as in the scenario. The
          longest bars are the numbers worth checking first.
        </p>
        {t === null ? null : t.ok ? (
          <TornadoChart t={t.t} currency={currency} />
        ) : (
          <div className="error-box" role="alert">
            {t.error}
          </div>
        )}
      </section>

      {metricId ? (
        <MonteCarloPanel
          scenarios={mcScenarios}
          chosenId={chosen.id}
          baselineId={baselineId}
          metricId={metricId}
        />
      ) : null}

      <CalibrationPanel id={chosen.id} scenario={chosen.scenario} />
    </div>
  );
}
