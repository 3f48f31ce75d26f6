import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  LineChart,
  ReferenceLine,
  XAxis,
  YAxis,
} from 'recharts';
import type { CashFlowYear, Decision, ReportAnalysis } from '../../../model/report';
import { formatMetricNumber } from '../../components/metricFormat';
import { formatMoney, formatMoneyCompact, formatNumber } from '../../format/format';
import { formatInputValue } from '../analysis/analysisData';
import { UncertaintyBand } from '../analysis/UncertaintyBand';
import { seriesColor } from '../charts/chartData';
import { PrintFigure } from '../charts/ChartFrame';
import { ownAndRentLines, TornadoBars } from '../charts/Charts';
import { axisLabel, axisProps, CHART_STYLE, ChartBox, legendProps } from '../charts/chartStyle';
import { letter, ReportTable } from './ReportBlocks';

/**
 * The report's analysis charts: each build's tornado, the P10–P90 bands of the decisive
 * figures, owning against renting by year and the cash flow by year. Print variant of the
 * app's charts (fixed-size recharts SVG, vectors in the PDF, no animation); every chart says
 * what it shows in words.
 */

const STYLE = CHART_STYLE.print;
const LINE_MARGIN = { top: 8, right: 24, bottom: 24, left: 8 };
/** The year axis of the finance charts (year 0: the purchase). */
const yearAxis = { dataKey: 'year', ...axisProps(STYLE), label: axisLabel('year', 'x', STYLE) };
/** A money axis in the builds' currency. */
function moneyAxis(currency: string) {
  return {
    ...axisProps(STYLE),
    width: 64,
    tickFormatter: (v: number) => formatMoneyCompact(v, currency),
  };
}

/** One tornado per build: how far its analysis metric moves as each input goes low or high. */
export function PrintTornadoes(props: { readonly analysis: ReportAnalysis }) {
  return (
    <>
      {props.analysis.builds.map((b) => {
        if (b.tornado.length === 0) return null;
        const rows = b.tornado.map((bar) => ({
          id: bar.id,
          label: bar.label,
          low: bar.deltaLow,
          high: bar.deltaHigh,
        }));
        const fmt = (v: number) => formatMetricNumber(v, b.metricUnit, b.currency);
        const inputValue = (v: number, unit: string) =>
          formatInputValue(v, unit, b.currency, formatMoney, formatNumber);
        return (
          <PrintFigure
            key={b.index}
            testId={`report-chart-tornado-${b.index}`}
            title={`Tornado, ${letter(b.index)} ${b.name}: ${b.metricLabel} (${b.metricUnit})`}
            description={`Change from ${b.tornadoBase === null ? '—' : fmt(b.tornadoBase)} as each input moves to the low (blue) or high (vermillion) end of its range, largest first.`}
          >
            <TornadoBars
              variant="print"
              rows={rows}
              unitLabel={`change in ${b.metricUnit}`}
              formatDelta={fmt}
              title={`Tornado ${b.name}`}
            />
            <ReportTable
              className="report-tornado-table"
              columns={[
                { header: 'Input', cell: (bar) => bar.label },
                {
                  header: 'Range',
                  cell: (bar) =>
                    `${inputValue(bar.low, bar.unit)} to ${inputValue(bar.high, bar.unit)}`,
                },
                {
                  header: 'At low end',
                  numeric: true,
                  cell: (bar) => (bar.metricAtLow === null ? '—' : fmt(bar.metricAtLow)),
                },
                {
                  header: 'At high end',
                  numeric: true,
                  cell: (bar) => (bar.metricAtHigh === null ? '—' : fmt(bar.metricAtHigh)),
                },
              ]}
              rows={b.tornado}
              rowKey={(bar) => bar.id}
            />
          </PrintFigure>
        );
      })}
    </>
  );
}

/** P10–P90 bands of the decisive figures, one row per figure and build, on a shared scale. */
export function PrintBands(props: {
  readonly decision: Decision;
  readonly analysis: ReportAnalysis;
  readonly names: readonly string[];
  readonly currencies: readonly string[];
}) {
  const { decision, analysis } = props;
  const figures = decision.figures.filter((f) => f.bands.some((b) => b !== null));
  if (figures.length === 0) return null;
  const groups = figures.map((f) => {
    const lo = Math.min(...f.bands.flatMap((b) => (b ? [b.p10, b.base] : [])));
    const hi = Math.max(...f.bands.flatMap((b) => (b ? [b.p90, b.base] : [])));
    const pad = (hi - lo) * 0.05 || Math.abs(hi) * 0.05 || 1;
    const domain: [number, number] = [lo - pad, hi + pad];
    const rows = f.bands.flatMap((b, i) => {
      if (!b) return [];
      const cur = props.currencies[i] ?? 'USD';
      return [{ f, b, i, domain, fmt: (v: number) => formatMetricNumber(v, f.unit, cur) }];
    });
    return { key: f.metricId, rows };
  });
  return (
    <PrintFigure
      testId="report-chart-bands"
      title="Uncertainty: P10–P90 bands of the deciding figures"
      description={`${analysis.draws} Monte Carlo draws (seed ${analysis.seed}) over the engine’s stated accuracy, failure rates and the catalog’s soft numbers; the bar spans P10 to P90, the tick is P50, the diamond the value without uncertainty. Overlapping bands mean the difference is inside the uncertainty.`}
    >
      <ReportTable
        className="report-bands-table"
        columns={[
          { header: 'Figure', cell: (r) => `${r.f.label} (${r.f.unit})` },
          { header: 'Build', cell: (r) => `${letter(r.i)} ${props.names[r.i] ?? ''}` },
          { header: 'P10', numeric: true, cell: (r) => r.fmt(r.b.p10) },
          { header: 'P50', numeric: true, cell: (r) => r.fmt(r.b.p50) },
          { header: 'P90', numeric: true, cell: (r) => r.fmt(r.b.p90) },
          {
            header: 'Band',
            cell: (r) => (
              <UncertaintyBand
                p10={r.b.p10}
                p50={r.b.p50}
                p90={r.b.p90}
                base={r.b.base}
                domain={r.domain}
                format={r.fmt}
                width={150}
              />
            ),
          },
        ]}
        rows={[]}
        groups={groups}
        rowKey={(r) => r.i}
      />
    </PrintFigure>
  );
}

