import { CHECKPOINT_BYTES_PER_PARAMETER } from './defaults';

/**
 * Checkpoint size and write time.
 *
 * Size = parameters × bytes per parameter (weights + optimizer state, see
 * CHECKPOINT_BYTES_PER_PARAMETER). Every GPU writes its shard in parallel (sharded save as
 * in Megatron distributed checkpointing / PyTorch DCP), so the write is limited by the
 * tier's aggregate write bandwidth and by the nodes' storage links:
 *   write bandwidth = min(tier write, nodes × per-node storage bandwidth).
 * Synchronous: training waits for device→host and host→storage (torch.save semantics).
 * Asynchronous two-stage (CheckFreq, FAST'21 snapshot/persist; MegaScale NSDI'24 §4.4:
 * GPU→host pinned memory in seconds, then background upload): training waits only for the
 * device→host copy; the persist runs in the background and must finish before the next
 * snapshot, and each node holds its shard in host memory meanwhile.
 */

export type CheckpointOptimizer = keyof typeof CHECKPOINT_BYTES_PER_PARAMETER;

/**
 * Bytes per parameter a checkpoint stores for an optimizer.
 *
 * @returns bytes per parameter
 */
export function checkpointBytesPerParameter(optimizer: CheckpointOptimizer): number {
  return CHECKPOINT_BYTES_PER_PARAMETER[optimizer];
}

export type CheckpointInput = {
  readonly parameterCount: number;
  readonly bytesPerParameter: number;
  readonly gpus: number;
  readonly nodes: number;
  readonly mode: 'sync' | 'async';
  /** Tier aggregate write bandwidth, bytes/s. */
  readonly tierWriteBytesPerS: number;
  /** Tier aggregate read bandwidth (reload on restart), bytes/s. */
  readonly tierReadBytesPerS: number;
  /** Storage bandwidth of one node's network path, bytes/s. */
  readonly perNodeBytesPerS: number;
  /** Device→host copy bandwidth per GPU, bytes/s. */
  readonly deviceToHostBytesPerSPerGpu: number;
};

export type CheckpointResult = {
  readonly sizeBytes: number;
  /** Effective write bandwidth, bytes/s. */
  readonly writeBytesPerS: number;
  /** Host→storage write time of the whole checkpoint, s. */
  readonly writeS: number;
  /** Device→host copy of each GPU's shard, s. */
  readonly deviceToHostS: number;
  /** Time training is blocked per checkpoint, s (sync: copy + write; async: copy). */
  readonly blockingS: number;
  /** Background persist time (async), s; 0 for sync. */
  readonly persistS: number;
  /** Host memory per node holding the snapshot (async), bytes; 0 for sync. */
  readonly hostMemoryBytesPerNode: number;
  /** Reading the checkpoint back on restart, s. */
  readonly loadS: number;
  /** What limits the write: the tier or the nodes' links. */
  readonly writeLimit: 'tier' | 'node-links';
};

function positive(name: string, v: number): void {
  if (!Number.isFinite(v) || v <= 0) {
    throw new Error(`checkpoint: ${name} must be a finite number > 0 (got ${v})`);
  }
}

/**
 * Checkpoint size, write and blocking times.
 *
 * @returns sizes in bytes, times in seconds
 */
export function checkpointCost(input: CheckpointInput): CheckpointResult {
  if (!Number.isFinite(input.parameterCount) || input.parameterCount < 0) {
    throw new Error(
      `checkpoint: parameterCount must be a finite number ≥ 0 (got ${input.parameterCount})`,
    );
  }
  positive('bytesPerParameter', input.bytesPerParameter);
  positive('gpus', input.gpus);
  positive('nodes', input.nodes);
  positive('tierWriteBytesPerS', input.tierWriteBytesPerS);
  positive('tierReadBytesPerS', input.tierReadBytesPerS);
  positive('perNodeBytesPerS', input.perNodeBytesPerS);
  positive('deviceToHostBytesPerSPerGpu', input.deviceToHostBytesPerSPerGpu);
  const sizeBytes = input.parameterCount * input.bytesPerParameter;
  const links = input.nodes * input.perNodeBytesPerS;
  const writeBytesPerS = Math.min(input.tierWriteBytesPerS, links);
  const writeS = sizeBytes / writeBytesPerS;
  const deviceToHostS = sizeBytes / input.gpus / input.deviceToHostBytesPerSPerGpu;
  const sync = input.mode === 'sync';
  const loadS = sizeBytes / Math.min(input.tierReadBytesPerS, links);
  return {
    sizeBytes,
    writeBytesPerS,
    writeS,
    deviceToHostS,
    blockingS: sync ? deviceToHostS + writeS : deviceToHostS,
    persistS: sync ? 0 : writeS,
    hostMemoryBytesPerNode: sync ? 0 : sizeBytes / input.nodes,
    loadS,
    writeLimit: input.tierWriteBytesPerS <= links ? 'tier' : 'node-links',
  };
}
