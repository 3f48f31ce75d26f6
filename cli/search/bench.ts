/**
 * The `search_1m_s` figure: the 1,000,000-candidate search of `benchSearchSpec` on every core
 * (worker_threads), wall-clock seconds from start to merged result. The counts (evaluated,
 * pruned, layout searches) go to stderr so the figure stays one number.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchSearchSpec } from './benchSpec';
import { searchOnWorkers } from './pool';

/** Run the benchmark search; resolves to seconds. `prune: false` for the exhaustive figure. */
export async function measureSearch1m(
  options: { prune?: boolean; log?: (line: string) => void } = {},
): Promise<number> {
  const workers = availableParallelism();
  const spec = benchSearchSpec({ prune: options.prune ?? true });
  const t0 = performance.now();
  const r = await searchOnWorkers(spec, { workers }).promise;
  const s = (performance.now() - t0) / 1000;
  const st = r.stats;
  (options.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(
    `search_1m_s: ${st.candidates} candidates on ${workers} workers: ${st.evaluated} evaluated, ${st.prunedInfeasible + st.prunedByObjective + st.prunedByPrice} pruned by bounds, ${st.perfEvaluations} layout searches, ${st.feasible} feasible, ${st.errors} engine errors`,
  );
  return s;
}
