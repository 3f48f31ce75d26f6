import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledValidationFiles } from '../../../model/validation/bundled';
import { runValidation } from '../../../model/validation';
import { predictSystemPowerCase } from '../../../model/validation/power';

function powerCase(workload: unknown, metric: string, system: Record<string, unknown> = {}) {
  return {
    id: 't',
    kind: 'system-power',
    workload,
    system: { accelerator: 'h100-sxm', gpus: 8, gpus_per_node: 8, nvlink_domain: 8, ...system },
    observed: { metric, value: 1 },
    tolerance_pct: 10,
  };
}

describe('system-power cases', () => {
  it('idle GPUs draw the catalogued idle power; a GEMM loop the board limit, or the cap', () => {
    expect(
      predictSystemPowerCase(powerCase({ kind: 'idle' }, 'gpu_power_w'), 'gpu_power_w').value,
    ).toBe(130);
    const gemm = { kind: 'gemm', precision: 'bf16', m: 8192, n: 8192, k: 8192 };
    expect(predictSystemPowerCase(powerCase(gemm, 'gpu_power_w'), 'gpu_power_w').value).toBe(700);
    const capped = powerCase(gemm, 'gpu_power_w', { power_limit_w: 500 });
    expect(predictSystemPowerCase(capped, 'gpu_power_w').value).toBe(500);
  });

  it('a node with one busy GPU draws less than with eight; the peak is the heaviest phase', () => {
    const gemm = (busy: number) => ({
      kind: 'gemm',
      precision: 'bf16',
      m: 8192,
      n: 8192,
      k: 8192,
      gpus_busy: busy,
    });
    const one = predictSystemPowerCase(powerCase(gemm(1), 'node_power_w'), 'node_power_w').value;
    const all = predictSystemPowerCase(powerCase(gemm(8), 'node_power_w'), 'node_power_w').value;
    expect(all - one).toBeGreaterThan(7 * (700 - 130));
    const peak = predictSystemPowerCase(
      powerCase({ kind: 'idle' }, 'node_power_peak_w'),
      'node_power_peak_w',
    );
    expect(peak.value).toBeGreaterThan(all);
  });

  it('names what it cannot predict', () => {
    expect(() =>
      predictSystemPowerCase(powerCase({ kind: 'idle' }, 'energy_kwh'), 'energy_kwh'),
    ).toThrow(/unsupported system-power metric "energy_kwh"/);
    expect(() =>
      predictSystemPowerCase(powerCase({ kind: 'dance' }, 'gpu_power_w'), 'gpu_power_w'),
    ).toThrow(/workload\.kind: unsupported "dance"/);
  });

  it('regression guard on the bundled measured-power set (power-dev.json)', () => {
    const file = bundledValidationFiles.find((f) => f.file === 'power-dev.json');
    if (!file) throw new Error('power-dev.json is not bundled');
    const r = runValidation([file.data]);
    expect(r.summary.n).toBe(22);
    expect(r.summary.failed).toBe(0);
    // Printed by `npm run validate`: median 8.4 %, 77.3 % within tolerance (2026-11-26, after
    // the H100 probe's constants; 10.0 % and 63.6 % before).
    expect(r.summary.medianAbsErrorPct).toBeLessThan(9.5);
    expect(r.summary.withinTolerancePct).toBeGreaterThanOrEqual(72);
  });

  it('reproduces the H100 probe it takes its constants from (idle, GEMMs, decode-shaped GEMMs)', () => {
    // cli/device/results: one H100 SXM measured on 2026-11-26 (calibration record, not held out).
    const data: unknown = JSON.parse(
      readFileSync(
        fileURLToPath(
          new URL('../../../cli/device/results/h100-sxm-2026-11-26.cases.json', import.meta.url),
        ),
        'utf8',
      ),
    );
    const r = runValidation([data]);
    expect(r.summary.n).toBe(9);
    expect(r.summary.failed).toBe(0);
    expect(r.summary.withinTolerancePct).toBe(100);
    // The decode-shaped GEMMs rise with their rows as the roofline mixes matrix work in.
    const byId = new Map(r.cases.map((c) => [c.id, c.predicted]));
    const m8 = byId.get('probe_h100_decode_gemm_m8') ?? 0;
    const m32 = byId.get('probe_h100_decode_gemm_m32') ?? 0;
    expect(m32).toBeGreaterThan(m8 + 20);
  });
});
