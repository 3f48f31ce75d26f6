import type { EvaluationResult } from '../../../model/evaluate';
import { metricRegistry } from '../../../model/metrics';
import type { MetricDefinition, MetricGroup } from '../../../model/metrics';

/**
 * The comparison as data (pure, tested without a DOM): metric rows grouped and ordered, each
 * cell's value and its delta against the baseline, and the line-by-line explanation of the gap
 * between two builds.
 */

export type Direction = 'better' | 'worse' | 'same' | 'neutral';

export type Delta = {
  /** Column value − baseline value, in the metric's unit. */
  readonly abs: number;
  /** `abs` as a fraction of |baseline|; null when the baseline is 0. */
  readonly pct: number | null;
  readonly direction: Direction;
};

export type Cell = { readonly value: number | null; readonly delta: Delta | null };

export type CompareRow = {
  readonly metric: MetricDefinition;
  readonly unit: string;
  readonly cells: readonly Cell[];
};

export type CompareGroup = { readonly group: MetricGroup; readonly rows: readonly CompareRow[] };

export type CompareColumn = {
  readonly id: string;
  readonly name: string;
  readonly result: EvaluationResult | null;
};

/** Relative change below which two values count as the same (float noise). */
const SAME = 1e-9;

/**
 * The delta of `value` against `base` and whether it is better, by the metric's direction.
 * @param better - the metric's `better` ('higher' | 'lower' | 'none')
 */
export function deltaOf(value: number, base: number, better: MetricDefinition['better']): Delta {
  const abs = value - base;
  const pct = base === 0 ? null : abs / Math.abs(base);
  const scale = Math.max(Math.abs(value), Math.abs(base));
  if (Math.abs(abs) <= SAME * scale)
    return { abs: 0, pct: base === 0 ? null : 0, direction: 'same' };
  if (better === 'none') return { abs, pct, direction: 'neutral' };
  const up = abs > 0;
  return { abs, pct, direction: up === (better === 'higher') ? 'better' : 'worse' };
}

/** Group display order (the registry's groups in order of first appearance). */
export function groupOrder(): MetricGroup[] {
  const out: MetricGroup[] = [];
  for (const m of metricRegistry.values()) if (!out.includes(m.group)) out.push(m.group);
  return out;
}

/**
 * True when a row reads the same in every column: each value equal to the first one (within
 * float noise, as deltas count "same"), or missing in every column alike.
 */
export function rowUnchanged(cells: readonly Cell[]): boolean {
  const first = cells[0]?.value ?? null;
  return cells.every((c) =>
    c.value === null || first === null
      ? c.value === first
      : deltaOf(c.value, first, 'none').direction === 'same',
  );
}

/**
 * Rows of the comparison: every registered metric at least one column has, grouped by metric
 * group, ordered by `order` (ids first in that order, the rest in registry order), without
 * the `hidden` ones, and with `hideUnchanged` (two columns or more) without the rows that read
 * the same in every column. Deltas are against the column whose id is `baselineId`.
 */
export function buildGroups(
  columns: readonly CompareColumn[],
  baselineId: string | null,
  view: {
    readonly order: readonly string[];
    readonly hidden: ReadonlySet<string>;
    readonly hideUnchanged?: boolean;
  },
): CompareGroup[] {
  const dropSame = view.hideUnchanged === true && columns.length >= 2;
  const base = columns.find((c) => c.id === baselineId)?.result ?? null;
  const present = [...metricRegistry.values()].filter((m) =>
    columns.some((c) => c.result?.metrics[m.id] !== undefined),
  );
  const ordered = orderIds(
    present.map((m) => m.id),
    view.order,
  );
  const groups: CompareGroup[] = [];
  for (const group of groupOrder()) {
    const rows: CompareRow[] = [];
    for (const id of ordered) {
      const metric = metricRegistry.get(id);
      if (!metric || metric.group !== group || view.hidden.has(id)) continue;
      const baseValue = base?.metrics[id]?.value;
      const cells = columns.map((c): Cell => {
        const v = c.result?.metrics[id]?.value;
        if (v === undefined) return { value: null, delta: null };
        if (c.id === baselineId || baseValue === undefined) return { value: v, delta: null };
        return { value: v, delta: deltaOf(v, baseValue, metric.better) };
      });
      if (dropSame && rowUnchanged(cells)) continue;
      rows.push({ metric, unit: metric.unit, cells });
    }
    if (rows.length) groups.push({ group, rows });
  }
  return groups;
}

/** `ids` reordered: those in `order` first (in that order), then the rest as given. */
export function orderIds(ids: readonly string[], order: readonly string[]): string[] {
  const set = new Set(ids);
  const first = order.filter((id) => set.has(id));
  const seen = new Set(first);
  return [...first, ...ids.filter((id) => !seen.has(id))];
}

