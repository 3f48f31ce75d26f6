import { useState } from 'react';
import { Checkbox, ProgressBar } from '../../components/ui';
import { summarize, type ValidationSummary } from '../../../model/validation';
import { formatErrorPct, formatNumber, formatSignificant } from '../../format/format';
import { overallSummary, rowsToShow, type AccuracyRow, type AccuracySet } from './accuracyData';
import { useValidationRun } from './useValidationReport';
import './accuracy.css';

function pct(v: number): string {
  if (!Number.isFinite(v)) return '∞ (failed cases)';
  return `${formatErrorPct(v)} %`;
}
const signedPct = (v: number) => `${v > 0 ? '+' : ''}${formatNumber(v, 1)} %`;

/** n, median and max |error|, share within tolerance: one row of the summary table. */
function SummaryRow(props: { label: string; s: ValidationSummary; testId: string }) {
  const { s } = props;
  return (
    <tr data-testid={props.testId}>
      <th scope="row">{props.label}</th>
      <td className="num">{formatNumber(s.n)}</td>
      <td className="num">{pct(s.medianAbsErrorPct)}</td>
      <td className="num">{pct(s.maxAbsErrorPct)}</td>
      <td className="num">{formatNumber(s.withinTolerancePct, 0)} %</td>
      <td className="num">{formatNumber(s.failed)}</td>
    </tr>
  );
}

/** One case: prediction, observation, error, tolerance and its source explained. */
function CaseRow(props: { r: AccuracyRow }) {
  const { r } = props;
  return (
    <tr className={r.withinTolerance ? undefined : 'acc-outside'}>
      <th scope="row">
        <code className="acc-id">{r.id}</code>
        <div className="acc-metric">{r.metric}</div>
      </th>
      <td className="num">{r.predicted === null ? '—' : formatSignificant(r.predicted)}</td>
      <td className="num">{r.observed === null ? '—' : formatSignificant(r.observed)}</td>
      <td className="num">{r.errorPct === null ? '—' : signedPct(r.errorPct)}</td>
      <td className="num">± {formatNumber(r.tolerancePct)} %</td>
      <td>
        {r.withinTolerance ? (
          <span className="acc-ok">✓ within</span>
        ) : (
          <span className="acc-bad">✗ {r.failure ? 'failed' : 'outside'}</span>
        )}
        {r.failure ? <div className="acc-note">{r.failure}</div> : null}
      </td>
      <td className="acc-source">
        <div>{r.source}</div>
        <div className="acc-note">
          {r.explanation}
          {r.verification ? ` Read in a ${r.verification} copy.` : ''}
        </div>
        {r.note ? (
          <details className="acc-note">
            <summary>Notes on this case</summary>
            {r.note}
          </details>
        ) : null}
      </td>
    </tr>
  );
}

function CaseTable(props: { set: AccuracySet; outsideOnly: boolean }) {
  const rows = rowsToShow(props.set.rows, props.outsideOnly);
  return (
    <section className="acc-set" aria-labelledby={`acc-${props.set.file}`}>
      <h3 id={`acc-${props.set.file}`}>
        {props.set.label} <span className="acc-file">{props.set.file}</span>
      </h3>
      {props.set.reading !== null ? (
        <p className="acc-reading" data-testid={`acc-reading-${props.set.file}`}>
          {props.set.reading}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="acc-note">Every case of this set is within its tolerance.</p>
      ) : (
        <div
          className="acc-scroll"
          role="region"
          aria-label={`Cases of ${props.set.label}`}
          tabIndex={0}
        >
          <table className="acc-table" data-testid={`acc-cases-${props.set.file}`}>
            <caption className="visually-hidden">Cases of {props.set.label}</caption>
            <thead>
              <tr>
                <th scope="col">Case and metric</th>
                <th scope="col" className="num">
                  Predicted
                </th>
                <th scope="col" className="num">
                  Observed
                </th>
                <th scope="col" className="num">
                  Error
                </th>
                <th scope="col" className="num">
                  Tolerance
                </th>
                <th scope="col">Within?</th>
                <th scope="col">Source and what it measures</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <CaseRow key={`${r.set}:${r.id}`} r={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * How far to trust the numbers: the validation harness (model/validation) run on the bundled
 * published measurements, per set and per case, with each source explained. Computed in a Web
 * Worker when the page first opens.
 */
export function AccuracyPage() {
  const run = useValidationRun();
  const [outsideOnly, setOutsideOnly] = useState(false);
  const sets = run.sets.filter((s): s is AccuracySet => s !== undefined);
  const total = run.total ?? 3;
  return (
    <section className="panel accuracy-page" aria-labelledby="accuracy-title">
      <div className="panel-head">
        <h2 id="accuracy-title">Model accuracy</h2>
      </div>
      <p className="acc-lede">
        The engine&apos;s predictions against published measurements (papers, audited MLPerf
        results, vendor performance tables). The error is (predicted − observed) ÷ observed; each
        case has its own tolerance. Nothing in the engine is fitted to these cases. Use the median
        error as the typical accuracy of a figure, the maximum as how wrong it can be.
      </p>
      {!run.done ? (
        <ProgressBar
          className="progress acc-progress"
          label="Running the validation cases…"
          value={sets.length}
          maxValue={total}
          valueText={`${formatNumber(sets.length)} of ${formatNumber(total)} sets`}
          data-testid="acc-progress"
        />
      ) : null}
      {run.error ? (
        <div className="error-box" role="alert">
          The validation run failed: {run.error}
        </div>
      ) : null}
      {run.done && run.elapsedMs !== null ? (
        <p className="acc-note" data-testid="acc-elapsed">
          {formatNumber(sets.reduce((a, s) => a + s.summary.n, 0))} cases run in{' '}
          {formatNumber(run.elapsedMs / 1000, 2)} s (in the background, once per session).
        </p>
      ) : null}
      {sets.length > 0 ? (
        <>
          <table className="acc-summary" data-testid="acc-summary">
            <caption>Summary by set</caption>
            <thead>
              <tr>
                <th scope="col">Set</th>
                <th scope="col" className="num">
                  Cases (n)
                </th>
                <th scope="col" className="num">
                  Median |error|
                </th>
                <th scope="col" className="num">
                  Max |error|
                </th>
                <th scope="col" className="num">
                  Within tolerance
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
              </tr>
            </thead>
            <tbody>
              {sets.map((s) => (
                <SummaryRow
                  key={s.file}
                  label={s.label}
                  s={s.summary}
                  testId={`acc-sum-${s.file}`}
                />
              ))}
              {run.done && sets.length > 1 ? (
                <SummaryRow
                  label="All cases"
                  s={overallSummary(sets, summarize)}
                  testId="acc-sum-all"
                />
              ) : null}
            </tbody>
          </table>
          <Checkbox
            className="checkbox acc-outside-only"
            isSelected={outsideOnly}
            onChange={setOutsideOnly}
          >
            Show only cases outside their tolerance
          </Checkbox>
          {sets.map((s) => (
            <CaseTable key={s.file} set={s} outsideOnly={outsideOnly} />
          ))}
        </>
      ) : null}
    </section>
  );
}
