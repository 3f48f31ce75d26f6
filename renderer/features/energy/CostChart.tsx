import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { YearCost } from '../../../model/power/gpuEnergy';
import { formatMoney, formatMoneyCompact } from '../../format/format';

/** Okabe–Ito palette: distinguishable with the common colour-vision deficiencies. */
const BLUE = '#0072B2';
const ORANGE = '#D55E00';

/** Electricity cost per year (bars) and cumulative (line), with a data-table fallback. */
export function CostChart(props: { rows: readonly YearCost[] }) {
  const data = props.rows.map((r) => ({
    year: `Year ${r.year}`,
    cost: r.costUsd,
    cumulative: r.cumulativeUsd,
  }));
  return (
    <figure className="chart" aria-labelledby="cost-chart-title">
      <figcaption id="cost-chart-title" className="chart-title">
        Accelerator electricity cost by year (USD)
      </figcaption>
      <div className="chart-canvas" data-testid="cost-chart">
        <ResponsiveContainer width="100%" height={280}>
          <ComposedChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--grid)" />
            <XAxis dataKey="year" stroke="var(--muted)" />
            <YAxis
              stroke="var(--muted)"
              tickFormatter={(v: number) => formatMoneyCompact(v)}
              label={{
                value: 'USD',
                angle: -90,
                position: 'insideLeft',
                offset: -4,
                fill: 'var(--muted)',
              }}
            />
            <Tooltip formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))} />
            <Legend />
            <Bar dataKey="cost" name="Cost in the year" fill={BLUE} isAnimationActive={false} />
            <Line
              dataKey="cumulative"
              name="Cumulative cost"
              stroke={ORANGE}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="chart-table">
        <summary>Data table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Cost in the year (USD)</th>
              <th scope="col">Cumulative (USD)</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.year}>
                <td>{r.year}</td>
                <td className="num">{formatMoney(r.costUsd)}</td>
                <td className="num">{formatMoney(r.cumulativeUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
