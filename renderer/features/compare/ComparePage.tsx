import { useMemo, useState } from 'react';
import { getMetric, metricRegistry } from '../../../model/metrics';
import { displayUnit, formatMetric, formatMetricNumber } from '../../components/metricFormat';
import { UndoRedo } from '../../components/UndoRedo';
import { Button, Checkbox, SelectField, ToggleButton } from '../../components/ui';
import { formatPercent } from '../../format/format';
import { useAppStore } from '../../store';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { useBaselineId, useEvaluations } from '../../workspace/useEvaluations';
import {
  buildGroups,
  explainDifference,
  moveRow,
  orderIds,
  type CompareColumn,
  type Delta,
  type DiffLine,
} from './compareModel';
import { pairwiseSentence } from '../../../model/analysis';
import { bandsFor, useMonteCarloRun } from '../analysis/useMonteCarlo';
import { setCompareView, toggleHidden, useCompareView } from './compareView';
import { describeIssue, inUserWords } from '../scenarios/issueText';
import './compare.css';

/** The first problem of a scenario that does not compute, in the user's words. */
function firstIssueText(e: ScenarioEvaluation): string {
  const first = e.issues[0];
  if (!first) return '';
  const t = describeIssue(first);
  return `${t.place} ${t.text}`;
}

const GROUP_LABELS: Readonly<Record<string, string>> = {
  training: 'Training',
  memory: 'Memory',
  data: 'Data pipeline',
  reliability: 'Reliability',
  power: 'Power',
  facility: 'Facility',
  network: 'Network',
  cost: 'Cost',
  serving: 'Serving',
};

function currencyOf(e: ScenarioEvaluation): string {
  const c = e.scenario?.finance.currency;
  return typeof c === 'string' ? c : 'USD';
}

