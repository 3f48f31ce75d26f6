import { describe, expect, it } from 'vitest';
import {
  ACCELERATORS,
  builtinCatalog,
  builtinCatalogData,
  defaultCloudPriceByAccelerator,
  findItem,
  getItem,
  listItems,
  loadCatalog,
  switchSchema,
  systemSchema,
} from '../../../model/catalog/index';
import type { CatalogSystem } from '../../../model/catalog/index';
import { nodePeakPowerW } from '../../../model/power/node';
import { buildOf } from '../build/helpers';

/** Accelerators whose scale-out ports sit on the chip (Gaudi: RoCE), not on host NICs. */
function onChipScaleOut(sys: CatalogSystem): boolean {
  return ACCELERATORS.find((a) => a.id === sys.acceleratorId)?.scaleUpFabric === 'roce';
}

describe('catalog systems', () => {
  it('the catalog validates (every item parses, every cited source is indexed)', () => {
    expect(() => loadCatalog()).not.toThrow();
  });

  it('every accelerator has at least one system that holds it', () => {
    const systems = listItems(builtinCatalog(), 'system');
    const missing = ACCELERATORS.filter((a) => !systems.some((s) => s.acceleratorId === a.id));
    expect(missing.map((a) => a.id)).toEqual([]);
  });

  it('every system parses under the system schema and names a catalogued accelerator', () => {
    const ids = new Set(ACCELERATORS.map((a) => a.id));
    for (const raw of builtinCatalogData.system) {
      const parsed = systemSchema.safeParse(raw);
      expect(parsed.success, `${raw.id}: ${parsed.error?.message ?? ''}`).toBe(true);
      expect(ids.has(raw.acceleratorId), `${raw.id} holds ${raw.acceleratorId}`).toBe(true);
    }
  });

  it('every CPU, NIC, transceiver and drive a system names exists', () => {
    const c = builtinCatalog();
    for (const sys of listItems(c, 'system')) {
      expect(findItem(c, 'cpu', sys.cpus.id), `${sys.id} cpu ${sys.cpus.id}`).toBeDefined();
      for (const n of sys.nics)
        expect(findItem(c, 'nic', n.id), `${sys.id} nic ${n.id}`).toBeDefined();
      for (const t of sys.nodeTransceivers)
        expect(findItem(c, 'transceiver', t.id), `${sys.id} ${t.id}`).toBeDefined();
      for (const d of sys.drives)
        expect(findItem(c, 'drive', d.id), `${sys.id} drive ${d.id}`).toBeDefined();
    }
  });

  it("a system's stock scale-out NICs run at its scale-out rate, one port each", () => {
    const c = builtinCatalog();
    for (const sys of listItems(c, 'system')) {
      if (onChipScaleOut(sys)) continue;
      const first = sys.nics[0];
      expect(first, `${sys.id} has no scale-out NIC`).toBeDefined();
      if (!first) continue;
      const nic = getItem(c, 'nic', first.id);
      expect(nic.gbps.value, `${sys.id} ${nic.id}`).toBe(sys.scaleOutGbps);
      expect(first.count * nic.ports, `${sys.id} scale-out ports`).toBe(sys.scaleOutPorts);
    }
  });

  it('on-chip scale-out (Gaudi) is modelled by its first node module: one per port, at the port rate', () => {
    const c = builtinCatalog();
    const gaudi = listItems(c, 'system').filter(onChipScaleOut);
    expect(gaudi.map((s) => s.acceleratorId).sort()).toEqual(['gaudi2', 'gaudi3']);
    for (const sys of gaudi) {
      const first = sys.nodeTransceivers[0];
      expect(first, sys.id).toBeDefined();
      if (!first) continue;
      const module = getItem(c, 'transceiver', first.id);
      expect(module.gbps.value, `${sys.id} ${module.id}`).toBe(sys.scaleOutGbps);
      expect(first.count * module.portsPerModule).toBe(sys.scaleOutPorts);
      expect(sys.notes ?? '').toMatch(/on chip/);
    }
  });

  it('a catalogued nameplate and the bottom-up peak of the parts agree within -20 % / +15 %', () => {
    const c = builtinCatalog();
    for (const sys of listItems(c, 'system')) {
      const cooling = sys.cooling === 'liquid' ? 'direct-liquid' : 'air';
      const build = buildOf(sys.acceleratorId, sys.gpusPerNode, {
        gpusPerNode: sys.gpusPerNode,
        compute: { systemId: sys.id },
        facility: { coolingType: cooling },
      });
      const peak = nodePeakPowerW(build).totalW;
      const ratio = peak / sys.ratedPowerW.value;
      expect(ratio, `${sys.id} peak ${Math.round(peak)} W`).toBeGreaterThan(0.8);
      expect(ratio, `${sys.id} peak ${Math.round(peak)} W`).toBeLessThan(1.15);
    }
  });

  it('liquid-cooled variants exist for B200 and MI355X, and every rack-scale system is liquid', () => {
    const systems = listItems(builtinCatalog(), 'system');
    const liquid = (acc: string) =>
      systems.some((s) => s.acceleratorId === acc && s.cooling === 'liquid');
    expect(liquid('b200')).toBe(true);
    expect(liquid('mi355x')).toBe(true);
    for (const s of systems.filter((x) => x.form === 'rack')) {
      expect(s.cooling, s.id).toBe('liquid');
      expect(s.fabricHostsPerNode, s.id).toBe(18);
    }
  });

  it('the optional idle and fan fields parse when given and are rejected when malformed', () => {
    const base = getItem(builtinCatalog(), 'system', 'dgx-h100');
    const n = { value: 1, unit: 'W', sources: ['user'], date: '2026', basis: 'user', soft: false };
    expect(systemSchema.safeParse({ ...base, idleW: n, fanMaxW: n }).success).toBe(true);
    expect(systemSchema.safeParse({ ...base, idleW: { value: 'x' } }).success).toBe(false);
    for (const sys of listItems(builtinCatalog(), 'system')) {
      if (sys.idleW) expect(sys.idleW.value).toBeLessThan(sys.ratedPowerW.value);
      if (sys.fanMaxW) expect(sys.cooling).toBe('air');
    }
  });
});