/**
 * Move a row one place up (-1) or down (+1) among the visible rows of its group; returns the
 * new full order of ids. `visible` is the group's current row order.
 */
export function moveRow(
  allIds: readonly string[],
  visible: readonly string[],
  id: string,
  step: -1 | 1,
): string[] {
  const i = visible.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= visible.length) return [...allIds];
  const other = visible[j] as string;
  return allIds.map((x) => (x === id ? other : x === other ? id : x));
}

/** One line of a difference explanation: B − A in the line's unit. */
export type DiffLine = {
  readonly label: string;
  readonly unit: string;
  readonly a: number;
  readonly b: number;
  readonly diff: number;
};

export type DifferenceExplained = {
  /** Capex lines (one-time) and opex lines (per year), money in the scenario currency. */
  readonly capex: readonly DiffLine[];
  readonly opexPerYear: readonly DiffLine[];
  /** Step-time parts (s); they sum to the step time. */
  readonly stepTime: readonly DiffLine[];
  /** Average IT power by component (kW). */
  readonly power: readonly DiffLine[];
};

const CAPEX_LABELS: Readonly<Record<string, string>> = {
  systemsUsd: 'Systems (servers)',
  fabricUsd: 'Networks (switches, optics, cables)',
  storageUsd: 'Storage',
  rackInfraUsd: 'Racks, PDUs, containment',
  facilityUsd: 'Facility (construction or fit-out)',
  installationUsd: 'Installation',
};

const OPEX_LABELS: Readonly<Record<string, string>> = {
  energyUsd: 'Electricity',
  colocationUsd: 'Colocation',
  facilityUsd: 'Facility running cost',
  maintenanceUsd: 'Hardware maintenance',
  staffUsd: 'Staff',
  softwareUsd: 'Software',
};

const POWER_LABELS: Readonly<Record<string, string>> = {
  gpus: 'GPUs',
  cpus: 'CPUs',
  memory: 'Memory',
  nics: 'NICs',
  nodeOptics: 'Node optics',
  drives: 'Drives',
  platform: 'Platform (switches, BMC, board)',
  fans: 'Fans',
  conversionLoss: 'Power conversion loss',
  network: 'Network switches',
  storage: 'Storage system',
};

function lines(
  a: Readonly<Record<string, number>> | undefined,
  b: Readonly<Record<string, number>> | undefined,
  labels: Readonly<Record<string, string>> | null,
  unit: string,
): DiffLine[] {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  const out: DiffLine[] = [];
  for (const k of keys) {
    if (k === 'totalUsd') continue;
    if (labels && !(k in labels)) continue;
    const av = a?.[k] ?? 0;
    const bv = b?.[k] ?? 0;
    if (typeof av !== 'number' || typeof bv !== 'number') continue;
    out.push({ label: labels?.[k] ?? k, unit, a: av, b: bv, diff: bv - av });
  }
  return sortLines(out);
}

/** Largest gap first (by absolute difference); equal gaps keep their order. */
export function sortLines(list: readonly DiffLine[]): DiffLine[] {
  return [...list].sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff));
}

/**
 * Which cost lines, step-time parts and power components make the gap between build A and B,
 * line by line, largest first.
 */
export function explainDifference(a: EvaluationResult, b: EvaluationResult): DifferenceExplained {
  const ca = a.powerCost?.cost;
  const cb = b.powerCost?.cost;
  const steps = new Map<string, { label: string; unit: string; a: number; b: number }>();
  for (const p of a.breakdown.stepTime ?? []) {
    steps.set(p.metricId, { label: p.label, unit: p.unit, a: p.value, b: 0 });
  }
  for (const p of b.breakdown.stepTime ?? []) {
    const e = steps.get(p.metricId);
    if (e) e.b = p.value;
    else steps.set(p.metricId, { label: p.label, unit: p.unit, a: 0, b: p.value });
  }
  return {
    capex: lines(
      ca?.capex as Record<string, number> | undefined,
      cb?.capex as Record<string, number> | undefined,
      CAPEX_LABELS,
      a.currency,
    ),
    opexPerYear: lines(
      ca?.opexPerYear as Record<string, number> | undefined,
      cb?.opexPerYear as Record<string, number> | undefined,
      OPEX_LABELS,
      `${a.currency}/yr`,
    ),
    stepTime: sortLines([...steps.values()].map((s) => ({ ...s, diff: s.b - s.a }))),
    power: lines(
      a.powerCost?.itPowerKw.average,
      b.powerCost?.itPowerKw.average,
      POWER_LABELS,
      'kW',
    ),
  };
}
