import { useId } from 'react';
import type { EvaluationResult, PowerCostResult } from '../../../model/evaluate';
import type { ResolvedBuild } from '../../../model/build';
import { formatMoney, formatNumber, formatPercent } from '../../format/format';

/**
 * The finance schedule of the build (model/cost `CostResult.schedule`): book life and economic
 * life side by side, then one row per year — capex, opex, net cash flow, present value, book and
 * economic depreciation and value, owning minus renting the same effective GPU-hours, and the
 * money value of the GPU-hours lost — with the NPV, IRR and payback a finance review reads.
 */
export function FinanceSchedule(props: {
  result: EvaluationResult;
  pc: PowerCostResult;
  build: ResolvedBuild;
}) {
  const { result: r, pc, build: b } = props;
  const titleId = useId();
  const f = b.finance;
  const s = pc.cost.schedule;
  const money = (v: number) => formatMoney(v, r.currency);
  const terms: readonly [string, string, string][] = [
    ['book-life', 'Book life', `${formatNumber(f.bookLifeYears, 1)} years, straight-line`],
    ['economic-life', 'Economic life', `${formatNumber(f.economicLifeYears, 1)} years`],
    ['horizon', 'Horizon', `${formatNumber(f.horizonYears, 1)} years`],
    ['discount', 'Discount rate', `${formatPercent(f.discountRate, 1)}/yr, ${f.npvConvention}`],
    ['npv', 'NPV of ownership', money(pc.cost.npvUsd)],
    [
      'own-vs-cloud',
      'Owning − renting, NPV',
      s.ownVsCloudNpvUsd === null ? 'no cloud price' : money(s.ownVsCloudNpvUsd),
    ],
    [
      'irr',
      'IRR of owning vs renting',
      s.ownVsCloudIrr === null ? '—' : formatPercent(s.ownVsCloudIrr, 1),
    ],
    [
      'payback',
      'Payback vs cloud',
      s.paybackMonths === null ? 'never' : `${formatNumber(s.paybackMonths, 1)} months`,
    ],
    [
      'cost-effective-gpu-hour',
      'Cost per effective GPU-hour',
      formatMoney(s.costPerEffectiveGpuHourUsd, r.currency),
    ],
  ];
  const columns: readonly [string, (y: (typeof s.years)[number]) => number][] = [
    ['Capex', (y) => y.capexItUsd + y.capexFacilityUsd],
    ['Opex', (y) => y.opex.totalUsd],
    ['Cash flow', (y) => y.cashFlowUsd],
    ['Present value', (y) => y.presentValueUsd],
    ['Book depreciation', (y) => y.bookDepreciationUsd],
    ['Book value', (y) => y.bookValueUsd],
    ['Economic depreciation', (y) => y.economicDepreciationUsd],
    ['Economic value', (y) => y.economicValueUsd],
    ['Owning − renting', (y) => y.ownVsCloudUsd],
    ['Lost GPU-hours, money', (y) => y.lostValueUsd.total],
  ];
  return (
    <section className="panel pw-section" aria-labelledby={titleId} data-testid="pw-finance">
      <h3 id={titleId} className="pw-section-title">
        Finance year by year <span className="pw-currency">· in {r.currency}</span>
      </h3>
      <p className="pw-section-lede">
        Book depreciation follows the accounts&rsquo; life; economic depreciation the
        hardware&rsquo;s useful life. Owning − renting: the ownership cash flow plus the rent of
        cloud GPUs delivering the same effective GPU-hours.
      </p>
      <dl className="pw-facts" data-testid="pw-finance-terms">
        {terms.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`pw-finance-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="pw-table-scroll" role="region" aria-label="Finance year by year" tabIndex={0}>
        <table className="pw-table" data-testid="pw-finance-table">
          <caption className="visually-hidden">Finance schedule, one row per year</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              {columns.map(([h]) => (
                <th key={h} scope="col" className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.years.map((y) => (
              <tr key={y.year}>
                <th scope="row">{y.year}</th>
                {columns.map(([h, v]) => (
                  <td key={h} className="num">
                    {v(y) === 0 ? '—' : money(v(y))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
