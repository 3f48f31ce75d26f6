import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  XAxis,
  YAxis,
} from 'recharts';
import type { Decision, ReportAnalysis } from '../../../model/report';
import { formatMetricNumber } from '../../components/metricFormat';
import {
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatNumberCompact,
} from '../../format/format';
import { formatInputValue } from '../analysis/analysisData';
import { UncertaintyBand } from '../analysis/UncertaintyBand';
import { scalingCurves, seriesColor } from '../charts/chartData';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { PRINT_CHART_WIDTH_PX } from './PrintCharts';

/**
 * The report's analysis charts: the scaling curve, each build's tornado, the P10–P90 bands of
 * the decisive figures, owning against renting by year and the cash flow by year. Fixed-size
 * recharts SVG (vectors in the PDF), no animation; every chart says what it shows in words.
 */

const AXIS = '#4a4f59';
const GRID = '#d9dde3';
/** Okabe–Ito blue and vermillion: an input at its low end, at its high end. */
const LOW_COLOR = '#0072B2';
const HIGH_COLOR = '#D55E00';

function letter(i: number): string {
  return String.fromCharCode(65 + (i % 26));
}

/** Throughput against GPU count (strong scaling at each build's global batch). */
export function PrintScaling(props: { readonly evaluations: readonly ScenarioEvaluation[] }) {
  const data = scalingCurves(props.evaluations);
  if (data.series.length === 0) return null;
  return (
    <figure className="report-figure" data-testid="report-chart-scaling">
      <figcaption>
        <strong>Scaling curve: throughput against GPU count (tokens/s).</strong> Each training build
        at its own global batch, from a few GPUs to its size and beyond; points that do not fit in
        memory are left out.
      </figcaption>
      <LineChart
        width={PRINT_CHART_WIDTH_PX}
        height={260}
        data={[...data.throughputRows]}
        margin={{ top: 8, right: 24, bottom: 24, left: 8 }}
        title="Scaling curve"
      >
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis
          dataKey="gpus"
          type="number"
          scale="log"
          domain={['dataMin', 'dataMax']}
          ticks={data.throughputRows.map((r) => Number(r['gpus']))}
          stroke={AXIS}
          fontSize={10}
          tickFormatter={(v: number) => formatNumber(v)}
          label={{ value: 'GPUs (log scale)', position: 'insideBottom', offset: -8, fill: AXIS }}
        />
        <YAxis
          stroke={AXIS}
          width={64}
          fontSize={10}
          tickFormatter={(v: number) => formatNumberCompact(v)}
          label={{ value: 'tokens/s', angle: -90, position: 'insideLeft', fill: AXIS }}
        />
        <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 14, fontSize: 10 }} />
        {data.series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      {data.excluded.length > 0 ? (
        <p className="report-note">
          Not shown: {data.excluded.map((e) => `${e.name} (${e.reason})`).join('; ')}
        </p>
      ) : null}
    </figure>
  );
}

