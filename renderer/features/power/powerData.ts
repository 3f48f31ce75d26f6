import { describeProvenance } from '../../../model/build';
import type { BuildAssumption, BuildSection } from '../../../model/build';
import type { PowerCostResult } from '../../../model/evaluate';
import type { GpuActivity, ItPowerLines, NodePowerBreakdown } from '../../../model/power';
import { formatMoney, formatNumber, formatSignificant, formatUnitPrice } from '../../format/format';
import { isMoneyUnit } from '../../components/metricFormat';
import { getIn } from '../scenarios/schemaFields';
import { groupPower, POWER_GROUPS, seriesColor, type ChartData } from '../charts/chartData';

/**
 * Pure data shaping for the Power page: one scenario's evaluation (its `powerCost` and
 * `assumptions`) in, rows with labels and units out. Nothing is computed here that the engine
 * does not already give: these are views of `evaluate(scenario)` (test/renderer/power/).
 */

/** IT power lines (result.powerCost.itPowerKw.*), in the order the engine sums them. */
export const IT_LINES: readonly { readonly key: keyof ItPowerLines; readonly label: string }[] = [
  { key: 'gpus', label: 'GPUs' },
  { key: 'cpus', label: 'CPUs' },
  { key: 'memory', label: 'Memory (DIMMs)' },
  { key: 'nics', label: 'NICs and DPUs' },
  { key: 'nodeOptics', label: 'Node-side optics' },
  { key: 'drives', label: 'Drives' },
  { key: 'platform', label: 'Platform (NVSwitches, BMC, board)' },
  { key: 'fans', label: 'Fans' },
  { key: 'conversionLoss', label: 'Power-supply conversion loss' },
  { key: 'network', label: 'Network switches and their optics' },
  { key: 'storage', label: 'Shared storage' },
];

/** The three operating points of IT power, as the page names them. */
export const IT_POINTS = [
  { key: 'running', label: 'While running' },
  { key: 'average', label: 'Calendar average' },
  { key: 'peak', label: 'Peak' },
] as const;

export type ItPowerRow = {
  readonly key: string;
  readonly label: string;
  /** kW while running, calendar average, peak. */
  readonly running: number;
  readonly average: number;
  readonly peak: number;
};

function sumLines(l: ItPowerLines): number {
  return IT_LINES.reduce((a, x) => a + l[x.key], 0);
}

/** IT power by line at the three operating points (kW), and their totals. */
export function itPowerTable(pc: PowerCostResult): {
  readonly rows: readonly ItPowerRow[];
  readonly total: ItPowerRow;
} {
  const k = pc.itPowerKw;
  return {
    rows: IT_LINES.map((l) => ({
      key: l.key,
      label: l.label,
      running: k.running[l.key],
      average: k.average[l.key],
      peak: k.peak[l.key],
    })),
    total: {
      key: 'total',
      label: 'Total IT power',
      running: sumLines(k.running),
      average: sumLines(k.average),
      peak: sumLines(k.peak),
    },
  };
}

/**
 * IT power at the three operating points as stacked bars (kW): the lines grouped like the
 * Charts page's power chart (POWER_GROUPS, one Okabe–Ito colour each), without the facility
 * overhead (this chart is IT power; the facility's share is PUE, shown beside it).
 */
export function itPowerChart(pc: PowerCostResult): ChartData {
  const groups = POWER_GROUPS.filter((g) => g.key !== 'facilityOverhead');
  const rows = IT_POINTS.map((p): Record<string, number | string> => ({
    id: p.key,
    label: p.label,
    ...groupPower({ ...pc.itPowerKw[p.key] }),
  }));
  const series = groups
    .filter((g) => rows.some((r) => typeof r[g.key] === 'number' && r[g.key] !== 0))
    .map((g, i) => ({ key: g.key, label: g.label, color: seriesColor(i) }));
  return { rows, series, excluded: [] };
}

/** The GPUs' activity shares (result.powerCost.activity), in the engine's order. */
export const ACTIVITY_PARTS: readonly {
  readonly key: keyof GpuActivity;
  readonly label: string;
  readonly note: string;
}[] = [
  { key: 'matrix', label: 'Matrix math', note: 'large tensor-core GEMMs' },
  { key: 'memory', label: 'Memory-bound kernels', note: 'weight streaming, element-wise, norms' },
  { key: 'attention', label: 'Decode attention', note: 'reading the KV cache (serving)' },
  { key: 'launch', label: 'Launch-bound kernels', note: 'small kernels, per-step framework work' },
  {
    key: 'commScaleUp',
    label: 'Collectives in the scale-up domain',
    note: 'NVLink / NVSwitch, waited for',
  },
  {
    key: 'commScaleOut',
    label: 'Collectives across the fabric',
    note: 'scale-out network, waited for',
  },
  { key: 'wait', label: 'Waits', note: 'pipeline bubbles, data stalls, checkpoint writes' },
  { key: 'idle', label: 'Idle', note: 'restarts after failures, nothing scheduled' },
];

/** One activity share of wall time (0…1), with its label. */
export type ActivityRow = {
  readonly key: string;
  readonly label: string;
  readonly note: string;
  readonly share: number;
};

export function activityRows(a: GpuActivity): ActivityRow[] {
  return ACTIVITY_PARTS.map((p) => ({ key: p.key, label: p.label, note: p.note, share: a[p.key] }));
}

