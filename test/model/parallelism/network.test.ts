import { describe, expect, it } from 'vitest';
import { getAccelerator } from '../../../model/catalog/accelerators';
import { deviceConstants } from '../../../model/compute';
import {
  allGatherS,
  allReduceS,
  gradBucketParams,
  groupSpan,
  NCCL_RING_BASE_S,
  NCCL_RING_INTRA_STEP_S,
  NCCL_RING_NET_STEP_S,
  ncclRingLatencyS,
  networkConstants,
} from '../../../model/parallelism';

const a100 = deviceConstants(getAccelerator('a100-sxm-80gb'), 'bf16');

describe('collectives (alpha–beta, NCCL bus-bandwidth convention)', () => {
  it('inside one NVLink domain: 2(n−1)/n·S / busbw', () => {
    const net = networkConstants(a100, 8, 8, 'infiniband', 200, null, null);
    const S = 1e9;
    const t = allReduceS(net, groupSpan(8, 1, 8), S);
    const expected = (2 * 7 * S) / (8 * 300e9 * 0.78) + 2 * 7 * 1e-6;
    expect(t).toBeCloseTo(expected, 9);
  });
  it('DGX A100 with 8×200G HDR across nodes reaches ≈ 192 GB/s all-reduce busbw (NCCL maintainers)', () => {
    const nodes = 16;
    const net = networkConstants(a100, 8, 8 * nodes, 'infiniband', 200, null, null);
    const n = 8 * nodes;
    const S = 4e9;
    const t = allReduceS(net, groupSpan(n, 1, 8), S);
    const busbw = ((2 * (n - 1)) / n) * (S / t);
    // Hierarchical, pipelined: the inter-node phase at 8 × 24 GB/s sets the pace.
    expect(busbw / 1e9).toBeGreaterThan(180);
    expect(busbw / 1e9).toBeLessThan(210);
  });
  it('a DP group with one GPU per node is limited by that GPU’s NIC (24 GB/s per HDR NIC)', () => {
    const net = networkConstants(a100, 8, 64, 'infiniband', 200, null, null);
    const S = 4e9;
    const t = allReduceS(net, groupSpan(8, 8, 8), S);
    const busbw = ((2 * 7) / 8) * (S / t);
    expect(busbw / 1e9).toBeCloseTo(24, 0);
  });
  it('all-gather moves half the bytes of an all-reduce', () => {
    const net = networkConstants(a100, 8, 8, 'infiniband', 200, null, null);
    const g = groupSpan(8, 1, 8);
    expect(allGatherS(net, g, 1e9) * 2).toBeCloseTo(allReduceS(net, g, 1e9), 6);
  });
  it('Ethernet/TCP is slower than RoCE, RoCE than InfiniBand', () => {
    const g = groupSpan(64, 8, 8);
    const t = (f: 'infiniband' | 'roce' | 'ethernet') =>
      allReduceS(networkConstants(a100, 8, 512, f, 200, null, null), g, 1e9);
    expect(t('ethernet')).toBeGreaterThan(t('roce'));
    expect(t('roce')).toBeGreaterThan(t('infiniband'));
  });
  it('oversubscription slows groups that span more than one leaf', () => {
    const g = groupSpan(128, 8, 8);
    const full = allReduceS(networkConstants(a100, 8, 1024, 'infiniband', 200, 2, 1), g, 1e9);
    const over = allReduceS(networkConstants(a100, 8, 1024, 'infiniband', 200, 2, 2), g, 1e9);
    expect(over).toBeGreaterThan(1.8 * full);
  });
});

describe('NCCL ring latency and Megatron-Core gradient buckets', () => {
  it('follows NCCL’s tuning model: 8.4 µs + 3.4 µs per NVLink step + 14 µs per network step', () => {
    // 336 DP ranks, two per node (TP 4 in 8-GPU nodes): 168 nodes, one IB tier.
    const net = networkConstants(a100, 8, 8 * 168, 'infiniband', 400, 1, null);
    const g = groupSpan(336, 4, 8);
    expect(g.domains).toBe(168);
    const expected = 8.4e-6 + (335 - 167) * 3.4e-6 + 167 * 14e-6;
    expect(ncclRingLatencyS(net, g, false)).toBeCloseTo(expected, 12);
    expect(NCCL_RING_BASE_S + NCCL_RING_INTRA_STEP_S + NCCL_RING_NET_STEP_S).toBeCloseTo(
      25.8e-6,
      12,
    );
  });
  it('grows with the nodes in the group; all-reduce may take the log-depth tree', () => {
    const net = networkConstants(a100, 8, 8 * 1024, 'infiniband', 400, null, null);
    let last = 0;
    for (const nodes of [2, 8, 64, 512]) {
      const t = ncclRingLatencyS(net, groupSpan(nodes, 8, 8), false);
      expect(t).toBeGreaterThan(last);
      last = t;
    }
    const g = groupSpan(512, 8, 8);
    expect(ncclRingLatencyS(net, g, true)).toBeLessThan(2 * ncclRingLatencyS(net, g, false));
    expect(ncclRingLatencyS(net, groupSpan(1, 8, 8), false)).toBe(0);
  });
  it('slower-to-post fabrics pay more per network step', () => {
    const g = groupSpan(64, 8, 8);
    const ib = networkConstants(a100, 8, 512, 'infiniband', 400, 1, null);
    const tcp = networkConstants(a100, 8, 512, 'ethernet', 400, 1, null);
    expect(ncclRingLatencyS(tcp, g, false)).toBeGreaterThan(ncclRingLatencyS(ib, g, false));
  });
  it('buckets hold max(40 M, 1 M × DP) parameters', () => {
    expect(gradBucketParams(8)).toBe(40e6);
    expect(gradBucketParams(40)).toBe(40e6);
    expect(gradBucketParams(336)).toBe(336e6);
  });
});
