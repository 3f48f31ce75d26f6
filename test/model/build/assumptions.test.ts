/**
 * The assumptions list is exactly what the evaluation used: every value of the resolved build
 * that the later steps (data and reliability, power, cost) read is listed with its provenance,
 * and every listed number is read, or is an input of a listed rule whose result is read.
 * Measured by reading the build through a recording proxy while the pipeline runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResolvedBuild } from '../../../model/build';
import { costOfBuild } from '../../../model/cost';
import {
  dataReliabilityOf,
  resolveFor,
  servingLoad,
  servingPerformance,
  trainingLoad,
  trainingPerformance,
} from '../../../model/evaluate';
import { powerOfBuild } from '../../../model/power';
import { parseScenarioFile } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';

/** Values read as a whole (a catalog entry, a sized structure, the data model's section). */
const OPAQUE = new Set(['accelerator', 'network.bom', 'storage.section']);
/** Build fields that are bookkeeping, not values. */
const SKIP = new Set(['assumptions', 'warnings', 'currency']);

function tracked<T extends object>(obj: T, prefix: string, reads: Set<string>): T {
  return new Proxy(obj, {
    get(t, k, r) {
      const v = Reflect.get(t, k, r) as unknown;
      if (typeof k !== 'string' || (prefix === '' && SKIP.has(k))) return v;
      const path = prefix ? `${prefix}.${k}` : k;
      if (OPAQUE.has(path)) {
        if (path === 'storage.section' && v !== null && typeof v === 'object')
          return tracked(v as object, path, reads);
        reads.add(path);
        return v;
      }
      if (path.startsWith('storage.section.')) {
        // The data model's section: its tier figures and cache price are the build's.
        const m =
          /^storage\.section\.(dataTier|checkpointTier)\.(readGBps|writeGBps|capacityTB|powerW|priceUsd)$/.exec(
            path,
          );
        if (m) reads.add(`storage.${m[1]}.${m[2] === 'priceUsd' ? 'price' : m[2]}`);
        if (path === 'storage.section.nodeCache.drivePriceUsd')
          reads.add('storage.cacheDrivePrice');
        if (path === 'storage.section.nodeCache.driveAfrPerYear')
          reads.add('storage.cacheDriveAfr');
        if (path === 'storage.section.nodeCache.drivesPerNode')
          reads.add('storage.cacheDrivesPerNode');
      }
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        return tracked(v as object, path, reads);
      // Reading an absent value (no checkpoint tier, no measured idle) uses nothing.
      if (!path.startsWith('storage.section') && v !== null && v !== undefined) reads.add(path);
      return v;
    },
  });
}

function runPipeline(s: Scenario, b: ResolvedBuild): void {
  const w = s.workload;
  if (w.kind === 'training') {
    const r = trainingPerformance(s, w).result;
    const dr = dataReliabilityOf(s, w, r, b);
    const p = powerOfBuild(b, trainingLoad(w, r, dr.result, b.gpus));
    costOfBuild(b, p, {
      tokensPerSecond: r.tokensPerS,
      timeToTrainS: dr.wallDays === null ? null : dr.wallDays * 86400,
      rentalPerGpuHour: null,
      servingGpus: null,
    });
  } else {
    const r = servingPerformance(s, w).result;
    const p = powerOfBuild(b, servingLoad(w, r, b.gpus));
    costOfBuild(b, p, {
      tokensPerSecond: r.outputTokensPerS,
      timeToTrainS: null,
      rentalPerGpuHour: w.gpuHourUsd,
      servingGpus: r.gpus,
    });
  }
}

const EXAMPLES = [
  'pretrain-llama3-70b-1024xh100-ib.json',
  'finetune-llama3-8b-8xh100-lora.json',
  'starved-vit-256xh100-nas.json',
  'serving-llama3-70b-8xh100-fp8.json',
  'compare-serving-llama3-70b-h200-b200-mi300x.json',
];

describe('the assumptions list', () => {
  it.each(EXAMPLES)('%s: lists what the evaluation reads, and reads what it lists', (name) => {
    const raw = JSON.parse(
      readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8'),
    ) as unknown;
    const parsed = parseScenarioFile(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    for (const s of parsed.scenarios) {
      const b = resolveFor(s);
      if (b === null) throw new Error('no build');
      const reads = new Set<string>();
      runPipeline(s, tracked(b, '', reads));
      const listed = new Map(b.assumptions.map((a) => [a.key, a]));
      const unlisted = [...reads].filter((r) => !listed.has(r));
      expect(unlisted, 'read but not listed').toEqual([]);
      // Inputs of read rules count as used; so does the exchange rate, which converts every
      // catalog price into the scenario's currency as the build is resolved.
      const used = new Set(reads);
      used.add('finance.fxPerUsd');
      const queue = [...reads];
      while (queue.length) {
        const a = listed.get(queue.pop() as string);
        if (a?.prov.kind !== 'derived') continue;
        for (const f of a.prov.from) {
          if (used.has(f)) continue;
          used.add(f);
          queue.push(f);
        }
      }
      const unused = b.assumptions
        .filter((a) => typeof a.value === 'number' && !used.has(a.key))
        .map((a) => a.key);
      expect(unused, 'listed but not used').toEqual([]);
    }
  });
});
