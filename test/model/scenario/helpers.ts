/** A minimal valid training scenario (input form) for scenario tests. */
export function baseScenario(): Record<string, unknown> {
  return {
    schemaVersion: 1,
    name: 'test',
    workload: {
      kind: 'training',
      model: {
        layers: 32,
        hiddenSize: 4096,
        attentionHeads: 32,
        kvHeads: 8,
        ffnHiddenSize: 14336,
        ffnType: 'swiglu',
        vocabSize: 128256,
        seqLenTokens: 8192,
      },
      training: { globalBatchSeqs: 512 },
      parallelism: 'auto',
    },
    cluster: {
      compute: { acceleratorId: 'h100-sxm', gpus: 64, gpusPerNode: 8 },
      network: { scaleOut: { fabric: 'infiniband', gbpsPerGpu: 400 } },
    },
  };
}

/** A deep copy of `obj` with the value at `path` replaced. */
export function withValue(
  obj: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(obj);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) {
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
  return copy;
}