/** One node's components (result.powerCost.node.running / .peak), W. */
export const NODE_PARTS: readonly {
  readonly key: Exclude<keyof NodePowerBreakdown, 'totalW'>;
  readonly label: string;
}[] = [
  { key: 'gpusW', label: 'GPUs' },
  { key: 'cpusW', label: 'CPUs' },
  { key: 'memoryW', label: 'Memory (DIMMs)' },
  { key: 'nicsW', label: 'NICs and DPUs' },
  { key: 'opticsW', label: 'Node-side optics' },
  { key: 'drivesW', label: 'Drives' },
  { key: 'platformW', label: 'Platform (NVSwitches, BMC, board)' },
  { key: 'fansW', label: 'Fans' },
  { key: 'conversionLossW', label: 'Power-supply conversion loss' },
];

export type NodeRow = {
  readonly key: string;
  readonly label: string;
  readonly runningW: number;
  readonly peakW: number;
};

/** One node's power by component while running and at peak, then the total (W). */
export function nodeRows(node: PowerCostResult['node']): NodeRow[] {
  return [
    ...NODE_PARTS.map((p) => ({
      key: p.key,
      label: p.label,
      runningW: node.running[p.key],
      peakW: node.peak[p.key],
    })),
    { key: 'totalW', label: 'Node total', runningW: node.running.totalW, peakW: node.peak.totalW },
  ];
}

/** Section titles of the build, in the report's order (model/build BuildSection). */
export const SECTIONS: readonly { readonly key: BuildSection; readonly label: string }[] = [
  { key: 'accelerator', label: 'Accelerator' },
  { key: 'system', label: 'System and node' },
  { key: 'network', label: 'Network' },
  { key: 'storage', label: 'Storage' },
  { key: 'facility', label: 'Facility' },
  { key: 'finance', label: 'Finance' },
];

/**
 * An assumption's value with its unit: money in the scenario currency (a price per kWh keeps
 * its significant digits), other numbers to four significant digits (whole numbers from 1,000),
 * names as they are.
 */
export function formatAssumptionValue(
  value: number | string,
  unit: string,
  currency: string,
  locale?: string,
): string {
  if (typeof value === 'string') return unit === '' || unit === '1' ? value : `${value} ${unit}`;
  if (isMoneyUnit(unit, currency)) {
    const per = unit.replace(/^(¤|[A-Z]{3})/, '');
    const money =
      Math.abs(value) < 1 && value !== 0
        ? formatUnitPrice(value, currency, locale)
        : formatMoney(value, currency, locale);
    return `${money}${per}`;
  }
  const n =
    Math.abs(value) >= 1000 ? formatNumber(value, 0, locale) : formatSignificant(value, 4, locale);
  if (unit === '' || unit === '1') return n;
  if (unit.startsWith(':')) return `${n}${unit}`;
  return `${n} ${unit}`;
}

/** Where a value comes from, as the page tags it. */
export type ProvenanceKind = 'catalog' | 'scenario' | 'default' | 'rule';

/**
 * Where an assumption comes from, in words: the catalog entry with its sources' titles and date;
 * "set in the scenario" when the scenario document states the field; its documented default
 * when the document leaves the field out (the engine's `scenario` provenance covers both: the
 * document tells which); or the rule that derives it.
 * @param doc - the scenario document as written (defaults not filled in)
 * @param sourceTitle - a catalog source id → its title
 */
export function provenanceOf(
  a: BuildAssumption,
  doc: unknown,
  sourceTitle: (id: string) => string,
): { readonly kind: ProvenanceKind; readonly text: string } {
  const p = a.prov;
  switch (p.kind) {
    case 'catalog':
      return { kind: 'catalog', text: describeProvenance(p, sourceTitle) };
    case 'scenario': {
      if (getIn(doc, p.path.split('.')) !== undefined) {
        return { kind: 'scenario', text: describeProvenance(p) };
      }
      if (p.default !== undefined) {
        return {
          kind: 'default',
          text: describeProvenance({ kind: 'default', path: p.path, source: p.default }),
        };
      }
      return { kind: 'default', text: `default: the scenario format's default (${p.path})` };
    }
    case 'default':
      return { kind: 'default', text: describeProvenance(p) };
    case 'derived':
      return { kind: 'rule', text: `rule: ${p.rule}` };
  }
}

/** One row of "What the build is". */
export type AssumptionRow = {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly kind: ProvenanceKind;
  readonly provenance: string;
};

/** The evaluation's assumptions grouped by section (sections without a value are left out). */
export function assumptionGroups(
  assumptions: readonly BuildAssumption[],
  doc: unknown,
  currency: string,
  sourceTitle: (id: string) => string,
): { readonly key: BuildSection; readonly label: string; readonly rows: AssumptionRow[] }[] {
  return SECTIONS.map((s) => ({
    key: s.key,
    label: s.label,
    rows: assumptions
      .filter((a) => a.section === s.key)
      .map((a) => {
        const prov = provenanceOf(a, doc, sourceTitle);
        return {
          key: a.key,
          label: a.label,
          value: formatAssumptionValue(a.value, a.unit, currency),
          kind: prov.kind,
          provenance: prov.text,
        };
      }),
  })).filter((g) => g.rows.length > 0);
}
