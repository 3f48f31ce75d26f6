import {
  builtinCatalog,
  defaultCloudPriceByAccelerator,
  findItem,
  mergeUserCatalog,
} from '../catalog';
import type { Catalog } from '../catalog';
import type { SourcedNumber } from '../catalog/sourced';
import type { EvaluationResult } from '../evaluate';
import type { Scenario } from '../scenario';
import { ENGINE_ACCURACY } from './accuracy';
import type { EngineKnobs } from './knobs';

/**
 * The key inputs the sensitivity and uncertainty analyses move, each mapped to the scenario
 * field(s) it sets (dotted paths as in model/scenario) or to an engine knob (`knobs.*`, see
 * knobs.ts). Values are in the input's own unit (`unit`), in the scenario's currency for money.
 */

/** What an analysis varies: a scenario and the engine knobs. */
export type AnalysisState = { readonly scenario: Scenario; readonly knobs: EngineKnobs };

/** What an input's base value and default range are read from. */
export type InputContext = {
  readonly state: AnalysisState;
  /** evaluate() of the state (with its knobs). */
  readonly result: EvaluationResult;
  /** The catalog the scenario evaluates against (built-in merged with its user entries). */
  readonly catalog: Catalog;
};

/** A low/high range with the reason for it. */
export type InputRange = { readonly low: number; readonly high: number; readonly basis: string };

/** Where an input's default value comes from in the catalog (for the `soft` flag). */
export type CatalogOrigin = {
  readonly kind: string;
  readonly id: string;
  readonly field: string;
  readonly number: SourcedNumber;
};

export type AnalysisInput = {
  readonly id: string;
  readonly label: string;
  /** Unit of the values (`USD/kWh` in the scenario currency, `×`, `years`, ...). */
  readonly unit: string;
  /** Scenario field paths (or `knobs.*`) the input sets. */
  readonly paths: readonly string[];
  /** Field bounds (values are clamped into them). */
  readonly min: number;
  readonly max: number;
  readonly integer: boolean;
  /** The value in the scenario as evaluated; null when the input does not apply. */
  readonly base: (ctx: InputContext) => number | null;
  /** The state with the input set to `value` (clamped to the bounds). */
  readonly apply: (state: AnalysisState, value: number, base: number) => AnalysisState;
  /** Default sensitivity range around `base`, with its basis. */
  readonly range: (base: number, ctx: InputContext) => InputRange;
  /** The catalog number behind the default value, when the scenario does not override it. */
  readonly origin?: (ctx: InputContext) => CatalogOrigin | null;
};

/** Immutable set of a dotted path in a plain object tree. */
function setIn<T>(obj: T, path: readonly string[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string, ...string[]];
  const src = (obj ?? {}) as Record<string, unknown>;
  return { ...src, [head]: setIn(src[head], rest, value) } as T;
}

function withField(state: AnalysisState, path: string, value: number): AnalysisState {
  return { ...state, scenario: setIn(state.scenario, path.split('.'), value) };
}

/** Clamp (and round for integer fields) a value to an input's bounds. */
export function clampToInput(input: AnalysisInput, value: number): number {
  const v = Math.min(input.max, Math.max(input.min, value));
  return input.integer ? Math.round(v) : v;
}

function relRange(base: number, rel: number, basis: string): InputRange {
  return { low: base * (1 - rel), high: base * (1 + rel), basis };
}

function training(ctx: InputContext): boolean {
  return ctx.state.scenario.workload.kind === 'training' && ctx.result.training !== null;
}

function costed(ctx: InputContext): boolean {
  return ctx.result.powerCost !== null;
}

const RATE_FIELDS = [
  'gpuFailuresPerGpuYear',
  'hostFailuresPerNodeYear',
  'softwareFailuresPerNodeYear',
  'linkFailuresPerLinkYear',
  'switchFailuresPerSwitchYear',
] as const;

/** The catalog a scenario evaluates against (evaluate() merges its user entries the same way). */
export function catalogOf(scenario: Scenario): Catalog {
  return scenario.userCatalog.entries.length === 0
    ? builtinCatalog()
    : mergeUserCatalog(builtinCatalog(), scenario.userCatalog);
}

