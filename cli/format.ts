/**
 * Pure formatting for the CLI: turning engine results and validation reports into the text
 * and JSON the commands print. No I/O here, so tests call these directly.
 */
import type { EvaluationResult } from '../model/evaluate';
import { metricRegistry } from '../model/metrics';
import { layoutText } from '../model/training';
import type { ValidationReport } from '../model/validation';

/** A number for people: 4 significant digits, no exponent for ordinary magnitudes. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return v > 0 ? '∞' : v < 0 ? '-∞' : 'n/a';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e9 || a < 1e-3) return v.toExponential(3);
  if (a >= 1000) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return Number(v.toPrecision(4)).toString();
}

/** JSON cannot hold Infinity or NaN: such values become null. */
function finiteOrNull(v: number | null): number | null {
  return v !== null && Number.isFinite(v) ? v : null;
}

/** `{"scenario", "metrics"}` per evaluated scenario: the `evaluate --json` shape. */
export type EvaluateJson = {
  readonly scenario: string;
  readonly metrics: Readonly<Record<string, { readonly value: number; readonly unit: string }>>;
};

export function evaluateToJson(r: EvaluationResult): EvaluateJson {
  const metrics: Record<string, { value: number; unit: string }> = {};
  for (const [id, m] of Object.entries(r.metrics)) metrics[id] = { value: m.value, unit: m.unit };
  return { scenario: r.scenario, metrics };
}

/** One object for a single scenario, an array for several. */
export function formatEvaluateJson(results: readonly EvaluationResult[]): string {
  const out = results.map(evaluateToJson);
  return JSON.stringify(out.length === 1 ? out[0] : out, null, 2);
}

/**
 * The finance schedule of a costed build: book and economic life side by side, then one row per
 * year (capex, opex, net cash flow, present value, book and economic depreciation and value,
 * owning minus renting), money in the build's currency. Empty when the build was not costed.
 */
