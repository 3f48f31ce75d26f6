import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../../model/catalog';
import type { BuildAssumption } from '../../../model/build';
import { evaluate } from '../../../model/evaluate';
import { parseScenario } from '../../../model/scenario';
import { DEFAULT_SOURCES } from '../../../model/scenario/defaultSources';
import {
  activityRows,
  assumptionGroups,
  formatAssumptionValue,
  itPowerChart,
  itPowerTable,
  nodeRows,
  provenanceOf,
} from '../../../renderer/features/power/powerData';
import { getTemplate } from '../../../renderer/workspace/templates';

const doc = getTemplate('pretrain-ib').doc;
const parsed = parseScenario(doc);
if (!parsed.ok) throw new Error('the template is valid');
const result = evaluate(parsed.scenario);
const pc = result.powerCost;
if (pc === null) throw new Error('the template has a build');
const catalog = builtinCatalog();
const title = (id: string) => catalog.sources.get(id)?.title ?? `?${id}`;

function assumption(key: string): BuildAssumption {
  const a = result.assumptions.find((x) => x.key === key);
  if (!a) throw new Error(`no assumption ${key}`);
  return a;
}

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9 * Math.max(1, b));

describe('power page data', () => {
  it('IT power lines add up to the engine’s totals at all three operating points', () => {
    const t = itPowerTable(pc);
    close(t.total.running, result.metrics['it_power_running_kw']!.value);
    close(t.total.average, result.metrics['it_power_kw']!.value);
    close(t.total.peak, result.metrics['it_power_peak_kw']!.value);
    expect(t.rows.map((r) => r.key)).toContain('network');
    // Ordered: peak ≥ running ≥ average for the GPUs of a build that is not always busy.
    const gpus = t.rows.find((r) => r.key === 'gpus')!;
    expect(gpus.peak).toBeGreaterThanOrEqual(gpus.running);
    expect(gpus.running).toBeGreaterThan(gpus.average);
  });

  it('the chart stacks the same totals, without the facility overhead', () => {
    const chart = itPowerChart(pc);
    const t = itPowerTable(pc);
    expect(chart.rows.map((r) => r['label'])).toEqual([
      'While running',
      'Calendar average',
      'Peak',
    ]);
    expect(chart.series.map((s) => s.key)).not.toContain('facilityOverhead');
    const sum = (i: number) =>
      chart.series.reduce((a, s) => a + (chart.rows[i]![s.key] as number), 0);
    close(sum(0), t.total.running);
    close(sum(1), t.total.average);
    close(sum(2), t.total.peak);
  });

  it('activity shares cover the wall time; the node total is the node power metric', () => {
    const shares = activityRows(pc.activity);
    expect(shares).toHaveLength(8);
    close(
      shares.reduce((a, r) => a + r.share, 0),
      1,
    );
    const rows = nodeRows(pc.node);
    close(rows.at(-1)!.runningW, result.metrics['node_power_w']!.value);
    close(
      rows.slice(0, -1).reduce((a, r) => a + r.peakW, 0),
      pc.node.peak.totalW,
    );
  });

  it('says where each value comes from: catalog source titles, the scenario, defaults, rules', () => {
    // Set in the template: the scale-out bandwidth.
    const set = provenanceOf(assumption('network.gbpsPerGpu'), doc, title);
    expect(set).toEqual({
      kind: 'scenario',
      text: 'set in the scenario (cluster.network.scaleOut.gbpsPerGpu)',
    });
    // A scenario field the template leaves out is its documented default, not "set".
    const util = provenanceOf(assumption('finance.utilization'), doc, title);
    expect(util.kind).toBe('default');
    expect(util.text).toContain(DEFAULT_SOURCES['finance.utilization']!.source);
    // The same field set in the document is the scenario's.
    const withUtil = { ...doc, finance: { utilization: 0.8 } };
    expect(provenanceOf(assumption('finance.utilization'), withUtil, title).kind).toBe('scenario');
    // Catalog values name their sources by title, with the date.
    const tdp = assumption('gpu.tdpW');
    if (tdp.prov.kind !== 'catalog') throw new Error('TDP comes from the catalog');
    const cat = provenanceOf(tdp, doc, title);
    expect(cat.kind).toBe('catalog');
    expect(cat.text).toContain(title(tdp.prov.sources[0]!));
    expect(cat.text).not.toContain('?');
    expect(cat.text).toContain(tdp.prov.date);
    // Derived values state their rule.
    const nodes = provenanceOf(assumption('nodes'), doc, title);
    expect(nodes.kind).toBe('rule');
    expect(nodes.text).toMatch(/^rule: /);
  });

  it('groups every assumption by section, in the report’s order', () => {
    const groups = assumptionGroups(result.assumptions, doc, result.currency, title);
    expect(groups.map((g) => g.key)).toEqual([
      'accelerator',
      'system',
      'network',
      'storage',
      'facility',
      'finance',
    ]);
    expect(groups.reduce((a, g) => a + g.rows.length, 0)).toBe(result.assumptions.length);
  });

  it('formats values with their unit; money in the scenario currency', () => {
    expect(formatAssumptionValue(0.0806, 'EUR/kWh', 'EUR', 'en-US')).toBe('€0.0806/kWh');
    expect(formatAssumptionValue(234500, 'EUR', 'EUR', 'en-US')).toBe('€234,500');
    expect(formatAssumptionValue(20000, 'USD/rack', 'USD', 'en-US')).toBe('$20,000/rack');
    // A three-letter unit that is not the currency is not money.
    expect(formatAssumptionValue(2, 'FTE', 'USD', 'en-US')).toBe('2 FTE');
    expect(formatAssumptionValue(714.0000000000001, 'W', 'USD', 'en-US')).toBe('714 W');
    expect(formatAssumptionValue(1, ':1', 'USD', 'en-US')).toBe('1:1');
    expect(formatAssumptionValue(0.08, '1', 'USD', 'en-US')).toBe('0.08');
    expect(formatAssumptionValue('h100-sxm', '', 'USD', 'en-US')).toBe('h100-sxm');
  });
});