type FinanceBuild = ReportAnalysis['builds'][number];

/** The builds with a finance schedule (cash flows by year). */
function financeBuilds(analysis: ReportAnalysis): FinanceBuild[] {
  return analysis.builds.filter((b) => b.cashFlow.length > 0);
}

/** One chart row per year (`year` 0 = the purchase) with each build's values for that year. */
function rowsByYear(
  builds: readonly FinanceBuild[],
  values: (b: FinanceBuild, year: CashFlowYear) => Record<string, number>,
): Record<string, number>[] {
  const years = Math.max(...builds.map((b) => b.cashFlow.length));
  return Array.from({ length: years }, (_, y) => {
    const row: Record<string, number> = { year: y };
    for (const b of builds) {
      const c = b.cashFlow[y];
      if (c) Object.assign(row, values(b, c));
    }
    return row;
  });
}

/** Cumulative cost of owning against renting the same effective GPU-hours, by year. */
export function PrintOwnVsCloud(props: { readonly analysis: ReportAnalysis }) {
  const builds = financeBuilds(props.analysis);
  if (builds.length === 0) return null;
  const rows = rowsByYear(builds, (b, c) => ({
    [`own${b.index}`]: c.cumulativeOwn,
    [`cloud${b.index}`]: c.cumulativeCloud,
  }));
  const currency = builds[0]?.currency ?? 'USD';
  return (
    <PrintFigure
      testId="report-chart-own-vs-cloud"
      title={`Own vs cloud: cumulative cost by year (${currency})`}
      description="Solid: owning (capex, then opex; resale at the horizon). Dashed: renting cloud GPUs that deliver the same effective GPU-hours (cloud goodput and support uplift included)."
    >
      <ChartBox variant="print" heightPx={260}>
        <LineChart data={rows} margin={LINE_MARGIN} title="Own vs cloud">
          <CartesianGrid strokeDasharray="3 3" stroke={STYLE.grid} />
          <XAxis {...yearAxis} />
          <YAxis {...moneyAxis(currency)} />
          <Legend {...legendProps(STYLE)} />
          {ownAndRentLines(
            builds.map((b) => ({
              color: seriesColor(b.index),
              ownKey: `own${b.index}`,
              ownName: `${letter(b.index)} own`,
              rentKey: `cloud${b.index}`,
              rentName: `${letter(b.index)} cloud`,
            })),
          )}
        </LineChart>
      </ChartBox>
      <ul className="report-notes">
        {builds.map((b) => (
          <li key={b.index}>
            <strong>
              {letter(b.index)} {b.name}
            </strong>
            : payback vs cloud{' '}
            {b.paybackMonths === null
              ? 'never within the horizon'
              : `after ${formatNumber(b.paybackMonths, 1)} months`}
            ; NPV of owning vs cloud{' '}
            {b.ownVsCloudNpv === null ? '—' : formatMoney(b.ownVsCloudNpv, b.currency)}.
          </li>
        ))}
      </ul>
    </PrintFigure>
  );
}

/** Net ownership cash flow by year, one bar per build (costs below zero). */
export function PrintCashFlow(props: { readonly analysis: ReportAnalysis }) {
  const builds = financeBuilds(props.analysis);
  if (builds.length === 0) return null;
  const rows = rowsByYear(builds, (b, c) => ({ [`net${b.index}`]: c.net }));
  const currency = builds[0]?.currency ?? 'USD';
  return (
    <PrintFigure
      testId="report-chart-cash-flow"
      title={`Cash flow by year (${currency})`}
      description="Net ownership cash flow of each build from the finance schedule: year 0 the purchase, then opex each year, resale at the horizon (costs below zero). The yearly lines are in each build’s appendix."
    >
      <ChartBox variant="print" heightPx={240}>
        <BarChart data={rows} margin={LINE_MARGIN} title="Cash flow by year">
          <CartesianGrid strokeDasharray="3 3" stroke={STYLE.grid} vertical={false} />
          <XAxis {...yearAxis} />
          <YAxis
            {...moneyAxis(currency)}
            domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]}
          />
          <ReferenceLine y={0} stroke={STYLE.text} />
          <Legend {...legendProps(STYLE)} />
          {builds.map((b) => (
            <Bar
              key={b.index}
              dataKey={`net${b.index}`}
              name={`${letter(b.index)} ${b.name}`}
              fill={seriesColor(b.index)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ChartBox>
    </PrintFigure>
  );
}
