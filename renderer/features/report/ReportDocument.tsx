import { useEffect, useRef } from 'react';
import type {
  CashFlowYear,
  Decision,
  Delta,
  MetricRow,
  ReportAnalysis,
  ReportContent,
} from '../../../model/report';
import { formatMetricNumber } from '../../components/metricFormat';
import { formatMoney, formatNumber, formatSignificant } from '../../format/format';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import type { Paper } from '../../../model/report';
import { ReportCharts } from './PrintCharts';
import {
  PrintBands,
  PrintCashFlow,
  PrintOwnVsCloud,
  PrintScaling,
  PrintTornadoes,
} from './PrintAnalysis';
import { catalogFieldLabel, catalogItemText, reportInputs, sourceInWords } from './reportInputs';
import { DecisionPage } from './DecisionPage';
import { reportContents } from './contents';

/**
 * The print view: the report's content as a document laid out for paper (report.css): a cover,
 * the executive summary, the comparison with deltas, the charts, the assumptions, the
 * methodology and one appendix per scenario. Tables repeat their header row on every printed
 * page; rows and figures are never cut across pages.
 */

function fmtValue(v: number | null, unit: string, currency: string): string {
  return v === null ? '—' : formatMetricNumber(v, unit, currency);
}

function deltaText(d: Delta, unit: string, currency: string): string {
  if (d.direction === 'same') return '= same';
  const sign = d.abs > 0 ? '+' : '−';
  const abs = formatMetricNumber(Math.abs(d.abs), unit, currency);
  const pct = d.pct === null ? '' : ` (${sign}${formatSignificant(Math.abs(d.pct), 2)} %)`;
  return `${sign}${abs}${pct}`;
}

