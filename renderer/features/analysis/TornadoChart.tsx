import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TornadoResult } from '../../../model/analysis';
import { displayUnit, formatMetric } from '../../components/metricFormat';
import { formatMoney, formatNumber, formatNumberCompact } from '../../format/format';
import { TornadoRangeEditor } from './TornadoRangeEditor';
import {
  formatInputValue,
  HIGH_COLOR,
  LOW_COLOR,
  noEffectInputs,
  tornadoRows,
} from './analysisData';

const AXIS = 'var(--muted)';
const TOOLTIP_STYLE = {
  background: 'var(--panel)',
  border: '1px solid var(--border)',
  color: 'var(--text)',
};

function signed(v: number, unit: string, currency: string): string {
  const text = formatMetric(Math.abs(v), unit, currency);
  return v > 0 ? `+${text}` : v < 0 ? `−${text}` : text;
}

/**
 * The tornado: one row per input, a bar for the metric's change with the input at its low end
 * (blue) and at its high end (vermillion), sorted by effect; the data table below.
 */
export function TornadoChart(props: { readonly t: TornadoResult; readonly currency: string }) {
  const { t, currency } = props;
  const unit = t.metric.unit;
  const rows = tornadoRows(t);
  const none = noEffectInputs(t);
  const unitLabel = `Change in ${t.metric.label} (${displayUnit(unit, currency)})`;
  const height = 90 + rows.length * 40;
  const inputValue = (v: number, u: string) =>
    formatInputValue(v, u, currency, formatMoney, formatNumber);
  return (
    <figure className="an-figure" aria-labelledby="an-tornado-title" data-testid="tornado">
      <figcaption id="an-tornado-title" className="an-figure-title">
        {t.metric.label}: {formatMetric(t.baseValue, unit, currency)} — what moves it
      </figcaption>
      {rows.length === 0 ? (
        <p className="an-muted" data-testid="tornado-empty">
          No input moves this metric over its range.
        </p>
      ) : (
        <div className="an-canvas">
          <ResponsiveContainer width="100%" height={height}>
            <BarChart
              data={rows}
              layout="vertical"
              margin={{ top: 8, right: 24, bottom: 28, left: 8 }}
              barGap={2}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="var(--grid)" horizontal={false} />
              <XAxis
                type="number"
                stroke={AXIS}
                tickFormatter={(v: number) => formatNumberCompact(v)}
                label={{ value: unitLabel, position: 'insideBottom', offset: -14, fill: AXIS }}
              />
              <YAxis type="category" dataKey="label" stroke={AXIS} width={210} />
              <ReferenceLine x={0} stroke="var(--text)" />
              <Tooltip
                formatter={(v) => (typeof v === 'number' ? signed(v, unit, currency) : String(v))}
                contentStyle={TOOLTIP_STYLE}
              />
              <Legend verticalAlign="top" wrapperStyle={{ paddingBottom: 8 }} itemSorter={null} />
              <Bar
                dataKey="low"
                name="Input at its low end"
                fill={LOW_COLOR}
                isAnimationActive={false}
              />
              <Bar
                dataKey="high"
                name="Input at its high end"
                fill={HIGH_COLOR}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      {none.length > 0 ? (
        <p className="an-muted" data-testid="tornado-no-effect">
          No effect over their range: {none.join(', ')}.
        </p>
      ) : null}
      {t.notApplicable.length > 0 ? (
        <p className="an-muted">
          Not applicable to this scenario: {t.notApplicable.map((n) => n.label).join(', ')}.
        </p>
      ) : null}
      <details className="an-table-wrap" open data-testid="tornado-table">
        <summary>Data table</summary>
        <div className="an-scroll" role="region" aria-label="Tornado data table" tabIndex={0}>
          <table className="an-table">
            <caption className="visually-hidden">Effect of each input on {t.metric.label}</caption>
            <thead>
              <tr>
                <th scope="col">Input</th>
                <th scope="col" className="num">
                  Low
                </th>
                <th scope="col" className="num">
                  Scenario
                </th>
                <th scope="col" className="num">
                  High
                </th>
                <th scope="col" className="num">
                  Change at low
                </th>
                <th scope="col" className="num">
                  Change at high
                </th>
                <th scope="col">Range basis · field</th>
              </tr>
            </thead>
            <tbody>
              {t.bars.map((b) => (
                <tr key={b.id} data-testid={`tornado-row-${b.id}`}>
                  <th scope="row">{b.label}</th>
                  <td className="num">{inputValue(b.low, b.unit)}</td>
                  <td className="num">{inputValue(b.base, b.unit)}</td>
                  <td className="num">{inputValue(b.high, b.unit)}</td>
                  <td className="num">{signed(b.deltaLow, unit, currency)}</td>
                  <td className="num">{signed(b.deltaHigh, unit, currency)}</td>
                  <td className="an-basis">
                    {b.error ? <span className="an-error">{b.error}. </span> : null}
                    {b.basis} · <code>{b.paths.join(', ')}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <TornadoRangeEditor t={t} />
    </figure>
  );
}
