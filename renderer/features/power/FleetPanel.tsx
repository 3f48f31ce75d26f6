import { useId, useMemo, useState } from 'react';
import { servingFleetFacts } from '../../../model/analysis';
import { fleetForDemand, largestDemandFor, type ServingFleet } from '../../../model/cost';
import type { EvaluationResult } from '../../../model/evaluate';
import type { Scenario } from '../../../model/scenario';
import { NumberInput } from '../../components/NumberInput';
import { TextField } from '../../components/ui';
import { formatMetric } from '../../components/metricFormat';
import { formatMoney, formatNumber, formatUnitPrice } from '../../format/format';

/** 24 hourly loads typed as numbers separated by spaces, commas or semicolons; null when empty. */
export function parseDailyProfile(text: string): readonly number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) return null;
  return parts.map((p) => Number(p));
}

type Column = { readonly key: string; readonly title: string; readonly fleet: ServingFleet | null };

/**
 * Fleet view of a serving scenario (model/cost `fleetForDemand`, `largestDemandFor`): the GPUs,
 * MW and money to serve a stated peak demand, with an optional daily profile, and the largest
 * peak a power or money budget serves. Inputs are this panel's own (not saved in the scenario).
 */
export function FleetPanel(props: { scenario: Scenario; result: EvaluationResult }) {
  const { scenario, result: r } = props;
  const titleId = useId();
  const [peak, setPeak] = useState(1_000_000);
  const [profileText, setProfileText] = useState('');
  const [mw, setMw] = useState(10);
  const [money, setMoney] = useState(100_000_000);
  const facts = useMemo(() => servingFleetFacts(scenario, r), [scenario, r]);
  const computed = useMemo(() => {
    if (facts === null) return null;
    try {
      const diurnal = parseDailyProfile(profileText);
      const columns: Column[] = [
        {
          key: 'demand',
          title: 'For the demand',
          fleet: fleetForDemand(facts, { peakOutputTokensPerS: peak, diurnal }),
        },
        {
          key: 'power',
          title: `Largest within ${formatNumber(mw, 2)} MW`,
          fleet: largestDemandFor(facts, { kind: 'power', facilityMw: mw }, diurnal),
        },
        {
          key: 'money',
          title: `Largest within ${formatMoney(money, facts.currency)}/yr`,
          fleet: largestDemandFor(facts, { kind: 'money', perYear: money }, diurnal),
        },
      ];
      return { ok: true as const, columns };
    } catch (e) {
      return { ok: false as const, error: e instanceof Error ? e.message : String(e) };
    }
  }, [facts, peak, profileText, mw, money]);
  if (facts === null && scenario.workload.kind === 'serving' && r.powerCost !== null) {
    // A serving deployment that meets its latency limits at no rate sizes no fleet: say why
    // here rather than leave the panel out without a word.
    return (
      <section className="panel pw-section" aria-labelledby={titleId} data-testid="pw-fleet">
        <h3 id={titleId} className="pw-section-title">
          Fleet for a demand
        </h3>
        <p className="pw-section-lede">
          No fleet is sized: one model copy meets the scenario&rsquo;s latency limits at no request
          rate, so no number of copies serves a demand within them. The warnings on the Scenarios
          screen give the copy&rsquo;s latency at the lightest load and what to change.
        </p>
      </section>
    );
  }
  if (facts === null || computed === null) return null;
  const cur = facts.currency;
  const rows: readonly [string, string, (f: ServingFleet) => string][] = [
    ['peak', 'Peak output tokens/s', (f) => formatMetric(f.peakOutputTokensPerS, 'tokens/s')],
    ['gpus', 'GPUs', (f) => `${formatNumber(f.gpus)} (${formatNumber(f.copies)} copies)`],
    ['peak-mw', 'Facility power at the peak', (f) => `${formatNumber(f.peakFacilityMw, 3)} MW`],
    [
      'avg-mw',
      'Facility power, daily average',
      (f) => `${formatNumber(f.averageFacilityMw, 3)} MW`,
    ],
    ['energy', 'Energy per year', (f) => formatMetric(f.energyMwhPerYear, 'MWh/yr')],
    ['money', 'Money per year', (f) => `${formatMoney(f.costPerYear, cur)}/yr`],
    [
      'per-mtok',
      'Cost per million output tokens',
      (f) => formatMoney(f.costPerMillionOutputTokens, cur),
    ],
    ['j-token', 'Energy per output token', (f) => `${formatNumber(f.joulesPerOutputToken, 2)} J`],
    [
      'per-mw',
      'Output tokens/s per MW',
      (f) => `${formatMetric(f.outputTokensPerSPerMw, 'tokens/s')} per MW`,
    ],
  ];
  return (
    <section className="panel pw-section" aria-labelledby={titleId} data-testid="pw-fleet">
      <h3 id={titleId} className="pw-section-title">
        Fleet for a demand <span className="pw-currency">· in {cur}</span>
      </h3>
      <p className="pw-section-lede">
        Whole model copies of this deployment sized for the peak hour, each serving{' '}
        {formatMetric(facts.outputTokensPerSPerCopy, 'tokens/s')} on{' '}
        {formatNumber(facts.gpusPerCopy, 2)} GPUs ({facts.rateBasis}). Power per GPU slot while
        serving {formatMetric(facts.itKwPerGpuRunning, 'kW')}, idle{' '}
        {formatMetric(facts.itKwPerGpuIdle, 'kW')}, × PUE {formatNumber(facts.pue, 2)}; money: the
        build&rsquo;s cost per GPU-year without energy (
        {formatMoney(facts.fixedCostPerGpuYear, cur)}) plus energy at{' '}
        {formatUnitPrice(facts.electricityPerKwh, cur)}/kWh.
      </p>
      <div className="pw-fleet-inputs">
        <NumberInput
          label="Peak demand"
          unit="output tokens/s"
          value={peak}
          onChange={setPeak}
          testId="pw-fleet-peak"
        />
        <NumberInput
          label="Power budget"
          unit="MW (facility)"
          value={mw}
          onChange={setMw}
          maximumFractionDigits={3}
          testId="pw-fleet-mw"
        />
        <NumberInput
          label="Money budget"
          unit={`${cur}/yr`}
          value={money}
          onChange={setMoney}
          testId="pw-fleet-money"
        />
        <TextField
          label="Daily profile (optional)"
          value={profileText}
          onChange={setProfileText}
          description="24 hourly loads relative to the peak hour, e.g. 40 35 30 … 100; empty: the peak all day"
          data-testid="pw-fleet-profile"
        />
      </div>
      {computed.ok ? (
        <div className="pw-table-scroll" role="region" aria-label="Fleet" tabIndex={0}>
          <table className="pw-table" data-testid="pw-fleet-table">
            <caption className="visually-hidden">Fleet for a demand and for budgets</caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {computed.columns.map((c) => (
                  <th key={c.key} scope="col" className="num">
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([key, label, show]) => (
                <tr key={key} data-testid={`pw-fleet-${key}`}>
                  <th scope="row">{label}</th>
                  {computed.columns.map((c) => (
                    <td key={c.key} className="num">
                      {c.fleet ? show(c.fleet) : 'not even one GPU'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="error-box" role="alert" data-testid="pw-fleet-error">
          {computed.error.replace(/^./, (c) => c.toUpperCase())}
        </p>
      )}
    </section>
  );
}