function MetricTable(props: {
  readonly caption: string;
  readonly rows: readonly MetricRow[];
  readonly content: ReportContent;
  readonly currencies: readonly string[];
  readonly testId: string;
  readonly extra?: React.ReactNode;
}) {
  const { content } = props;
  return (
    <table className="report-table report-metrics" data-testid={props.testId}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Unit</th>
          {content.scenarios.map((s, i) => (
            <th scope="col" key={s.id} className="num">
              {s.name}
              {i === content.baselineIndex ? ' (baseline)' : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.metricId}>
            <th scope="row">{r.label}</th>
            <td className="unit">{r.unit}</td>
            {r.values.map((v, i) => {
              const d = r.deltas[i];
              const cur = props.currencies[i] ?? 'USD';
              return (
                <td key={i} className="num">
                  <span className="report-value">{fmtValue(v, r.unit, cur)}</span>
                  {d ? (
                    <span className={`report-delta report-${d.direction}`}>
                      {deltaText(d, r.unit, cur)}
                    </span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
        {props.extra}
      </tbody>
    </table>
  );
}

/** A build's cash flows by year (the finance schedule), in its appendix. */
function CashFlowTable(props: {
  readonly rows: readonly CashFlowYear[];
  readonly currency: string;
  readonly name: string;
}) {
  if (props.rows.length === 0) return null;
  const m = (v: number) => formatMoney(v, props.currency);
  return (
    <table className="report-table report-cashflow-table">
      <caption>
        Cash flow by year of {props.name} ({props.currency})
      </caption>
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col" className="num">
            Capex
          </th>
          <th scope="col" className="num">
            Opex
          </th>
          <th scope="col" className="num">
            Resale
          </th>
          <th scope="col" className="num">
            Net cash flow
          </th>
          <th scope="col" className="num">
            Cumulative, owning
          </th>
          <th scope="col" className="num">
            Cumulative, cloud
          </th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.year}>
            <th scope="row">{r.year}</th>
            <td className="num">{m(r.capex)}</td>
            <td className="num">{m(r.opex)}</td>
            <td className="num">{m(r.residual)}</td>
            <td className="num">{m(r.net)}</td>
            <td className="num">{m(r.cumulativeOwn)}</td>
            <td className="num">{m(r.cumulativeCloud)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The whole printable report. Sets `data-report-ready` once mounted (charts drawn). */
export function ReportDocument(props: {
  readonly content: ReportContent;
  readonly evaluations: readonly ScenarioEvaluation[];
  readonly paper: Paper;
  readonly excluded: readonly string[];
  /** The validation cases are still running (the report is not ready to print). */
  readonly accuracyPending: boolean;
  readonly accuracyError: string | null;
  /** The hand-off request this content answers (empty for the workspace). */
  readonly requestId: string;
  /** The decision page (question, recommendation or ranking, deciding figures, risks). */
  readonly decision: Decision;
  /** Tornado, bands and cash flows; null while they run. */
  readonly analysis: ReportAnalysis | null;
  readonly analysisPending: boolean;
}) {
  const { content, evaluations, decision, analysis } = props;
  const pending = props.accuracyPending || props.analysisPending;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // After React has committed and the browser has laid out the SVG charts.
    const el = ref.current;
    if (!el) return undefined;
    el.dataset['reportReady'] = 'false';
    if (pending) return undefined;
    const id = requestAnimationFrame(() => {
      el.dataset['reportRequest'] = props.requestId;
      el.dataset['reportReady'] = 'true';
    });
    return () => cancelAnimationFrame(id);
  }, [content, pending, props.requestId, decision, analysis]);
  const currencies = evaluations.map((e) => e.scenario?.finance.currency ?? 'USD');
  const { cover } = content;
  const shared = new Set(currencies).size === 1 ? (currencies[0] ?? null) : null;
  const inputs = reportInputs(
    content.assumptions.inputs,
    cover.date,
    (v) => formatSignificant(v, 6),
    shared,
    content.assumptions.catalog,
  );
  const names = content.scenarios.map((s) => s.name);
  const hasFinance = analysis?.builds.some((b) => b.cashFlow.length > 0) ?? false;
  const toc = reportContents(content, { analysis: analysis !== null, finance: hasFinance });
  return (
    <article
      ref={ref}
      className={`report-doc report-paper-${props.paper}${content.scenarios.length >= 5 ? ' report-many' : ''}`}
      data-testid="report-doc"
      aria-label="Report preview"
    >
      <DecisionPage
        content={content}
        decision={decision}
        analysis={analysis}
        currencies={currencies}
        excluded={props.excluded}
      />

      <nav
        className="report-section report-toc"
        aria-labelledby="report-toc"
        data-testid="report-toc"
      >
        <h2 id="report-toc">Contents</h2>
        <ol>
          {toc.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`}>{t.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section className="report-section" aria-labelledby="report-summary">
        <h2 id="report-summary">Executive summary</h2>
        <p className="report-lede">
          Each figure with its change against the baseline ({cover.baselineName}); the binding
          bottleneck of each build in words.
        </p>
        <MetricTable
          caption="Recommendation-ready comparison"
          rows={content.summary}
          content={content}
          currencies={currencies}
          testId="report-summary-table"
          extra={
            <tr>
              <th scope="row">Bottleneck</th>
              <td className="unit" />
              {content.bottlenecks.map((b, i) => (
                <td key={i} className="report-text">
                  {b ?? '—'}
                </td>
              ))}
            </tr>
          }
        />
      </section>

      <section className="report-section" aria-labelledby="report-charts">
        <h2 id="report-charts">Charts</h2>
        <ReportCharts evaluations={evaluations} />
        <PrintScaling evaluations={evaluations} />
      </section>

      {analysis ? (
        <section className="report-section report-break" aria-labelledby="report-analysis">
          <h2 id="report-analysis">Sensitivity and uncertainty</h2>
          <p className="report-lede">
            What each build’s deciding figure hinges on (tornado: one input at a time over its
            stated range) and how uncertain the deciding figures are (P10–P90 bands).
          </p>
          <PrintBands
            decision={decision}
            analysis={analysis}
            names={names}
            currencies={currencies}
          />
          <PrintTornadoes analysis={analysis} />
        </section>
      ) : null}

      {analysis && hasFinance ? (
        <section className="report-section report-break" aria-labelledby="report-finance">
          <h2 id="report-finance">Finance: own vs cloud, cash flow by year</h2>
          <PrintOwnVsCloud analysis={analysis} />
          <PrintCashFlow analysis={analysis} />
        </section>
      ) : null}

      <section className="report-section report-break" aria-labelledby="report-comparison">
        <h2 id="report-comparison">Comparison table</h2>
        <p className="report-lede">
          Every figure the engine computed, with the change against the baseline (absolute and per
          cent).
        </p>
        <MetricTable
          caption="All metrics"
          rows={content.comparison}
          content={content}
          currencies={currencies}
          testId="report-comparison-table"
        />
      </section>

      <section className="report-section report-break" aria-labelledby="report-assumptions">
        <h2 id="report-assumptions">Assumptions</h2>
        <p className="report-lede">
          Every input of every build under its label and unit, by section. Values marked{' '}
          <span className="report-user">*</span> were set in the scenario (user overrides); the
          others are ClusterPlan defaults. The Ref. column points to the numbered references (source
          and date) after the catalog table.
        </p>
        {inputs.sections.map((sec) => (
          <table
            className="report-table report-inputs"
            data-testid="report-inputs-table"
            key={sec.title}
          >
            <caption>{sec.title}</caption>
            <colgroup>
              <col className="report-col-label" />
              <col className="report-col-unit" />
              {content.scenarios.map((s) => (
                <col key={s.id} />
              ))}
              <col className="report-col-ref" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Input</th>
                <th scope="col">Unit</th>
                {content.scenarios.map((s, i) => (
                  <th scope="col" key={s.id} className="report-build-head">
                    {String.fromCharCode(65 + (i % 26))} {s.name}
                  </th>
                ))}
                <th scope="col" className="num">
                  Ref.
                </th>
              </tr>
            </thead>
            <tbody>
              {sec.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td className="unit">{r.unit}</td>
                  {r.values.map((v, i) => (
                    <td key={i} className="report-text">
                      {v ? v.text : '—'}
                      {v?.user ? <span className="report-user"> *</span> : null}
                    </td>
                  ))}
                  <td className="num">{r.ref === null ? inputs.userRef.n : r.ref}</td>
                </tr>
              ))}
              {sec.notSet.length > 0 ? (
                <tr className="report-notset">
                  <td colSpan={3 + content.scenarios.length}>
                    Not set in any build (the engine derives them, or they do not apply):{' '}
                    {sec.notSet.join('; ')}.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        ))}
        <table className="report-table report-catalog" data-testid="report-catalog-table">
          <caption>Catalog numbers used</caption>
          <colgroup>
            <col className="report-col-item" />
            <col className="report-col-field" />
            <col className="report-col-value" />
            <col className="report-col-unit" />
            <col className="report-col-basis" />
            <col className="report-col-date" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Field</th>
              <th scope="col" className="num">
                Value
              </th>
              <th scope="col">Unit</th>
              <th scope="col">Basis</th>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Ref.
              </th>
            </tr>
          </thead>
          <tbody>
            {content.assumptions.catalog.map((r, ri) => (
              <tr key={`${r.kind}:${r.itemId}:${r.field}`}>
                <th scope="row">{catalogItemText(r.kind, r.itemId)}</th>
                <td>{catalogFieldLabel(r.field)}</td>
                <td className="num">
                  {formatSignificant(r.value, 6)}
                  {r.user ? <span className="report-user"> *</span> : null}
                </td>
                <td className="unit">{r.unit}</td>
                <td>
                  {r.basis}
                  {r.soft ? ' (soft)' : ''}
                </td>
                <td>{r.date}</td>
                <td className="num">{(inputs.catalogRefs[ri] ?? []).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 id="report-references" className="report-refs-title">
          References
        </h3>
        <ol className="report-references" data-testid="report-references">
          {inputs.references.map((r) => (
            <li key={r.n} value={r.n}>
              {sourceInWords(r.source)}
              {r.date ? <span className="report-ref-date"> ({r.date})</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section className="report-section report-break" aria-labelledby="report-methodology">
        <h2 id="report-methodology">Methodology</h2>
        <p className="report-lede">The formulas the engine uses, each with its published source.</p>
        {content.methodology.formulas.map((f) => (
          <div className="report-formula" key={f.topic}>
            <h3>{f.topic}</h3>
            <p className="report-eq">{f.formula}</p>
            <p>{f.explanation}</p>
            <ul className="report-sources">
              {f.sources.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        ))}
        {props.accuracyPending ? (
          <p className="report-note" role="status">
            Running the validation cases…
          </p>
        ) : null}
        {props.accuracyError ? (
          <p className="report-note">Validation run failed: {props.accuracyError}</p>
        ) : null}
        <table className="report-table" data-testid="report-accuracy-table">
          <caption>
            Model accuracy against published measurements (bundled validation cases)
          </caption>
          <thead>
            <tr>
              <th scope="col">Case set</th>
              <th scope="col" className="num">
                Cases
              </th>
              <th scope="col" className="num">
                Median |error| (%)
              </th>
              <th scope="col" className="num">
                Max |error| (%)
              </th>
              <th scope="col" className="num">
                Within tolerance (%)
              </th>
            </tr>
          </thead>
          <tbody>
            {content.methodology.accuracy.map((a) => (
              <tr key={a.file}>
                <th scope="row">
                  {a.label} <span className="report-path">({a.file})</span>
                </th>
                <td className="num">
                  {formatNumber(a.cases)}
                  {a.failed ? ` (${formatNumber(a.failed)} failed)` : ''}
                </td>
                <td className="num">
                  {Number.isFinite(a.medianAbsErrorPct)
                    ? formatNumber(a.medianAbsErrorPct, 1)
                    : '—'}
                </td>
                <td className="num">
                  {Number.isFinite(a.maxAbsErrorPct) ? formatNumber(a.maxAbsErrorPct, 1) : '—'}
                </td>
                <td className="num">{formatNumber(a.withinTolerancePct, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {content.appendices.map((a, i) => (
        <section
          className="report-section report-break report-appendix"
          key={a.id}
          aria-labelledby={`report-appendix-${i}`}
        >
          <h2 id={`report-appendix-${i}`}>
            Appendix {String.fromCharCode(65 + (i % 26))}: {a.name}
          </h2>
          {a.description ? <p className="report-lede">{a.description}</p> : null}
          <dl className="report-cover-facts">
            <dt>Workload</dt>
            <dd>{a.workloadKind}</dd>
            <dt>Bottleneck</dt>
            <dd>{a.bottleneck ?? '—'}</dd>
          </dl>
          {a.warnings.length > 0 ? (
            <ul className="report-warnings">
              {a.warnings.map((w, wi) => (
                <li key={wi}>{w}</li>
              ))}
            </ul>
          ) : null}
          <table className="report-table report-appendix-table">
            <caption>Every figure of {a.name}</caption>
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">Group</th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col">Unit</th>
              </tr>
            </thead>
            <tbody>
              {a.metrics.map((m) => (
                <tr key={m.metricId}>
                  <th scope="row">{m.label}</th>
                  <td>{m.group}</td>
                  <td className="num">
                    {formatMetricNumber(m.value, m.unit, currencies[i] ?? 'USD')}
                  </td>
                  <td className="unit">{m.unit}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <CashFlowTable
            rows={analysis?.builds[i]?.cashFlow ?? []}
            currency={currencies[i] ?? 'USD'}
            name={a.name}
          />
        </section>
      ))}
    </article>
  );
}
