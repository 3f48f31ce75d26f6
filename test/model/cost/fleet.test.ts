import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { servingFleetFacts } from '../../../model/analysis';
import {
  diurnalShares,
  fleetForDemand,
  largestDemandFor,
  type ServingFleetFacts,
} from '../../../model/cost';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';

/** 1,000 output tokens/s per 8-GPU copy; 1.25 kW per GPU slot serving, 0.25 kW idle. */
const facts: ServingFleetFacts = {
  currency: 'USD',
  outputTokensPerSPerCopy: 1000,
  gpusPerCopy: 8,
  rateBasis: 'test',
  itKwPerGpuRunning: 1.25,
  itKwPerGpuIdle: 0.25,
  pue: 1.2,
  fixedCostPerGpuYear: 20_000,
  electricityPerKwh: 0.1,
};

describe('fleet for a demand', () => {
  it('whole copies for the peak; power, energy per token, tokens per MW and money (hand-checked)', () => {
    const f = fleetForDemand(facts, { peakOutputTokensPerS: 10_500, diurnal: null });
    // ⌈10,500 ÷ 1,000⌉ = 11 copies × 8 = 88 GPUs, busy 10,500/11,000 of the time.
    expect(f.copies).toBe(11);
    expect(f.gpus).toBe(88);
    // 88 × (0.25 + 1.0 × 0.954545) = 106.0 kW IT; × 1.2 = 127.2 kW facility.
    expect(f.peakItKw).toBeCloseTo(106.0, 9);
    expect(f.peakFacilityMw).toBeCloseTo(0.1272, 12);
    // 127,200 W ÷ 10,500 tokens/s = 12.114 J per token; 10,500 ÷ 0.1272 MW.
    expect(f.joulesPerOutputToken).toBeCloseTo(12.1142857, 6);
    expect(f.outputTokensPerSPerMw).toBeCloseTo(82_547.17, 1);
    // 127.2 kW × 8,760 h = 1,114.272 MWh; × 0.1 = 111,427.2; + 88 × 20,000 = 1,871,427.2.
    expect(f.energyMwhPerYear).toBeCloseTo(1114.272, 6);
    expect(f.costPerYear).toBeCloseTo(1_871_427.2, 3);
    // Over 10,500 × 31,536,000 tokens: 5.6517 per million.
    expect(f.costPerMillionOutputTokens).toBeCloseTo(5.65167, 4);
  });

  it('a daily profile keeps the peak fleet, lowers energy and money, raises J/token (idle power)', () => {
    const flat = fleetForDemand(facts, { peakOutputTokensPerS: 10_000, diurnal: null });
    const night = Array.from({ length: 24 }, (_, h) => (h < 12 ? 50 : 100));
    const daily = fleetForDemand(facts, { peakOutputTokensPerS: 10_000, diurnal: night });
    expect(daily.gpus).toBe(flat.gpus);
    expect(daily.meanLoadShare).toBeCloseTo(0.75, 12);
    expect(daily.outputTokensPerYear).toBeCloseTo(0.75 * flat.outputTokensPerYear, 0);
    expect(daily.energyMwhPerYear).toBeLessThan(flat.energyMwhPerYear);
    expect(daily.joulesPerOutputToken).toBeGreaterThan(flat.joulesPerOutputToken);
    expect(daily.costPerMillionOutputTokens).toBeGreaterThan(flat.costPerMillionOutputTokens);
    // Half the day idle-heavy: mean IT = 80 × (0.25 + 1.0 × 0.75) = 80 kW.
    expect(daily.averageFacilityMw).toBeCloseTo(0.096, 12);
  });

  it('names a bad demand or profile', () => {
    expect(() => fleetForDemand(facts, { peakOutputTokensPerS: 0, diurnal: null })).toThrow(
      /peak output tokens\/s must be positive/,
    );
    expect(() => diurnalShares([1, 2])).toThrow(/24 hourly values \(got 2\)/);
    expect(() => diurnalShares(new Array<number>(24).fill(0))).toThrow(/at least one hour/);
    expect(diurnalShares(Array.from({ length: 24 }, (_, h) => h + 1))[23]).toBe(1);
  });
});