export const analysisInputs: readonly AnalysisInput[] = [
  {
    id: 'electricity_price',
    label: 'Electricity price',
    unit: 'per kWh',
    paths: ['facility.priceUsdPerKwh'],
    min: 0,
    max: 5,
    integer: false,
    base: (ctx) => ctx.result.powerCost?.facility.electricityPerKwh ?? null,
    apply: (state, value, base) => {
      const t = state.scenario.facility.peakOffPeak;
      if (t) {
        // A peak/off-peak tariff moves as a whole: both prices by value/base.
        const k = base > 0 ? value / base : 1;
        return {
          ...state,
          scenario: setIn(state.scenario, ['facility', 'peakOffPeak'], {
            ...t,
            peakPriceUsdPerKwh: Math.min(5, t.peakPriceUsdPerKwh * k),
            offPeakPriceUsdPerKwh: Math.min(5, t.offPeakPriceUsdPerKwh * k),
          }),
        };
      }
      return withField(state, 'facility.priceUsdPerKwh', value);
    },
    range: (base) =>
      relRange(
        base,
        0.3,
        '±30 %: planning range; US state industrial averages alone span more than 2× (EIA Electric Power Monthly, Table 5.6.A)',
      ),
    origin: (ctx) => {
      const f = ctx.state.scenario.facility;
      if (f.peakOffPeak || f.priceUsdPerKwh !== undefined) return null;
      const e = findItem(ctx.catalog, 'electricity', f.electricityId);
      return e
        ? { kind: 'electricity', id: e.id, field: 'pricePerKwh', number: e.pricePerKwh }
        : null;
    },
  },
  {
    id: 'utilization',
    label: 'Utilisation',
    unit: 'fraction',
    paths: ['finance.utilization'],
    min: 0.01,
    max: 1,
    integer: false,
    base: (ctx) => (costed(ctx) ? ctx.state.scenario.finance.utilization : null),
    apply: (state, value) => withField(state, 'finance.utilization', value),
    range: (base) => ({
      low: Math.max(0.01, base - 0.2),
      high: Math.min(1, base + 0.15),
      basis:
        '−0.20/+0.15 around the scenario (capped at 1): the share of calendar GPU-hours doing useful jobs varies this much between well-run and idle fleets',
    }),
  },
  {
    id: 'system_price',
    label: 'GPU server price',
    unit: 'per node',
    paths: ['finance.systemPriceUsd'],
    min: 0,
    max: 1e8,
    integer: false,
    base: (ctx) => {
      // The same expression as the power/cost stage, so the base reproduces the result exactly.
      const pc = ctx.result.powerCost;
      if (!pc) return null;
      const fin = ctx.state.scenario.finance;
      if (fin.systemPriceUsd !== undefined) return fin.systemPriceUsd;
      const s = findItem(ctx.catalog, 'system', pc.systemId);
      return s ? s.priceUsd.value * fin.fxPerUsd : null;
    },
    apply: (state, value) => withField(state, 'finance.systemPriceUsd', value),
    range: (base) =>
      relRange(
        base,
        0.2,
        '±20 %: spread of street prices for the same server (catalog notes, e.g. DGX H100 $199k–$270k)',
      ),
    origin: (ctx) => {
      const pc = ctx.result.powerCost;
      if (!pc || ctx.state.scenario.finance.systemPriceUsd !== undefined) return null;
      const s = findItem(ctx.catalog, 'system', pc.systemId);
      return s ? { kind: 'system', id: s.id, field: 'priceUsd', number: s.priceUsd } : null;
    },
  },
  {
    id: 'pue',
    label: 'PUE',
    unit: '',
    paths: ['facility.pue'],
    min: 1,
    max: 3,
    integer: false,
    base: (ctx) => ctx.result.powerCost?.pue ?? null,
    apply: (state, value) => withField(state, 'facility.pue', value),
    range: (base) => ({
      low: Math.max(1, base - 0.15),
      high: Math.min(3, base + 0.25),
      basis:
        '−0.15/+0.25: from efficient liquid-cooled halls to the industry average (Uptime Institute 2023 survey: 1.58)',
    }),
    origin: (ctx) => {
      const f = ctx.state.scenario.facility;
      if (f.pue !== undefined) return null;
      const preset = f.presetId ? findItem(ctx.catalog, 'facilityPreset', f.presetId) : undefined;
      if (preset)
        return { kind: 'facilityPreset', id: preset.id, field: 'pue', number: preset.pue };
      const c = findItem(ctx.catalog, 'cooling', f.coolingType ?? 'air');
      return c ? { kind: 'cooling', id: c.id, field: 'pue', number: c.pue } : null;
    },
  },
  {
    id: 'failure_rate',
    label: 'Failure rates',
    unit: '×',
    paths: RATE_FIELDS.map((f) => `reliability.${f}`),
    min: 0,
    max: 20,
    integer: false,
    base: (ctx) => (training(ctx) ? 1 : null),
    apply: (state, value, base) => {
      const k = base > 0 ? value / base : value;
      let r = state.scenario.reliability;
      for (const f of RATE_FIELDS) r = { ...r, [f]: Math.min(1000, r[f] * k) };
      return { ...state, scenario: { ...state.scenario, reliability: r } };
    },
    range: () => ({
      low: 0.5,
      high: 2,
      basis:
        '×0.5 to ×2 on every component rate: the defaults come from one fleet (Llama 3 405B, Meta 2024); other large fleets report rates within about a factor of two (Kokolis et al., HPCA 2025)',
    }),
  },
  {
    id: 'compute_efficiency',
    label: 'Achieved compute efficiency',
    unit: '×',
    paths: ['knobs.computeEfficiency'],
    min: 0.05,
    max: 20,
    integer: false,
    base: (ctx) => (training(ctx) ? ctx.state.knobs.computeEfficiency : null),
    apply: (state, value) => ({ ...state, knobs: { ...state.knobs, computeEfficiency: value } }),
    range: (base) =>
      relRange(
        base,
        0.15,
        '±15 % on forward, backward, recompute and bubble time: achievable matmul efficiency moves this much with shapes, kernels and software versions (ml-engineering MAMF tables; MLPerf GPT-3 on the same H100s ran 15–29 % faster between rounds)',
      ),
  },
  {
    id: 'engine_accuracy',
    label: 'Engine accuracy (step time)',
    unit: '×',
    paths: ['knobs.stepTimeFactor'],
    min: 0.05,
    max: 20,
    integer: false,
    base: (ctx) => (training(ctx) ? ctx.state.knobs.stepTimeFactor : null),
    apply: (state, value) => ({ ...state, knobs: { ...state.knobs, stepTimeFactor: value } }),
    range: (base) => ({
      low: base * ENGINE_ACCURACY.stepTimeFactorP10,
      high: base * ENGINE_ACCURACY.stepTimeFactorP90,
      basis: `P10–P90 of observed ÷ predicted step time over the ${ENGINE_ACCURACY.cases} bundled training validation cases (${ENGINE_ACCURACY.set})`,
    }),
  },
  {
    id: 'discount_rate',
    label: 'Discount rate',
    unit: 'per year',
    paths: ['finance.discountRate'],
    min: 0,
    max: 0.5,
    integer: false,
    base: (ctx) => (costed(ctx) ? ctx.state.scenario.finance.discountRate : null),
    apply: (state, value) => withField(state, 'finance.discountRate', value),
    range: (base) => ({
      low: Math.max(0, base - 0.03),
      high: Math.min(0.5, base + 0.04),
      basis: '−3/+4 points: the spread of corporate WACC / hurdle rates for data-centre investment',
    }),
  },
  {
    id: 'economic_life',
    label: 'Depreciation life (economic)',
    unit: 'years',
    paths: ['finance.economicLifeYears'],
    min: 1,
    max: 15,
    integer: false,
    base: (ctx) => (costed(ctx) ? ctx.state.scenario.finance.economicLifeYears : null),
    apply: (state, value) => withField(state, 'finance.economicLifeYears', value),
    range: (base) => ({
      low: Math.max(1, base - 1),
      high: Math.min(15, base + 2),
      basis: '−1/+2 years: 2–3 years argued for frontier GPUs, 5–6 years used by hyperscalers',
    }),
  },
  {
    id: 'horizon',
    label: 'Horizon (amortisation period)',
    unit: 'years',
    paths: ['finance.horizonYears'],
    min: 1,
    max: 20,
    integer: true,
    base: (ctx) => (costed(ctx) ? ctx.state.scenario.finance.horizonYears : null),
    apply: (state, value) => withField(state, 'finance.horizonYears', value),
    range: (base) => ({
      low: Math.max(1, base - 2),
      high: Math.min(20, base + 1),
      basis: '−2/+1 years: how long the cluster is used before it is replaced',
    }),
  },
  {
    id: 'colocation_price',
    label: 'Colocation price',
    unit: 'per kW-month',
    paths: ['facility.colocationUsdPerKwMonth'],
    min: 0,
    max: 5000,
    integer: false,
    base: (ctx) => {
      const pc = ctx.result.powerCost;
      const f = ctx.state.scenario.facility;
      if (!pc || f.siting !== 'colocation') return null;
      if (f.colocationUsdPerKwMonth !== undefined) return f.colocationUsdPerKwMonth;
      const c = findItem(ctx.catalog, 'colocation', f.colocationId);
      return c ? c.usdPerKwMonth.value * ctx.state.scenario.finance.fxPerUsd : null;
    },
    apply: (state, value) => withField(state, 'facility.colocationUsdPerKwMonth', value),
    range: (base) =>
      relRange(base, 0.25, '±25 %: spread between primary markets (CBRE North America H2 2024)'),
    origin: (ctx) => {
      const f = ctx.state.scenario.facility;
      if (f.siting !== 'colocation' || f.colocationUsdPerKwMonth !== undefined) return null;
      const c = findItem(ctx.catalog, 'colocation', f.colocationId);
      return c
        ? { kind: 'colocation', id: c.id, field: 'usdPerKwMonth', number: c.usdPerKwMonth }
        : null;
    },
  },
  {
    id: 'maintenance',
    label: 'Hardware maintenance',
    unit: 'of capex per year',
    paths: ['finance.maintenanceFractionPerYear'],
    min: 0,
    max: 0.5,
    integer: false,
    base: (ctx) => (costed(ctx) ? ctx.state.scenario.finance.maintenanceFractionPerYear : null),
    apply: (state, value) => withField(state, 'finance.maintenanceFractionPerYear', value),
    range: (base) => ({
      low: Math.max(0, base - 0.04),
      high: Math.min(0.5, base + 0.05),
      basis: '−4/+5 points: support contracts quoted at roughly 6–15 % of hardware per year',
    }),
  },
  {
    id: 'restart_time',
    label: 'Restart time after a failure',
    unit: 'min',
    paths: ['reliability.rescheduleMin'],
    min: 0,
    max: 10080,
    integer: false,
    base: (ctx) => (training(ctx) ? ctx.state.scenario.reliability.rescheduleMin : null),
    apply: (state, value) => withField(state, 'reliability.rescheduleMin', value),
    range: (base) => ({
      low: base / 2,
      high: base * 3,
      basis: '×0.5 to ×3: warm spares restart in minutes, a cold reschedule takes much longer',
    }),
  },
  {
    id: 'cloud_price',
    label: 'Cloud price',
    unit: 'per GPU-hour',
    paths: ['finance.cloudUsdPerGpuHour'],
    min: 0,
    max: 1000,
    integer: false,
    base: (ctx) => {
      if (!ctx.result.powerCost) return null;
      const fin = ctx.state.scenario.finance;
      if (fin.cloudUsdPerGpuHour !== undefined) return fin.cloudUsdPerGpuHour;
      const id =
        fin.cloudPriceId ??
        defaultCloudPriceByAccelerator[ctx.state.scenario.cluster.compute.acceleratorId];
      const c = id === undefined ? undefined : findItem(ctx.catalog, 'cloudPrice', id);
      return c ? c.usdPerGpuHour.value * fin.fxPerUsd : null;
    },
    apply: (state, value) => withField(state, 'finance.cloudUsdPerGpuHour', value),
    range: (base) =>
      relRange(base, 0.3, '±30 %: on-demand vs committed-use and provider-to-provider spread'),
    origin: (ctx) => {
      const fin = ctx.state.scenario.finance;
      if (fin.cloudUsdPerGpuHour !== undefined) return null;
      const id =
        fin.cloudPriceId ??
        defaultCloudPriceByAccelerator[ctx.state.scenario.cluster.compute.acceleratorId];
      const c = id === undefined ? undefined : findItem(ctx.catalog, 'cloudPrice', id);
      return c
        ? { kind: 'cloudPrice', id: c.id, field: 'usdPerGpuHour', number: c.usdPerGpuHour }
        : null;
    },
  },
];

/** The input with this id; throws listing the known ids. */
export function getAnalysisInput(id: string): AnalysisInput {
  const i = analysisInputs.find((x) => x.id === id);
  if (!i)
    throw new Error(
      `unknown analysis input "${id}" (known: ${analysisInputs.map((x) => x.id).join(', ')})`,
    );
  return i;
}

/** Set an input to a value (clamped to its bounds); `base` is its value in `state`. */
export function applyInput(
  input: AnalysisInput,
  state: AnalysisState,
  value: number,
  base: number,
): AnalysisState {
  return input.apply(state, clampToInput(input, value), base);
}
