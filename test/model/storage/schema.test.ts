import { describe, expect, it } from 'vitest';
import { llama3DerivedRates } from '../../../model/reliability';
import { reliabilitySectionSchema } from '../../../model/scenario/reliability';
import { storageSectionSchema } from '../../../model/scenario/storage';

describe('scenario sections storage and reliability', () => {
  it('parse from nothing with every default filled', () => {
    const s = storageSectionSchema.parse(undefined);
    expect(s.dataset.format).toBe('packed-tokens');
    expect(s.dataTier.readGBps).toBeNull();
    expect(s.nodeCache.driveReadGBps).toBe(14);
    expect(s.node.cpuCoresPerNode).toBe(112);
    expect(s.network.perNodeGBps).toBe(40);
    expect(s.loader.prefetchDepthBatches).toBe(2);
    expect(s.checkpoint.optimizer).toBe('adam-mixed');
    const r = reliabilitySectionSchema.parse(undefined);
    expect(r.gpuFailuresPerGpuYear).toBe(llama3DerivedRates().gpuPerGpuYear);
    expect(r.intervalMethod).toBe('daly');
    expect(r.checkpointIntervalMin).toBeNull();
  });

  it('fill nested defaults when a sub-object is partly given', () => {
    const s = storageSectionSchema.parse({
      nodeCache: { drivesPerNode: 4 },
      checkpointTier: { writeGBps: 500 },
    });
    expect(s.nodeCache.driveCapacityTB).toBe(3.84);
    expect(s.checkpointTier?.kind).toBe('parallel-fs');
    expect(s.checkpointTier?.readGBps).toBeNull();
  });

  it('reject unknown keys, out-of-range and non-finite numbers, naming the field', () => {
    const typo = storageSectionSchema.safeParse({ dataTier: { readGbps: 3 } });
    expect(typo.success).toBe(false);
    expect(typo.error?.issues[0]?.path).toEqual(['dataTier']);
    const neg = storageSectionSchema.safeParse({ dataTier: { readGBps: -1 } });
    expect(neg.error?.issues[0]?.path).toEqual(['dataTier', 'readGBps']);
    const inf = storageSectionSchema.safeParse({ loader: { fetchTimeCv: Infinity } });
    expect(inf.success).toBe(false);
    const hit = storageSectionSchema.safeParse({ nodeCache: { hitRatio: 1.5 } });
    expect(hit.error?.issues[0]?.path).toEqual(['nodeCache', 'hitRatio']);
    const rate = reliabilitySectionSchema.safeParse({ gpuFailuresPerGpuYear: Number.NaN });
    expect(rate.error?.issues[0]?.path).toEqual(['gpuFailuresPerGpuYear']);
    expect(reliabilitySectionSchema.safeParse({ linksPerGpu: 1.5 }).success).toBe(false);
  });
});