/** One tornado per build: how far its analysis metric moves as each input goes low or high. */
export function PrintTornadoes(props: { readonly analysis: ReportAnalysis }) {
  return (
    <>
      {props.analysis.builds.map((b) => {
        if (b.tornado.length === 0) return null;
        const rows = b.tornado.map((bar) => ({
          label: bar.label,
          low: bar.deltaLow,
          high: bar.deltaHigh,
        }));
        const fmt = (v: number) => formatMetricNumber(v, b.metricUnit, b.currency);
        return (
          <figure
            className="report-figure"
            key={b.index}
            data-testid={`report-chart-tornado-${b.index}`}
          >
            <figcaption>
              <strong>
                Tornado, {letter(b.index)} {b.name}: {b.metricLabel} ({b.metricUnit}).
              </strong>{' '}
              Change from {b.tornadoBase === null ? '—' : fmt(b.tornadoBase)} as each input moves to
              the low (blue) or high (vermillion) end of its range, largest first.
            </figcaption>
            <BarChart
              width={PRINT_CHART_WIDTH_PX}
              height={60 + rows.length * 26}
              data={rows}
              layout="vertical"
              margin={{ top: 4, right: 24, bottom: 18, left: 4 }}
              barGap={-14}
              title={`Tornado ${b.name}`}
            >
              <CartesianGrid strokeDasharray="3 3" stroke={GRID} horizontal={false} />
              <XAxis
                type="number"
                stroke={AXIS}
                fontSize={10}
                tickFormatter={(v: number) => formatNumberCompact(v)}
                label={{
                  value: `change in ${b.metricUnit}`,
                  position: 'insideBottom',
                  offset: -6,
                  fill: AXIS,
                }}
              />
              <YAxis type="category" dataKey="label" stroke={AXIS} width={190} fontSize={10} />
              <ReferenceLine x={0} stroke={AXIS} />
              <Bar
                dataKey="low"
                name="Input low"
                fill={LOW_COLOR}
                barSize={14}
                isAnimationActive={false}
              />
              <Bar
                dataKey="high"
                name="Input high"
                fill={HIGH_COLOR}
                barSize={14}
                isAnimationActive={false}
              />
            </BarChart>
            <table className="report-table report-tornado-table">
              <thead>
                <tr>
                  <th scope="col">Input</th>
                  <th scope="col">Range</th>
                  <th scope="col" className="num">
                    At low end
                  </th>
                  <th scope="col" className="num">
                    At high end
                  </th>
                </tr>
              </thead>
              <tbody>
                {b.tornado.map((bar) => (
                  <tr key={bar.id}>
                    <th scope="row">{bar.label}</th>
                    <td>
                      {formatInputValue(bar.low, bar.unit, b.currency, formatMoney, formatNumber)}{' '}
                      to{' '}
                      {formatInputValue(bar.high, bar.unit, b.currency, formatMoney, formatNumber)}
                    </td>
                    <td className="num">{bar.metricAtLow === null ? '—' : fmt(bar.metricAtLow)}</td>
                    <td className="num">
                      {bar.metricAtHigh === null ? '—' : fmt(bar.metricAtHigh)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
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
  return (
    <figure className="report-figure" data-testid="report-chart-bands">
      <figcaption>
        <strong>Uncertainty: P10–P90 bands of the deciding figures.</strong> {analysis.draws} Monte
        Carlo draws (seed {analysis.seed}) over the engine’s stated accuracy, failure rates and the
        catalog’s soft numbers; the bar spans P10 to P90, the tick is P50, the diamond the value
        without uncertainty. Overlapping bands mean the difference is inside the uncertainty.
      </figcaption>
      <table className="report-table report-bands-table">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Build</th>
            <th scope="col" className="num">
              P10
            </th>
            <th scope="col" className="num">
              P50
            </th>
            <th scope="col" className="num">
              P90
            </th>
            <th scope="col">Band</th>
          </tr>
        </thead>
        {figures.map((f) => {
          const lo = Math.min(...f.bands.flatMap((b) => (b ? [b.p10, b.base] : [])));
          const hi = Math.max(...f.bands.flatMap((b) => (b ? [b.p90, b.base] : [])));
          const pad = (hi - lo) * 0.05 || Math.abs(hi) * 0.05 || 1;
          const domain: [number, number] = [lo - pad, hi + pad];
          return (
            <tbody key={f.metricId} className="report-keep">
              {f.bands.map((b, i) => {
                if (!b) return null;
                const cur = props.currencies[i] ?? 'USD';
                const fmt = (v: number) => formatMetricNumber(v, f.unit, cur);
                return (
                  <tr key={i}>
                    <th scope="row">{`${f.label} (${f.unit})`}</th>
                    <td>
                      {letter(i)} {props.names[i]}
                    </td>
                    <td className="num">{fmt(b.p10)}</td>
                    <td className="num">{fmt(b.p50)}</td>
                    <td className="num">{fmt(b.p90)}</td>
                    <td>
                      <UncertaintyBand
                        p10={b.p10}
                        p50={b.p50}
                        p90={b.p90}
                        base={b.base}
                        domain={domain}
                        format={fmt}
                        width={150}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          );
        })}
      </table>
    </figure>
  );
}

/** Cumulative cost of owning against renting the same effective GPU-hours, by year. */
export function PrintOwnVsCloud(props: { readonly analysis: ReportAnalysis }) {
  const builds = props.analysis.builds.filter((b) => b.cashFlow.length > 0);
  if (builds.length === 0) return null;
  const years = Math.max(...builds.map((b) => b.cashFlow.length));
  const rows = Array.from({ length: years }, (_, y) => {
    const row: Record<string, number> = { year: y };
    for (const b of builds) {
      const c = b.cashFlow[y];
      if (!c) continue;
      row[`own${b.index}`] = c.cumulativeOwn;
      row[`cloud${b.index}`] = c.cumulativeCloud;
    }
    return row;
  });
  const currency = builds[0]?.currency ?? 'USD';
  return (
    <figure className="report-figure" data-testid="report-chart-own-vs-cloud">
      <figcaption>
        <strong>Own vs cloud: cumulative cost by year ({currency}).</strong> Solid: owning (capex,
        then opex; resale at the horizon). Dashed: renting cloud GPUs that deliver the same
        effective GPU-hours (cloud goodput and support uplift included).
      </figcaption>
      <LineChart
        width={PRINT_CHART_WIDTH_PX}
        height={260}
        data={rows}
        margin={{ top: 8, right: 24, bottom: 24, left: 8 }}
        title="Own vs cloud"
      >
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} />
        <XAxis
          dataKey="year"
          stroke={AXIS}
          fontSize={10}
          label={{ value: 'year', position: 'insideBottom', offset: -8, fill: AXIS }}
        />
        <YAxis
          stroke={AXIS}
          width={64}
          fontSize={10}
          tickFormatter={(v: number) => formatMoneyCompact(v, currency)}
        />
        <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 14, fontSize: 10 }} />
        {builds.flatMap((b) => [
          <Line
            key={`own${b.index}`}
            dataKey={`own${b.index}`}
            name={`${letter(b.index)} own`}
            stroke={seriesColor(b.index)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />,
          <Line
            key={`cloud${b.index}`}
            dataKey={`cloud${b.index}`}
            name={`${letter(b.index)} cloud`}
            stroke={seriesColor(b.index)}
            strokeDasharray="6 4"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />,
        ])}
      </LineChart>
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
    </figure>
  );
}

/** Net ownership cash flow by year, one bar per build (costs below zero). */
export function PrintCashFlow(props: { readonly analysis: ReportAnalysis }) {
  const builds = props.analysis.builds.filter((b) => b.cashFlow.length > 0);
  if (builds.length === 0) return null;
  const years = Math.max(...builds.map((b) => b.cashFlow.length));
  const rows = Array.from({ length: years }, (_, y) => {
    const row: Record<string, number> = { year: y };
    for (const b of builds) {
      const c = b.cashFlow[y];
      if (c) row[`net${b.index}`] = c.net;
    }
    return row;
  });
  const currency = builds[0]?.currency ?? 'USD';
  return (
    <figure className="report-figure" data-testid="report-chart-cash-flow">
      <figcaption>
        <strong>Cash flow by year ({currency}).</strong> Net ownership cash flow of each build from
        the finance schedule: year 0 the purchase, then opex each year, resale at the horizon (costs
        below zero). The yearly lines are in each build’s appendix.
      </figcaption>
      <BarChart
        width={PRINT_CHART_WIDTH_PX}
        height={240}
        data={rows}
        margin={{ top: 8, right: 24, bottom: 24, left: 8 }}
        title="Cash flow by year"
      >
        <CartesianGrid strokeDasharray="3 3" stroke={GRID} vertical={false} />
        <XAxis
          dataKey="year"
          stroke={AXIS}
          fontSize={10}
          label={{ value: 'year', position: 'insideBottom', offset: -8, fill: AXIS }}
        />
        <YAxis
          stroke={AXIS}
          width={64}
          fontSize={10}
          domain={[(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)]}
          tickFormatter={(v: number) => formatMoneyCompact(v, currency)}
        />
        <ReferenceLine y={0} stroke={AXIS} />
        <Legend verticalAlign="bottom" wrapperStyle={{ paddingTop: 14, fontSize: 10 }} />
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
    </figure>
  );
}