describe('largest demand a budget serves', () => {
  const factsArb = fc.record({
    currency: fc.constant('USD'),
    outputTokensPerSPerCopy: fc.double({ min: 10, max: 1e5, noNaN: true }),
    gpusPerCopy: fc.constantFrom(0.25, 1, 2, 8, 16),
    rateBasis: fc.constant('p'),
    itKwPerGpuRunning: fc.double({ min: 0.3, max: 2, noNaN: true }),
    itKwPerGpuIdle: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
    pue: fc.double({ min: 1.05, max: 2, noNaN: true }),
    fixedCostPerGpuYear: fc.double({ min: 1000, max: 100_000, noNaN: true }),
    electricityPerKwh: fc.double({ min: 0.02, max: 0.4, noNaN: true }),
  });
  const profile = fc.option(
    fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 24, maxLength: 24 }),
    { nil: null },
  );

  it('fits the budget, and one more token/s does not (power and money)', () => {
    fc.assert(
      fc.property(
        factsArb,
        profile,
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        fc.double({ min: 1e6, max: 1e9, noNaN: true }),
        (f, diurnal, mw, money) => {
          for (const budget of [
            { kind: 'power' as const, facilityMw: mw },
            { kind: 'money' as const, perYear: money },
          ]) {
            const best = largestDemandFor(f, budget, diurnal);
            const spent = (x: { peakFacilityMw: number; costPerYear: number }) =>
              budget.kind === 'power' ? x.peakFacilityMw : x.costPerYear;
            const limit = budget.kind === 'power' ? mw : money;
            if (best === null) {
              // Not even one copy fits.
              const one = fleetForDemand(f, {
                peakOutputTokensPerS: f.outputTokensPerSPerCopy,
                diurnal,
              });
              expect(spent(one)).toBeGreaterThan(limit);
              continue;
            }
            expect(spent(best)).toBeLessThanOrEqual(limit * (1 + 1e-9));
            // The same demand asked forwards gives the same fleet.
            const again = fleetForDemand(f, {
              peakOutputTokensPerS: best.peakOutputTokensPerS,
              diurnal,
            });
            expect(again.gpus).toBe(best.gpus);
            const more = fleetForDemand(f, {
              peakOutputTokensPerS: best.peakOutputTokensPerS + 1,
              diurnal,
            });
            expect(spent(more)).toBeGreaterThan(limit);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names a bad budget', () => {
    expect(() => largestDemandFor(facts, { kind: 'power', facilityMw: -1 }, null)).toThrow(
      /power budget: must be positive MW/,
    );
  });
});

describe('facts of a serving scenario', () => {
  const load = (file: string) =>
    parseScenarioOrThrow(JSON.parse(readFileSync(`examples/${file}`, 'utf8')));

  it('the scenario’s own deployment is the fleet for its own rate', () => {
    const s = load('serving-llama3-70b-8xh100-fp8.json');
    const r = evaluate(s);
    const f = servingFleetFacts(s, r)!;
    expect(f).not.toBeNull();
    expect(f.currency).toBe(r.currency);
    expect(f.itKwPerGpuIdle).toBeLessThan(f.itKwPerGpuRunning);
    expect(f.fixedCostPerGpuYear).toBeGreaterThan(0);
    const copies = r.serving!.replicas;
    const fleet = fleetForDemand(f, {
      peakOutputTokensPerS: copies * f.outputTokensPerSPerCopy,
      diurnal: null,
    });
    expect(fleet.copies).toBe(copies);
    expect(fleet.gpus).toBe(r.serving!.gpus);
    // Money for the whole build over a year, energy included: TCO per year, give or take the
    // energy at the serving load instead of the calendar mix.
    expect(fleet.costPerYear).toBeGreaterThan(0);
    expect(fleet.joulesPerOutputToken).toBeGreaterThan(0);
    // The scenario's own figures: J per token and tokens per MW at the facility while serving.
    const j = r.metrics['energy_per_output_token_j']!;
    const perMw = r.metrics['output_tokens_per_s_per_mw']!;
    expect(j.unit).toBe('J/token');
    const facilityW =
      Object.values(r.powerCost!.itPowerKw.running).reduce((a, v) => a + v, 0) *
      r.powerCost!.pue *
      1000;
    expect(j.value).toBeCloseTo(facilityW / r.metrics['output_tokens_per_s']!.value, 9);
    expect(j.value * perMw.value).toBeCloseTo(1e6, 3);
    expect(
      servingFleetFacts(
        load('pretrain-llama3-70b-1024xh100-ib.json'),
        evaluate(load('pretrain-llama3-70b-1024xh100-ib.json')),
      ),
    ).toBeNull();
  });

  it('no fleet when no rate meets the limits (the evaluation still stands, with its warning)', () => {
    const s = load('serving-llama3-70b-8xh100-fp8.json');
    if (s.workload.kind !== 'serving') throw new Error('serving example expected');
    const w = s.workload;
    // The sizing target's TPOT limit below any decode step: no copy meets it.
    const target = { ...s, workload: { ...w, target: { ...w.target!, tpotLimitMs: 1 } } };
    const r1 = evaluate(target);
    expect(r1.warnings.some((x) => x.startsWith('workload.target:'))).toBe(true);
    expect(servingFleetFacts(target, r1)).toBeNull();
    // No target, and the load's own SLO met by no rate: the copy serves 0 tokens/s.
    const slo = {
      ...s,
      workload: {
        ...w,
        target: null,
        serving: {
          ...w.serving,
          load: { mode: 'slo' as const, ttftLimitMs: 2000, tpotLimitMs: 1, percentile: 99 },
        },
      },
    };
    const r2 = evaluate(slo);
    expect(r2.metrics['output_tokens_per_s']?.value).toBe(0);
    expect(servingFleetFacts(slo, r2)).toBeNull();
  });
});
