import { Button } from '../../components/ui';
import { getMetric } from '../../../model/metrics';
import { servingLayoutText } from '../../../model/serving/layoutText';
import { layoutText } from '../../../model/training';
import { formatNumber } from '../../format/format';
import { useAppStore } from '../../store';
import { formatMetric } from '../../components/metricFormat';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { describeIssue, inUserWords } from './issueText';

/** Headline figures of a training and of a serving scenario, in order (registered metric ids). */
export const TRAINING_SUMMARY = [
  'tokens_per_s',
  'effective_tokens_per_s',
  'mfu_pct',
  'time_to_train_days',
  'time_to_train_compute_days',
  'memory_per_gpu_gib',
  'it_power_kw',
  'facility_power_kw',
  'capex_usd',
  'tco_usd',
  'cost_per_million_tokens_usd',
] as const;

export const SERVING_SUMMARY = [
  'output_tokens_per_s',
  'requests_per_s',
  'ttft_ms',
  'tpot_ms',
  'ttft_pct_ms',
  'tpot_pct_ms',
  'max_batch',
  'kv_cache_gib_per_gpu',
  'gpus_for_target_load',
  'it_power_kw',
  'facility_power_kw',
  'tco_usd',
  'cost_per_million_output_tokens_usd',
] as const;

/**
 * The live result beside the form: throughput, time to train, the bottleneck in words, power,
 * TCO and warnings (or the serving figures); the problems that keep it from computing otherwise.
 */
export function ResultSummary(props: { evaluation: ScenarioEvaluation; currency: string }) {
  const { evaluation: ev, currency } = props;
  const r = ev.result;
  return (
    <section className="panel sc-summary" aria-labelledby="sc-summary-title" aria-live="polite">
      <h2 id="sc-summary-title">Result</h2>
      {ev.issues.length > 0 ? (
        <div className="error-box" data-testid="summary-issues">
          <p className="sc-summary-lead">
            {ev.issues.length === 1 ? 'One field needs' : `${ev.issues.length} fields need`}{' '}
            attention before the result can be computed.
          </p>
          {ev.issues.length ? (
            <ul className="sc-issue-list">
              {ev.issues.map((i) => {
                const t = describeIssue(i);
                return (
                  <li key={`${i.path}:${i.message}`}>
                    <strong>{t.place}</strong> {t.text}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
      {ev.error ? (
        <div className="error-box" role="alert" data-testid="summary-error">
          {inUserWords(ev.error)}
        </div>
      ) : null}
      {r ? (
        <>
          <dl className="sc-kpis" data-testid="summary-kpis">
            {(r.workloadKind === 'serving' ? SERVING_SUMMARY : TRAINING_SUMMARY).map((id) => {
              const v = r.metrics[id];
              if (!v) return null;
              // The wall-clock time to train supersedes the compute-only figure when present.
              if (id === 'time_to_train_compute_days' && r.metrics.time_to_train_days) return null;
              const def = getMetric(id);
              return (
                <div key={id} className="sc-kpi" data-testid={`kpi-${id}`}>
                  <dt title={def.description}>{def.label}</dt>
                  <dd>{formatMetric(v.value, v.unit, currency)}</dd>
                </div>
              );
            })}
          </dl>
          <SizingAction evaluation={ev} />
          {r.training ? (
            <>
              <h3 className="sc-summary-h">Parallel layout</h3>
              <p data-testid="summary-layout">
                {layoutText(
                  r.training.layout,
                  ev.scenario?.workload.kind === 'training' ? ev.scenario.workload.model.layers : 0,
                )}
              </p>
            </>
          ) : r.serving ? (
            <>
              <h3 className="sc-summary-h">Serving layout</h3>
              <p data-testid="summary-layout">{servingLayoutText(r.serving)}</p>
            </>
          ) : null}
          <h3 className="sc-summary-h">Bottleneck</h3>
          <p data-testid="summary-bottleneck">
            {r.bottleneck ? r.bottleneck.text : 'No single bottleneck stands out.'}
          </p>
          {r.warnings.length ? (
            <>
              <h3 className="sc-summary-h">Warnings ({r.warnings.length})</h3>
              <ul className="sc-warnings" data-testid="summary-warnings">
                {r.warnings.map((w, i) => (
                  <li key={i}>{inUserWords(w)}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * GPUs to buy for a serving target: the engine's answer (`gpus_for_target_load`) rounded up to
 * whole servers of `gpusPerNode`. Null when there is no sizing answer.
 */
export function sizedClusterGpus(ev: ScenarioEvaluation): number | null {
  const needed = ev.result?.metrics['gpus_for_target_load']?.value;
  const perNode = ev.scenario?.cluster.compute.gpusPerNode;
  if (needed === undefined || perNode === undefined || !(needed > 0)) return null;
  return Math.ceil(needed / perNode) * perNode;
}

/** "Size the cluster to N GPUs": applies the serving sizing answer as an undoable edit. */
function SizingAction(props: { evaluation: ScenarioEvaluation }) {
  const ev = props.evaluation;
  const setField = useAppStore((s) => s.setField);
  const gpus = sizedClusterGpus(ev);
  const current = ev.scenario?.cluster.compute.gpus;
  if (gpus === null || current === undefined) return null;
  if (gpus === current) {
    return (
      <p className="sc-sizing" data-testid="summary-sizing">
        The cluster&apos;s {formatNumber(current)} GPUs match the target load (whole servers).
      </p>
    );
  }
  return (
    <p className="sc-sizing" data-testid="summary-sizing">
      The target load needs {formatNumber(gpus)} GPUs in whole servers (the cluster has{' '}
      {formatNumber(current)}).{' '}
      <Button className="btn" onPress={() => setField(ev.id, ['cluster', 'compute', 'gpus'], gpus)}>
        Size the cluster to {formatNumber(gpus)} GPUs
      </Button>
    </p>
  );
}
