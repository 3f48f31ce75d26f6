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
import { formatErrorPct, formatMoney, formatNumber, formatSignificant } from '../../format/format';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import type { Paper } from '../../../model/report';
import { PrintScaling, ReportCharts } from './PrintCharts';
import { PrintBands, PrintCashFlow, PrintOwnVsCloud, PrintTornadoes } from './PrintAnalysis';
import { letter, ReportSection, ReportTable, type ReportColumn } from './ReportBlocks';
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

/** A percentage to one decimal, or a dash when there is none (no cases). */
function errorPctOrDash(v: number): string {
  return Number.isFinite(v) ? formatErrorPct(v) : '—';
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
  const columns: ReportColumn<MetricRow>[] = [
    { header: 'Metric', cell: (r) => r.label },
    { header: 'Unit', cell: (r) => r.unit, className: 'unit' },
    ...content.scenarios.map((s, i): ReportColumn<MetricRow> => ({
      key: s.id,
      header: `${s.name}${i === content.baselineIndex ? ' (baseline)' : ''}`,
      numeric: true,
      cell: (r) => {
        const v = r.values[i] ?? null;
        const d = r.deltas[i];
        const cur = props.currencies[i] ?? 'USD';
        return (
          <>
            <span className="report-value">{fmtValue(v, r.unit, cur)}</span>
            {d ? (
              <span className={`report-delta report-${d.direction}`}>
                {deltaText(d, r.unit, cur)}
              </span>
            ) : null}
          </>
        );
      },
    })),
  ];
  return (
    <ReportTable
      className="report-metrics"
      testId={props.testId}
      caption={props.caption}
      columns={columns}
      rows={props.rows}
      rowKey={(r) => r.metricId}
      extra={props.extra}
    />
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
  const money = (header: string, value: (r: CashFlowYear) => number) => ({
    header,
    numeric: true,
    cell: (r: CashFlowYear) => m(value(r)),
  });
  return (
    <ReportTable
      className="report-cashflow-table"
      caption={`Cash flow by year of ${props.name} (${props.currency})`}
      columns={[
        { header: 'Year', cell: (r) => r.year },
        money('Capex', (r) => r.capex),
        money('Opex', (r) => r.opex),
        money('Resale', (r) => r.residual),
        money('Net cash flow', (r) => r.net),
        money('Cumulative, owning', (r) => r.cumulativeOwn),
        money('Cumulative, cloud', (r) => r.cumulativeCloud),
      ]}
      rows={props.rows}
      rowKey={(r) => r.year}
    />
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

      <ReportSection
        id="report-summary"
        title="Executive summary"
        lede={
          <>
            Each figure with its change against the baseline ({cover.baselineName}); the binding
            bottleneck of each build in words.
          </>
        }
      >
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
      </ReportSection>

      <ReportSection id="report-charts" title="Charts">
        <ReportCharts evaluations={evaluations} />
        <PrintScaling evaluations={evaluations} />
      </ReportSection>

      {analysis ? (
        <ReportSection
          id="report-analysis"
          title="Sensitivity and uncertainty"
          newPage
          lede={
            <>
              What each build’s deciding figure hinges on (tornado: one input at a time over its
              stated range) and how uncertain the deciding figures are (P10–P90 bands).
            </>
          }
        >
          <PrintBands
            decision={decision}
            analysis={analysis}
            names={names}
            currencies={currencies}
          />
          <PrintTornadoes analysis={analysis} />
        </ReportSection>
      ) : null}

      {analysis && hasFinance ? (
        <ReportSection id="report-finance" title="Finance: own vs cloud, cash flow by year" newPage>
          <PrintOwnVsCloud analysis={analysis} />
          <PrintCashFlow analysis={analysis} />
        </ReportSection>
      ) : null}

      <ReportSection
        id="report-comparison"
        title="Comparison table"
        newPage
        lede={
          <>
            Every figure the engine computed, with the change against the baseline (absolute and per
            cent).
          </>
        }
      >
        <MetricTable
          caption="All metrics"
          rows={content.comparison}
          content={content}
          currencies={currencies}
          testId="report-comparison-table"
        />
      </ReportSection>

      <ReportSection
        id="report-assumptions"
        title="Assumptions"
        newPage
        lede={
          <>
            Every input of every build under its label and unit, by section. Values marked{' '}
            <span className="report-user">*</span> were set in the scenario (user overrides); the
            others are ClusterPlan defaults. The Ref. column points to the numbered references
            (source and date) after the catalog table.
          </>
        }
      >
        {inputs.sections.map((sec) => (
          <ReportTable
            key={sec.title}
            className="report-inputs"
            testId="report-inputs-table"
            caption={sec.title}
            colgroup={
              <colgroup>
                <col className="report-col-label" />
                <col className="report-col-unit" />
                {content.scenarios.map((s) => (
                  <col key={s.id} />
                ))}
                <col className="report-col-ref" />
              </colgroup>
            }
            columns={[
              { header: 'Input', cell: (r) => r.label },
              { header: 'Unit', cell: (r) => r.unit, className: 'unit' },
              ...content.scenarios.map((s, i): ReportColumn<(typeof sec.rows)[number]> => ({
                key: s.id,
                header: `${letter(i)} ${s.name}`,
                headerClassName: 'report-build-head',
                className: 'report-text',
                cell: (r) => {
                  const v = r.values[i];
                  return (
                    <>
                      {v ? v.text : '—'}
                      {v?.user ? <span className="report-user"> *</span> : null}
                    </>
                  );
                },
              })),
              {
                key: 'ref',
                header: 'Ref.',
                numeric: true,
                cell: (r) => (r.ref === null ? inputs.userRef.n : r.ref),
              },
            ]}
            rows={sec.rows}
            rowKey={(r) => r.key}
            extra={
              sec.notSet.length > 0 ? (
                <tr className="report-notset">
                  <td colSpan={3 + content.scenarios.length}>
                    Not set in any build (the engine derives them, or they do not apply):{' '}
                    {sec.notSet.join('; ')}.
                  </td>
                </tr>
              ) : null
            }
          />
        ))}
        <ReportTable
          className="report-catalog"
          testId="report-catalog-table"
          caption="Catalog numbers used"
          colgroup={
            <colgroup>
              <col className="report-col-item" />
              <col className="report-col-field" />
              <col className="report-col-value" />
              <col className="report-col-unit" />
              <col className="report-col-basis" />
              <col className="report-col-date" />
              <col />
            </colgroup>
          }
          columns={[
            { header: 'Item', cell: (r) => catalogItemText(r.kind, r.itemId) },
            { header: 'Field', cell: (r) => catalogFieldLabel(r.field) },
            {
              header: 'Value',
              numeric: true,
              cell: (r) => (
                <>
                  {formatSignificant(r.value, 6)}
                  {r.user ? <span className="report-user"> *</span> : null}
                </>
              ),
            },
            { header: 'Unit', cell: (r) => r.unit, className: 'unit' },
            { header: 'Basis', cell: (r) => `${r.basis}${r.soft ? ' (soft)' : ''}` },
            { header: 'Date', cell: (r) => r.date },
            {
              header: 'Ref.',
              numeric: true,
              cell: (_r, ri) => (inputs.catalogRefs[ri] ?? []).join(', '),
            },
          ]}
          rows={content.assumptions.catalog}
          rowKey={(r) => `${r.kind}:${r.itemId}:${r.field}`}
        />
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
      </ReportSection>

      <ReportSection
        id="report-methodology"
        title="Methodology"
        newPage
        lede={<>The formulas the engine uses, each with its published source.</>}
      >
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
        <ReportTable
          testId="report-accuracy-table"
          caption="Model accuracy against published measurements (bundled validation cases)"
          columns={[
            {
              header: 'Case set',
              cell: (a) => (
                <>
                  {a.label} <span className="report-path">({a.file})</span>
                </>
              ),
            },
            {
              header: 'Cases',
              numeric: true,
              cell: (a) =>
                `${formatNumber(a.cases)}${a.failed ? ` (${formatNumber(a.failed)} failed)` : ''}`,
            },
            {
              header: 'Median |error| (%)',
              numeric: true,
              cell: (a) => errorPctOrDash(a.medianAbsErrorPct),
            },
            {
              header: 'Max |error| (%)',
              numeric: true,
              cell: (a) => errorPctOrDash(a.maxAbsErrorPct),
            },
            {
              header: 'Within tolerance (%)',
              numeric: true,
              cell: (a) => formatNumber(a.withinTolerancePct, 0),
            },
          ]}
          rows={content.methodology.accuracy}
          rowKey={(a) => a.file}
        />
      </ReportSection>

      {content.appendices.map((a, i) => (
        <ReportSection
          key={a.id}
          id={`report-appendix-${i}`}
          title={`Appendix ${letter(i)}: ${a.name}`}
          lede={a.description}
          newPage
          className="report-appendix"
        >
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
          <ReportTable
            className="report-appendix-table"
            caption={`Every figure of ${a.name}`}
            columns={[
              { header: 'Metric', cell: (m) => m.label },
              { header: 'Group', cell: (m) => m.group },
              {
                header: 'Value',
                numeric: true,
                cell: (m) => formatMetricNumber(m.value, m.unit, currencies[i] ?? 'USD'),
              },
              { header: 'Unit', cell: (m) => m.unit, className: 'unit' },
            ]}
            rows={a.metrics}
            rowKey={(m) => m.metricId}
          />
          <CashFlowTable
            rows={analysis?.builds[i]?.cashFlow ?? []}
            currency={currencies[i] ?? 'USD'}
            name={a.name}
          />
        </ReportSection>
      ))}
    </article>
  );
}
