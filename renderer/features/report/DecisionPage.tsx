import type { Decision, ReportAnalysis, ReportContent } from '../../../model/report';
import { formatMetricNumber, isMoneyUnit } from '../../components/metricFormat';
import { formatNumber } from '../../format/format';
import { formatInputValue } from '../analysis/analysisData';
import { formatMoney } from '../../format/format';
import { letter, ReportTable, type ReportColumn } from './ReportBlocks';

/**
 * The report's first page, a decision document: the question, the recommendation (or a neutral
 * ranking when no objective is stated), the figures that decide it with their P10–P90 bands,
 * and the main risks of each build (bottleneck, uncertainty, the input it hinges on).
 */

function signed(v: number, unit: string, currency: string): string {
  const text = formatMetricNumber(Math.abs(v), unit, currency);
  return `${v >= 0 ? '+' : '−'}${text}`;
}

/** The unit after a figure, left out where the figure already shows its currency. */
function after(unit: string, currency: string): string {
  return isMoneyUnit(unit, currency) ? unit.replace(/^(¤|[A-Z]{3})/, '') : ` ${unit}`;
}

export function DecisionPage(props: {
  readonly content: ReportContent;
  readonly decision: Decision;
  readonly analysis: ReportAnalysis | null;
  readonly currencies: readonly string[];
  readonly excluded: readonly string[];
}) {
  const { content, decision, currencies } = props;
  const { cover } = content;
  const rec = decision.recommendation;
  const cur = (i: number) => currencies[i] ?? 'USD';
  return (
    <section className="report-cover report-decision" data-testid="report-cover">
      <p className="report-kicker">ClusterPlan · decision report</p>
      <h1>{cover.title}</h1>
      <p className="report-stamp" data-testid="report-stamp">
        <span data-testid="report-date">{cover.date}</span> · app {cover.appVersion} · catalog{' '}
        {cover.catalogVersion} · baseline {letter(content.baselineIndex)}
      </p>

      <h2 className="report-cover-sub">The question</h2>
      <p className="report-question" data-testid="report-question">
        {decision.question}
      </p>

      <h2 className="report-cover-sub">{rec ? 'Recommendation' : 'Ranking'}</h2>
      {rec ? (
        <p className="report-recommendation" data-testid="report-recommendation">
          {rec.text}
        </p>
      ) : decision.objective ? (
        <p className="report-recommendation" data-testid="report-recommendation">
          No build has {decision.objective.label}: no recommendation.
        </p>
      ) : (
        <div data-testid="report-ranking">
          <p className="report-lede">
            No objective was stated, so no build is recommended: the builds ranked on each deciding
            figure, best first, by their letters in the table below.
          </p>
          <ol className="report-ranking">
            {decision.rankings.map((r) => (
              <li key={r.metricId}>
                <strong>{r.label}</strong>: {r.places.map((p) => letter(p.index)).join(' › ')}
              </li>
            ))}
          </ol>
        </div>
      )}

      <ReportTable
        className="report-decisive"
        testId="report-decisive"
        caption="The figures that decide it (P10–P90 under each value)"
        columns={[
          {
            header: 'Figure',
            cell: (f) => (
              <>
                {f.label} <span className="unit">({f.unit})</span>
              </>
            ),
          },
          ...content.scenarios.map((s, i): ReportColumn<(typeof decision.figures)[number]> => ({
            key: s.id,
            header: `${letter(i)} ${s.name}`,
            headerClassName: 'report-build-head',
            numeric: true,
            className: (f) => (f.bestIndex === i ? 'report-best' : undefined),
            cell: (f) => {
              const v = f.values[i] ?? null;
              const band = f.bands[i];
              return (
                <>
                  <span className="report-value">
                    {v === null ? '—' : formatMetricNumber(v, f.unit, cur(i))}
                    {f.bestIndex === i ? ' ✓' : ''}
                  </span>
                  {band ? (
                    <span className="report-delta">
                      {formatMetricNumber(band.p10, f.unit, cur(i))} –{' '}
                      {formatMetricNumber(band.p90, f.unit, cur(i))}
                    </span>
                  ) : null}
                </>
              );
            },
          })),
        ]}
        rows={decision.figures}
        rowKey={(f) => f.metricId}
      />
      <p className="report-note">
        ✓ the best build on the figure.{' '}
        {props.analysis && props.analysis.draws > 0
          ? `Bands: ${props.analysis.draws} Monte Carlo draws (seed ${props.analysis.seed}).`
          : 'No uncertainty bands (the Monte Carlo run did not finish).'}
      </p>

      <h2 className="report-cover-sub">Main risks</h2>
      <ul className="report-risks" data-testid="report-risks">
        {decision.risks.map((r) => (
          <li key={r.index}>
            <strong>
              {letter(r.index)} {r.name}
            </strong>
            : {r.bottleneck ? `bottleneck — ${r.bottleneck}` : 'no binding bottleneck found.'}
            {r.band ? (
              <>
                {' '}
                {r.band.label} P10–P90{' '}
                {formatMetricNumber(r.band.band.p10, r.band.unit, cur(r.index))} to{' '}
                {formatMetricNumber(r.band.band.p90, r.band.unit, cur(r.index))}
                {after(r.band.unit, cur(r.index))}.
              </>
            ) : null}
            {r.topDriver ? (
              <>
                {' '}
                Most sensitive to {r.topDriver.label.toLowerCase()} (
                {formatInputValue(
                  r.topDriver.low,
                  r.topDriver.inputUnit,
                  cur(r.index),
                  formatMoney,
                  formatNumber,
                )}{' '}
                to{' '}
                {formatInputValue(
                  r.topDriver.high,
                  r.topDriver.inputUnit,
                  cur(r.index),
                  formatMoney,
                  formatNumber,
                )}
                : {signed(r.topDriver.deltaLow, r.topDriver.unit, cur(r.index))} /{' '}
                {signed(r.topDriver.deltaHigh, r.topDriver.unit, cur(r.index))}
                {after(r.topDriver.unit, cur(r.index))}).
              </>
            ) : null}
            {r.warnings.length > 0
              ? ` ${formatNumber(r.warnings.length)} warning${r.warnings.length === 1 ? '' : 's'} (in its appendix).`
              : ''}
          </li>
        ))}
      </ul>
      {props.excluded.length > 0 ? (
        <p className="report-note">Left out (no result): {props.excluded.join('; ')}</p>
      ) : null}
    </section>
  );
}
