/**
 * MIG (Multi-Instance GPU) profiles per accelerator: the slices of compute (GPCs/SMs) and memory
 * (capacity, bandwidth and L2 together) each profile gets, and how many instances of it fit one
 * GPU. Source: NVIDIA MIG User Guide, "Supported MIG Profiles" (docs.nvidia.com/datacenter/tesla/
 * mig-user-guide, read 2026: A100/H100/H200/B200 profiles as fractions of 7 compute slices and 8
 * memory slices; RTX PRO 6000 Blackwell: 4 instances of 1/4 each) and the profile names NVIDIA's
 * GPU Operator publishes per product (H200 1g.18gb … 7g.141gb, B200 1g.23gb … 7g.180gb,
 * RTX PRO 6000 1g.24gb, 2g.48gb, 4g.96gb; read in aws/sagemaker-hyperpod-cli PR 403, which cites
 * GPU Operator v25.3.0). Memory slices of 1/8: seven 1g instances get 7/8 of the memory and its
 * bandwidth, the documented cost of partitioning on these parts.
 */

export type MigProfile = {
  /** NVIDIA's name, e.g. `1g.10gb`. */
  readonly id: string;
  /** Compute slices of `computeSlices` in the GPU (7, or 4 on RTX PRO 6000). */
  readonly compute: number;
  /** Memory slices of `memorySlices` (8, or 4 on RTX PRO 6000). */
  readonly memory: number;
  /** Instances of this profile one GPU holds. */
  readonly maxInstances: number;
};

export type MigGeometry = {
  readonly computeSlices: number;
  readonly memorySlices: number;
  readonly profiles: readonly MigProfile[];
  readonly source: string;
};

const MIG_GUIDE =
  'NVIDIA MIG User Guide, Supported MIG Profiles (docs.nvidia.com/datacenter/tesla/mig-user-guide/supported-mig-profiles.html)';
const OPERATOR_NAMES =
  'NVIDIA GPU Operator v25.3.0 MIG profile names (as listed in aws/sagemaker-hyperpod-cli PR 403)';

/** The seven-slice layout of A100/H100/H200/B200 with a given 1g memory step (GB). */
function sevenSlice(gb: number, fullGb: number, source: string): MigGeometry {
  const g = (n: number) => Math.round(gb * n);
  return {
    computeSlices: 7,
    memorySlices: 8,
    profiles: [
      { id: `1g.${g(1)}gb`, compute: 1, memory: 1, maxInstances: 7 },
      { id: `1g.${g(2)}gb`, compute: 1, memory: 2, maxInstances: 4 },
      { id: `2g.${g(2)}gb`, compute: 2, memory: 2, maxInstances: 3 },
      { id: `3g.${g(4)}gb`, compute: 3, memory: 4, maxInstances: 2 },
      { id: `4g.${g(4)}gb`, compute: 4, memory: 4, maxInstances: 1 },
      { id: `7g.${fullGb}gb`, compute: 7, memory: 8, maxInstances: 1 },
    ],
    source,
  };
}

/** MIG geometry by accelerator id; parts without MIG (AMD, Gaudi, L40S, H800 as sold) are absent. */
export const MIG_PROFILES: Readonly<Record<string, MigGeometry>> = {
  'a100-sxm-80gb': sevenSlice(10, 80, MIG_GUIDE),
  'h100-sxm': sevenSlice(10, 80, MIG_GUIDE),
  'h200-sxm': {
    ...sevenSlice(18, 141, `${MIG_GUIDE}; ${OPERATOR_NAMES}`),
    profiles: [
      { id: '1g.18gb', compute: 1, memory: 1, maxInstances: 7 },
      { id: '1g.35gb', compute: 1, memory: 2, maxInstances: 4 },
      { id: '2g.35gb', compute: 2, memory: 2, maxInstances: 3 },
      { id: '3g.71gb', compute: 3, memory: 4, maxInstances: 2 },
      { id: '4g.71gb', compute: 4, memory: 4, maxInstances: 1 },
      { id: '7g.141gb', compute: 7, memory: 8, maxInstances: 1 },
    ],
  },
  b200: {
    ...sevenSlice(23, 180, `${MIG_GUIDE}; ${OPERATOR_NAMES}`),
    profiles: [
      { id: '1g.23gb', compute: 1, memory: 1, maxInstances: 7 },
      { id: '1g.45gb', compute: 1, memory: 2, maxInstances: 4 },
      { id: '2g.45gb', compute: 2, memory: 2, maxInstances: 3 },
      { id: '3g.90gb', compute: 3, memory: 4, maxInstances: 2 },
      { id: '4g.90gb', compute: 4, memory: 4, maxInstances: 1 },
      { id: '7g.180gb', compute: 7, memory: 8, maxInstances: 1 },
    ],
  },
  'rtx-pro-6000': {
    computeSlices: 4,
    memorySlices: 4,
    profiles: [
      { id: '1g.24gb', compute: 1, memory: 1, maxInstances: 4 },
      { id: '2g.48gb', compute: 2, memory: 2, maxInstances: 2 },
      { id: '4g.96gb', compute: 4, memory: 4, maxInstances: 1 },
    ],
    source: `${MIG_GUIDE} (RTX PRO 6000 Blackwell: up to 4 instances); ${OPERATOR_NAMES}`,
  },
};

/** MIG profiles of an accelerator (empty when it has none). */
export function migProfilesFor(acceleratorId: string): readonly MigProfile[] {
  return MIG_PROFILES[acceleratorId]?.profiles ?? [];
}

/**
 * Compute and memory shares and instances per GPU of a named profile on an accelerator.
 * @throws Error naming the profile and the accelerator's profiles when unknown
 */
export function migShares(
  acceleratorId: string,
  profileId: string,
): { computeShare: number; memoryShare: number; instances: number } {
  const geo = MIG_PROFILES[acceleratorId];
  const p = geo?.profiles.find((x) => x.id === profileId);
  if (geo === undefined || p === undefined) {
    const known =
      geo === undefined
        ? 'none (no MIG on this accelerator)'
        : geo.profiles.map((x) => x.id).join(', ');
    throw new Error(
      `partition.profile: "${profileId}" is not a MIG profile of ${acceleratorId} (known: ${known})`,
    );
  }
  return {
    computeShare: p.compute / geo.computeSlices,
    memoryShare: p.memory / geo.memorySlices,
    instances: p.maxInstances,
  };
}
