import type { TornadoResult } from '../../../model/analysis';
import { displayUnit, formatMetric } from '../../components/metricFormat';
import { formatMoney, formatNumber } from '../../format/format';
import { TornadoBars } from '../charts/Charts';
import { TornadoRangeEditor } from './TornadoRangeEditor';
import { formatInputValue, noEffectInputs, tornadoRows } from './analysisData';

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
          <TornadoBars
            rows={rows}
            unitLabel={unitLabel}
            formatDelta={(v) => signed(v, unit, currency)}
          />
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