export function financeLines(r: EvaluationResult): string[] {
  const pc = r.powerCost;
  const b = r.build;
  if (!pc || !b) return [];
  const f = b.finance;
  const s = pc.cost.schedule;
  const pct = (v: number) => `${Number((v * 100).toPrecision(3))} %`;
  const lines = [
    `  Finance (${r.currency}): book life ${formatNumber(f.bookLifeYears)} years (straight-line, the accounts) · economic life ${formatNumber(f.economicLifeYears)} years (the useful life) · horizon ${formatNumber(f.horizonYears)} years · discount ${pct(f.discountRate)}/yr, ${f.npvConvention}`,
  ];
  const head = [
    'year',
    'capex',
    'opex',
    'cash flow',
    'present value',
    'book dep.',
    'book value',
    'econ. dep.',
    'econ. value',
    'own − rent',
  ];
  const rows = s.years.map((y) => [
    String(y.year),
    formatNumber(y.capexItUsd + y.capexFacilityUsd),
    formatNumber(y.opex.totalUsd),
    formatNumber(y.cashFlowUsd),
    formatNumber(y.presentValueUsd),
    formatNumber(y.bookDepreciationUsd),
    formatNumber(y.bookValueUsd),
    formatNumber(y.economicDepreciationUsd),
    formatNumber(y.economicValueUsd),
    formatNumber(y.ownVsCloudUsd),
  ]);
  const widths = head.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `    ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
  lines.push(line(head), ...rows.map(line));
  lines.push(
    `    NPV ${formatNumber(pc.cost.npvUsd)} · book value at the horizon ${formatNumber(s.bookValueAtHorizonUsd)}, economic value ${formatNumber(s.economicValueAtHorizonUsd)} · cost per effective GPU-hour ${formatNumber(s.costPerEffectiveGpuHourUsd)}`,
  );
  if (s.ownVsCloudNpvUsd !== null)
    lines.push(
      `    Owning vs renting: NPV ${formatNumber(s.ownVsCloudNpvUsd)}, IRR ${s.ownVsCloudIrr === null ? 'none' : pct(s.ownVsCloudIrr)}, payback ${s.paybackMonths === null ? 'never' : `${formatNumber(s.paybackMonths)} months`}`,
    );
  return lines;
}

/** Every metric with its label, value and unit, grouped; then the layout, bottleneck and warnings. */
export function formatEvaluateText(results: readonly EvaluationResult[]): string {
  const blocks: string[] = [];
  for (const r of results) {
    const lines: string[] = [`Scenario: ${r.scenario} (${r.workloadKind})`];
    const ids = Object.keys(r.metrics);
    const width = Math.max(0, ...ids.map((id) => id.length));
    // Group by the registry's group, groups in order of first appearance.
    const groups = new Map<string, string[]>();
    for (const id of ids) {
      const g = metricRegistry.get(id)?.group ?? 'other';
      groups.set(g, [...(groups.get(g) ?? []), id]);
    }
    for (const [group, members] of groups) {
      lines.push(`  [${group}]`);
      for (const id of members) {
        const m = r.metrics[id];
        if (!m) continue;
        const def = metricRegistry.get(id);
        const label = def ? `  ${def.label}` : '';
        lines.push(
          `    ${id.padEnd(width)}  ${formatNumber(m.value).padStart(12)} ${m.unit.padEnd(10)}${label}`,
        );
      }
    }
    lines.push(...financeLines(r));
    if (r.training) lines.push(`  Layout: ${layoutText(r.training.layout, 0)}`);
    if (r.bottleneck) lines.push(`  Bottleneck: ${r.bottleneck.text}`);
    for (const w of r.warnings) lines.push(`  Warning: ${w}`);
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

/** The `validate --json` shape. */
export type ValidateJson = {
  readonly cases: readonly {
    readonly id: string;
    readonly metric: string;
    readonly predicted: number | null;
    readonly observed: number | null;
    readonly error_pct: number | null;
    readonly within_tolerance: boolean;
    readonly tolerance_pct: number;
    readonly failure?: string;
    readonly notes?: readonly string[];
  }[];
  readonly summary: {
    readonly n: number;
    readonly failed: number;
    readonly median_abs_error_pct: number | null;
    readonly max_abs_error_pct: number | null;
    readonly within_tolerance_pct: number;
  };
};

export function validateToJson(report: ValidationReport): ValidateJson {
  return {
    cases: report.cases.map((c) => ({
      id: c.id,
      metric: c.metric,
      predicted: finiteOrNull(c.predicted),
      observed: finiteOrNull(c.observed),
      error_pct: finiteOrNull(c.errorPct),
      within_tolerance: c.withinTolerance,
      tolerance_pct: c.tolerancePct,
      ...(c.failure !== undefined ? { failure: c.failure } : {}),
      ...(c.notes.length ? { notes: c.notes } : {}),
    })),
    summary: {
      n: report.summary.n,
      failed: report.summary.failed,
      median_abs_error_pct: finiteOrNull(report.summary.medianAbsErrorPct),
      max_abs_error_pct: finiteOrNull(report.summary.maxAbsErrorPct),
      within_tolerance_pct: report.summary.withinTolerancePct,
    },
  };
}

export function formatValidateJson(report: ValidationReport): string {
  return JSON.stringify(validateToJson(report), null, 2);
}

function pct(v: number | null): string {
  if (v === null) return 'n/a';
  if (!Number.isFinite(v)) return '∞';
  return `${v >= 0 ? '+' : ''}${v.toFixed(1)}%`;
}

/** The one-line summary: n, median |error|, max |error|, share within tolerance. */
export function formatValidateSummary(report: ValidationReport): string {
  const s = report.summary;
  const abs = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}%` : '∞');
  const failed = s.failed ? `, failed ${s.failed}` : '';
  return `n=${s.n}  median |error|=${abs(s.medianAbsErrorPct)}  max |error|=${abs(s.maxAbsErrorPct)}  within tolerance=${s.withinTolerancePct.toFixed(1)}%${failed}`;
}

/** Per case: id, metric, predicted, observed, error %, within tolerance; then the summary. */
export function formatValidateText(report: ValidationReport): string {
  const header = ['id', 'metric', 'predicted', 'observed', 'error', 'within tolerance'];
  const rows = report.cases.map((c) => [
    c.id,
    c.metric,
    c.predicted === null ? '-' : formatNumber(c.predicted),
    c.observed === null ? '-' : formatNumber(c.observed),
    pct(c.errorPct),
    c.failure !== undefined
      ? `FAIL: ${c.failure}`
      : `${c.withinTolerance ? 'yes' : 'NO'} (±${c.tolerancePct}%)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line), '', formatValidateSummary(report)].join('\n');
}