describe('network parts for every system speed', () => {
  it('a node-side transceiver exists for each scale-out rate and for 100/200/400/800/1600G', () => {
    const c = builtinCatalog();
    const rates = new Set(listItems(c, 'transceiver').map((t) => t.gbps.value));
    for (const g of [100, 200, 400, 800, 1600]) expect(rates.has(g), `${g}G module`).toBe(true);
    for (const sys of listItems(c, 'system'))
      expect(rates.has(sys.scaleOutGbps), `${sys.id} ${sys.scaleOutGbps}G`).toBe(true);
  });

  it('compute switches exist at 100, 200, 400 and 800 Gb/s on Ethernet, 200/400/800 on InfiniBand', () => {
    const sw = listItems(builtinCatalog(), 'switch').filter((s) => s.role === 'compute');
    const has = (fabric: string, g: number) =>
      sw.some((s) => s.fabric === fabric && s.portGbps.value === g);
    for (const g of [100, 200, 400, 800]) expect(has('ethernet', g), `ethernet ${g}G`).toBe(true);
    for (const g of [200, 400, 800]) expect(has('infiniband', g), `infiniband ${g}G`).toBe(true);
  });

  it('a breakout mode has maxBreakout times the ports of the physical mode', () => {
    const c = builtinCatalog();
    const pairs: [string, string][] = [
      ['qm9700', 'quantum2-ndr200'],
      ['sn5600', 'sn5600-200g'],
      ['sn5600-400g', 'sn5600-200g'],
    ];
    for (const [phys, split] of pairs) {
      const p = getItem(c, 'switch', phys);
      const s = getItem(c, 'switch', split);
      expect(p.maxBreakout, phys).toBeDefined();
      expect(p.radix.value * (p.maxBreakout?.value ?? 0), `${phys} -> ${split}`).toBe(
        s.radix.value,
      );
      expect(p.portGbps.value / (p.maxBreakout?.value ?? 1)).toBe(s.portGbps.value);
    }
  });

  it('maxBreakout must be a whole number of ports', () => {
    const q = getItem(builtinCatalog(), 'switch', 'qm9700');
    const bad = { ...q, maxBreakout: { ...q.maxBreakout, value: 1.5 } };
    expect(switchSchema.safeParse(bad).success).toBe(false);
    expect(switchSchema.safeParse({ ...q, maxBreakout: undefined }).success).toBe(true);
  });
});

describe('cloud prices', () => {
  it('every default cloud reference exists and is for its accelerator', () => {
    const c = builtinCatalog();
    for (const [acc, id] of Object.entries(defaultCloudPriceByAccelerator)) {
      const p = getItem(c, 'cloudPrice', id);
      expect(p.acceleratorId, id).toBe(acc);
      expect(p.usdPerGpuHour.value).toBeGreaterThan(0);
    }
  });

  it('every accelerator with an on-demand price has a default reference', () => {
    const c = builtinCatalog();
    const priced = new Set(
      listItems(c, 'cloudPrice')
        .filter((p) => p.pricing === 'on-demand')
        .map((p) => p.acceleratorId),
    );
    for (const acc of priced) expect(defaultCloudPriceByAccelerator[acc], acc).toBeDefined();
    for (const acc of ['b300', 'mi325x', 'l40s', 'rtx-pro-6000'])
      expect(priced.has(acc)).toBe(true);
  });
});
