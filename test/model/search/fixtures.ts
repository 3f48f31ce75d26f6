import { readFileSync } from 'node:fs';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';
import type { Scenario } from '../../../model/scenario';
import {
  FIG,
  SEARCH_FORMAT,
  buildSearchSpace,
  candidateScenario,
  constraintsOf,
  figureIds,
  figureInfo,
  parseSearchSpec,
  relativeSlack,
} from '../../../model/search';
import type {
  FigureId,
  SearchCandidate,
  SearchSpace,
  SearchSpecInput,
} from '../../../model/search';

/** The 70B InfiniBand example, shrunk to Llama 3 8B on 2 T tokens (fast layout searches). */
export function smallBase(): Scenario {
  const raw = JSON.parse(
    readFileSync(
      new URL('../../../examples/pretrain-llama3-70b-1024xh100-ib.json', import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown> & { workload: Record<string, unknown> };
  const workload = {
    ...raw.workload,
    model: {
      preset: 'llama3-8b',
      layers: 32,
      hiddenSize: 4096,
      attentionHeads: 32,
      kvHeads: 8,
      ffnHiddenSize: 14336,
      ffnType: 'swiglu',
      vocabSize: 128256,
      seqLenTokens: 8192,
      moe: null,
      tiedEmbeddings: false,
    },
    training: {
      ...(raw.workload['training'] as object),
      globalBatchSeqs: 512,
      tokensToTrain: 200_000_000_000,
    },
    parallelism: 'auto',
  };
  return parseScenarioOrThrow({ ...raw, workload });
}

export function spaceOf(
  spec: Omit<SearchSpecInput, 'format' | 'base'>,
  base = smallBase(),
): SearchSpace {
  const p = parseSearchSpec({ format: SEARCH_FORMAT, base: null, ...spec });
  if (!p.ok) throw new Error(p.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return buildSearchSpace(p.spec, base);
}

/** Figures of a candidate from a full `evaluate()` of its scenario (the oracle). */
export function oracleFigures(space: SearchSpace, index: number): Float64Array {
  const r = evaluate(candidateScenario(space, index));
  const f = new Float64Array(figureIds.length).fill(NaN);
  const m = (id: string): number => r.metrics[id]?.value ?? NaN;
  for (const id of figureIds) {
    if (id === 'facility_peak_power_kw') continue;
    f[FIG[id]] = m(id);
  }
  f[FIG.facility_peak_power_kw] = m('it_power_peak_kw') * (r.powerCost?.pue ?? NaN);
  return f;
}

export type OracleRow = {
  index: number;
  figures: Float64Array;
  feasible: boolean;
  usable: boolean;
};

/** Every candidate of a (small) space through `evaluate()`, classified independently. */
export function oracle(space: SearchSpace): OracleRow[] {
  const cons = constraintsOf(space.spec);
  const need: FigureId[] = [space.spec.goal];
  if (space.spec.front) need.push(space.spec.front.x, space.spec.front.y);
  const rows: OracleRow[] = [];
  for (let i = 0; i < space.total; i++) {
    let figures: Float64Array;
    try {
      figures = oracleFigures(space, i);
    } catch {
      rows.push({ index: i, figures: new Float64Array(0), feasible: false, usable: false });
      continue;
    }
    const usable =
      need.every((id) => !Number.isNaN(figures[FIG[id]] as number)) &&
      cons.every((c) => relativeSlack(c, figures) !== -Infinity);
    const feasible = usable && cons.every((c) => relativeSlack(c, figures) >= 0);
    rows.push({ index: i, figures, feasible, usable });
  }
  return rows;
}

/** Orientation: lower is better. */
export function oriented(id: FigureId, v: number): number {
  return figureInfo(id).better === 'higher' ? -v : v;
}

export function indices(list: readonly SearchCandidate[]): number[] {
  return list.map((c) => c.index);
}