/** Side-by-side comparison of the open scenarios against the baseline. */
export function ComparePage() {
  const evaluations = useEvaluations();
  // P10–P90 of each figure from the last Monte Carlo run (Sensitivity page), per scenario, for
  // the scenarios it covered and that have not been edited since.
  const mcRun = useMonteCarloRun();
  const bands = useMemo(() => {
    const out = new Map<string, Map<string, { p10: number; p90: number }>>();
    for (const e of evaluations) {
      const b = bandsFor(mcRun, e.id, e.scenario);
      if (b) out.set(e.id, new Map(b.map((x) => [x.metricId, { p10: x.p10, p90: x.p90 }])));
    }
    return out;
  }, [mcRun, evaluations]);
  const baselineId = useBaselineId();
  const markBaseline = useAppStore((s) => s.markBaseline);
  const view = useCompareView();
  const columns: CompareColumn[] = useMemo(
    () => evaluations.map((e) => ({ id: e.id, name: e.name, result: e.result })),
    [evaluations],
  );
  const groups = useMemo(() => buildGroups(columns, baselineId, view), [columns, baselineId, view]);
  const allIds = useMemo(() => orderIds([...metricRegistry.keys()], view.order), [view.order]);
  const currency = evaluations[0] ? currencyOf(evaluations[0]) : 'USD';

  return (
    <div className="cmp-page">
      <div className="cmp-toolbar">
        <h2 className="cmp-title">Comparison</h2>
        <p className="cmp-lead">
          {evaluations.length} scenario{evaluations.length === 1 ? '' : 's'} side by side; deltas
          against the baseline (▲ higher, ▼ lower; green better, red worse).
        </p>
        <span className="cmp-spacer" />
        <Checkbox
          className="checkbox cmp-hide-same"
          isSelected={view.hideUnchanged}
          onChange={(v) => setCompareView((x) => ({ ...x, hideUnchanged: v }))}
          data-testid="hide-unchanged"
        >
          Hide unchanged rows
        </Checkbox>
        <ToggleButton
          className="btn"
          isSelected={view.customising}
          onChange={(v) => setCompareView((x) => ({ ...x, customising: v }))}
        >
          {view.customising ? 'Done customising rows' : 'Customise rows'}
        </ToggleButton>
        <UndoRedo />
      </div>
      {evaluations.length < 2 ? (
        <p className="panel">Open at least two scenarios to compare them (Scenarios screen).</p>
      ) : null}
      {view.hidden.size > 0 ? (
        <div className="cmp-hidden" role="group" aria-label="Hidden rows">
          <span>Hidden rows:</span>
          {[...view.hidden].map((id) => (
            <Button
              key={id}
              className="btn cmp-chip"
              onPress={() => setCompareView((v) => toggleHidden(v, id))}
              aria-label={`Show row ${getMetric(id).label}`}
            >
              {getMetric(id).label} ✕
            </Button>
          ))}
          <Button
            className="btn"
            onPress={() => setCompareView((v) => ({ ...v, hidden: new Set() }))}
          >
            Show all
          </Button>
        </div>
      ) : null}
      <div className="cmp-scroll">
        {bands.size > 0 && mcRun.result ? (
          <div className="cmp-mc" data-testid="cmp-mc">
            <p>
              Uncertainty from the Monte Carlo run on the Sensitivity screen ({mcRun.result.draws}{' '}
              draws, seed {mcRun.result.seed}): P10–P90 under each value.
            </p>
            <ul>
              {mcRun.result.pairwise
                .filter(
                  (p) =>
                    MC_STATEMENT_METRICS.includes(p.metricId) &&
                    bands.has(mcRun.ids[p.scenarioIndex] ?? '') &&
                    bands.has(mcRun.ids[p.baselineIndex] ?? ''),
                )
                .map((p) => (
                  <li key={`${p.metricId}-${p.scenarioIndex}`}>
                    {mcRun.result ? pairwiseSentence(mcRun.result, p) : null}
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
        <table className="cmp-table" data-testid="compare-table">
          <caption className="visually-hidden">
            Metrics of each scenario with the difference from the baseline
          </caption>
          <thead>
            <tr>
              <th scope="col" className="cmp-metric-col">
                Metric (unit)
              </th>
              {evaluations.map((e) => (
                <th scope="col" key={e.id} className="cmp-col-head">
                  <span className="cmp-col-name">{e.name || 'Unnamed'}</span>
                  {e.id === baselineId ? (
                    <span className="cmp-tag">baseline</span>
                  ) : (
                    <Button
                      className="btn cmp-small"
                      onPress={() => markBaseline(e.id)}
                      aria-label={`Make ${e.name} the baseline`}
                    >
                      Make baseline
                    </Button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="cmp-bottleneck-row">
              <th scope="row" className="cmp-metric">
                Bottleneck
              </th>
              {evaluations.map((e) => (
                <td key={e.id} data-testid={`bottleneck-${e.id}`}>
                  {e.result
                    ? (e.result.bottleneck?.text ?? 'No single bottleneck stands out.')
                    : e.issues.length
                      ? `Not computed: ${e.issues.length} field${e.issues.length === 1 ? '' : 's'} to fix (${firstIssueText(e)})`
                      : inUserWords(e.error ?? '')}
                </td>
              ))}
            </tr>
          </tbody>
          {groups.map((g) => (
            <tbody key={g.group}>
              <tr className="cmp-group-row">
                <th scope="colgroup" colSpan={evaluations.length + 1}>
                  <span className="cmp-group-label">{GROUP_LABELS[g.group] ?? g.group}</span>
                </th>
              </tr>
              {g.rows.map((row, ri) => (
                <tr key={row.metric.id} data-testid={`row-${row.metric.id}`}>
                  <th scope="row" className="cmp-metric" title={row.metric.description}>
                    <span>{row.metric.label}</span>{' '}
                    <span className="unit">({displayUnit(row.unit, currency)})</span>
                    {row.metric.formula ? (
                      <span className="cmp-formula" data-testid="metric-formula">
                        {row.metric.formula}
                      </span>
                    ) : null}
                    {view.customising ? (
                      <span className="cmp-row-tools">
                        <Button
                          className="btn cmp-small"
                          isDisabled={ri === 0}
                          aria-label={`Move ${row.metric.label} up`}
                          onPress={() =>
                            setCompareView((v) => ({
                              ...v,
                              order: moveRow(
                                allIds,
                                g.rows.map((r) => r.metric.id),
                                row.metric.id,
                                -1,
                              ),
                            }))
                          }
                        >
                          ↑
                        </Button>
                        <Button
                          className="btn cmp-small"
                          isDisabled={ri === g.rows.length - 1}
                          aria-label={`Move ${row.metric.label} down`}
                          onPress={() =>
                            setCompareView((v) => ({
                              ...v,
                              order: moveRow(
                                allIds,
                                g.rows.map((r) => r.metric.id),
                                row.metric.id,
                                1,
                              ),
                            }))
                          }
                        >
                          ↓
                        </Button>
                        <Button
                          className="btn cmp-small"
                          aria-label={`Hide ${row.metric.label}`}
                          onPress={() => setCompareView((v) => toggleHidden(v, row.metric.id))}
                        >
                          Hide
                        </Button>
                      </span>
                    ) : null}
                  </th>
                  {row.cells.map((c, ci) => {
                    const col = evaluations[ci];
                    const cur = col ? currencyOf(col) : currency;
                    return (
                      <td key={col?.id ?? ci} className="cmp-cell">
                        {c.value === null ? (
                          <span className="cmp-na">—</span>
                        ) : (
                          <>
                            <span className="cmp-value">
                              {formatMetricNumber(c.value, row.unit, cur)}
                            </span>
                            {c.delta ? (
                              <DeltaView delta={c.delta} unit={row.unit} cur={cur} />
                            ) : null}
                            {(() => {
                              const b = col ? bands.get(col.id)?.get(row.metric.id) : undefined;
                              return b ? (
                                <span className="cmp-band" data-testid="cmp-band">
                                  P10–P90 {formatMetricNumber(b.p10, row.unit, cur)} –{' '}
                                  {formatMetricNumber(b.p90, row.unit, cur)}
                                </span>
                              ) : null;
                            })()}
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
        {view.hideUnchanged && groups.length === 0 && evaluations.length >= 2 ? (
          <p className="cmp-all-same">Every figure reads the same in all scenarios.</p>
        ) : null}
      </div>
      {evaluations.length >= 2 ? (
        <DifferencePanel evaluations={evaluations} baselineId={baselineId} />
      ) : null}
    </div>
  );
}

/** Metrics whose draw-by-draw comparison with the baseline the Comparison states in words. */
const MC_STATEMENT_METRICS: readonly string[] = [
  'tco_usd',
  'time_to_train_days',
  'cost_per_million_tokens_usd',
  'cost_per_million_output_tokens_usd',
];

function DeltaView(props: { delta: Delta; unit: string; cur: string }) {
  const { delta, unit, cur } = props;
  if (delta.direction === 'same') {
    return <span className="cmp-delta cmp-same">= same</span>;
  }
  const arrow = delta.abs > 0 ? '▲' : '▼';
  const sign = delta.abs > 0 ? '+' : '−';
  const absText = formatMetricNumber(Math.abs(delta.abs), unit, cur);
  const pctAbs = delta.pct === null ? null : Math.abs(delta.pct);
  const pctText =
    pctAbs === null
      ? ''
      : pctAbs < 0.0005
        ? ` (${sign}<${formatPercent(0.001, 1)})`
        : ` (${sign}${formatPercent(pctAbs, 1)})`;
  const verdict =
    delta.direction === 'better' ? 'better' : delta.direction === 'worse' ? 'worse' : '';
  return (
    <span className={`cmp-delta cmp-${delta.direction}`}>
      <span aria-hidden="true">{arrow} </span>
      {sign}
      {absText}
      {pctText}
      {verdict ? <span className="visually-hidden">, {verdict}</span> : null}
    </span>
  );
}

function BuildSelect(props: {
  label: string;
  value: string;
  evaluations: readonly ScenarioEvaluation[];
  onChange: (id: string) => void;
  testId: string;
}) {
  return (
    <SelectField
      className="field cmp-build-select"
      selectClassName="select-button cmp-select"
      label={props.label}
      value={props.value}
      options={props.evaluations.map((e) => ({ id: e.id, label: e.name || 'Unnamed' }))}
      onChange={props.onChange}
      data-testid={props.testId}
    />
  );
}

/** "Difference explained": which cost lines and step-time parts make the gap between two builds. */
function DifferencePanel(props: {
  evaluations: readonly ScenarioEvaluation[];
  baselineId: string | null;
}) {
  const { evaluations } = props;
  const [aPick, setA] = useState<string | null>(null);
  const [bPick, setB] = useState<string | null>(null);
  const ids = evaluations.map((e) => e.id);
  const a = aPick && ids.includes(aPick) ? aPick : (props.baselineId ?? ids[0] ?? '');
  const b = bPick && ids.includes(bPick) ? bPick : (ids.find((x) => x !== a) ?? '');
  const ea = evaluations.find((e) => e.id === a);
  const eb = evaluations.find((e) => e.id === b);
  const diff = ea?.result && eb?.result ? explainDifference(ea.result, eb.result) : null;
  const cur = ea ? currencyOf(ea) : 'USD';
  return (
    <section className="panel cmp-diff" aria-labelledby="cmp-diff-title">
      <h2 id="cmp-diff-title">Difference explained</h2>
      <div className="cmp-diff-pick">
        <BuildSelect
          label="Build A"
          value={a}
          evaluations={evaluations}
          onChange={setA}
          testId="diff-a"
        />
        <BuildSelect
          label="Build B"
          value={b}
          evaluations={evaluations}
          onChange={setB}
          testId="diff-b"
        />
      </div>
      {!diff ? (
        <p>Both builds need a computed result (fix their fields first).</p>
      ) : (
        <div className="cmp-diff-grid" data-testid="difference">
          <DiffTable title="Capex lines (B − A)" lines={diff.capex} cur={cur} />
          <DiffTable title="Opex lines per year (B − A)" lines={diff.opexPerYear} cur={cur} />
          <DiffTable title="Step-time parts (B − A)" lines={diff.stepTime} cur={cur} />
          <DiffTable title="Average IT power by component (B − A)" lines={diff.power} cur={cur} />
        </div>
      )}
    </section>
  );
}

function DiffTable(props: { title: string; lines: readonly DiffLine[]; cur: string }) {
  const gap = props.lines.reduce((s, l) => s + l.diff, 0);
  const absSum = props.lines.reduce((s, l) => s + Math.abs(l.diff), 0);
  if (props.lines.length === 0) {
    return (
      <div>
        <h3 className="cmp-diff-h">{props.title}</h3>
        <p className="cmp-na">Not available for these builds.</p>
      </div>
    );
  }
  const unit = props.lines[0]?.unit ?? '';
  return (
    <div>
      <h3 className="cmp-diff-h">{props.title}</h3>
      <table className="cmp-diff-table">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col" className="num">
              A
            </th>
            <th scope="col" className="num">
              B
            </th>
            <th scope="col" className="num">
              B − A
            </th>
            <th scope="col" className="num">
              Share of gap
            </th>
          </tr>
        </thead>
        <tbody>
          {props.lines.map((l) => (
            <tr key={l.label}>
              <th scope="row">{l.label}</th>
              <td className="num">{formatMetric(l.a, l.unit, props.cur)}</td>
              <td className="num">{formatMetric(l.b, l.unit, props.cur)}</td>
              <td className="num">
                {l.diff > 0 ? '+' : l.diff < 0 ? '−' : ''}
                {formatMetric(Math.abs(l.diff), l.unit, props.cur)}
              </td>
              <td className="num">{absSum > 0 ? formatPercent(Math.abs(l.diff) / absSum) : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total gap</th>
            <td />
            <td />
            <td className="num">
              {gap > 0 ? '+' : gap < 0 ? '−' : ''}
              {formatMetric(Math.abs(gap), unit, props.cur)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
