import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acceleratorsSupported,
  acceleratorUtilization,
  predictStorageFeedCase,
  requiredReadBytesPerSPerAccelerator,
} from '../../../model/storage';

type Case = {
  id: string;
  kind: string;
  observed: { metric: string; value: number };
  tolerance_pct: number;
};

const devFile = join(process.cwd(), '..', 'shared', 'validation', 'storage-dev.json');
const dev = JSON.parse(readFileSync(devFile, 'utf8')) as { cases: Case[] };

describe('storage-feed predictor (MLPerf Storage AU rule)', () => {
  it('hand-checked: unet3d on A100 needs 0.9 × 146,600,628 B × 7 / 0.636 s = 1384.9 MiB/s', () => {
    // 146600628 × 7 = 1,026,204,396 B per step; / 0.636 s = 1,613,528,924.5 B/s; × 0.9 = 1,452,176,032.1 B/s
    const bps = requiredReadBytesPerSPerAccelerator(146600628, 7, 0.636, 0.9);
    expect(bps).toBeCloseTo(1452176032.1, 0);
    expect(bps / 2 ** 20).toBeCloseTo(1384.9, 1);
  });

  it.each(dev.cases.map((c) => [c.id, c] as const))('%s within its tolerance', (_id, c) => {
    const p = predictStorageFeedCase(c);
    expect(p.metric).toBe(c.observed.metric);
    const errPct = (Math.abs(p.predicted - c.observed.value) / c.observed.value) * 100;
    expect(errPct).toBeLessThanOrEqual(Math.min(2, c.tolerance_pct));
  });

  it('answers the other metrics of the rule', () => {
    const base = {
      kind: 'storage-feed',
      workload: {
        sample_bytes: 2828486,
        batch_per_accelerator: 1,
        compute_time_per_step_s: 0.0035,
        utilization_threshold: 0.7,
      },
    };
    // 0.7 / 0.0035 s = 200 samples/s per accelerator
    const sps = predictStorageFeedCase({
      ...base,
      observed: { metric: 'samples_per_s_per_accelerator' },
    });
    expect(sps.predicted).toBeCloseTo(200, 9);
    const gbs = predictStorageFeedCase({
      ...base,
      observed: { metric: 'required_read_gb_s_per_accelerator' },
    });
    expect(gbs.predicted).toBeCloseTo((200 * 2828486) / 1e9, 9);
    // YanRongTech F9000X cosmoflow H100: 64,088.6 MiB/s served 120 accelerators (at 70.5 % AU)
    const n = predictStorageFeedCase({
      ...base,
      storage: { read_mib_s: 64088.6 },
      observed: { metric: 'accelerators_supported' },
    });
    // 64088.6 MiB/s ÷ 539.5 MiB/s = 118.8 → 118
    expect(n.predicted).toBe(118);
  });

  it('rejects malformed cases naming the field', () => {
    expect(() =>
      predictStorageFeedCase({
        kind: 'storage-feed',
        workload: {
          sample_bytes: -1,
          batch_per_accelerator: 1,
          compute_time_per_step_s: 1,
          utilization_threshold: 0.9,
        },
        observed: { metric: 'required_read_mib_s_per_accelerator' },
      }),
    ).toThrow(/workload\.sample_bytes/);
    expect(() =>
      predictStorageFeedCase({
        kind: 'storage-feed',
        workload: {
          sample_bytes: 1,
          batch_per_accelerator: 1,
          compute_time_per_step_s: 1,
          utilization_threshold: 0.9,
        },
        observed: { metric: 'latency_ms' },
      }),
    ).toThrow(/latency_ms/);
    expect(() =>
      predictStorageFeedCase({
        kind: 'storage-feed',
        workload: {
          sample_bytes: 1,
          batch_per_accelerator: 1,
          compute_time_per_step_s: 1,
          utilization_threshold: 0.9,
        },
        observed: { metric: 'accelerators_supported' },
      }),
    ).toThrow(/storage\.read_mib_s/);
  });

  it('AU and accelerator counts', () => {
    expect(acceleratorUtilization(0.9, 1)).toBeCloseTo(0.9, 12);
    expect(acceleratorUtilization(1, 0.5)).toBe(1);
    expect(acceleratorsSupported(10, 2.5)).toBe(4);
    expect(acceleratorsSupported(9.99, 2.5)).toBe(3);
    expect(() => acceleratorUtilization(1, 0)).toThrow(/wallS/);
  });
});
