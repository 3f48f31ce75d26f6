import { readFileSync } from 'node:fs';
import { evaluate } from '../../../model/evaluate';
import type { ReportScenario } from '../../../model/report';
import { parseScenarioFile } from '../../../model/scenario';

/**
 * A report scenario from an example file (examples/), evaluated, under `id`; `patch` edits the
 * document before it is parsed.
 */
export function loadReportScenario(
  file: string,
  id: string,
  patch?: (doc: Record<string, unknown>) => void,
): ReportScenario {
  const doc = JSON.parse(readFileSync(`examples/${file}`, 'utf8')) as Record<string, unknown>;
  patch?.(doc);
  const r = parseScenarioFile(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  const scenario = r.scenarios[0]!;
  return { id, name: scenario.name, doc, scenario, result: evaluate(scenario) };
}

/** The two 1,024-GPU Llama 3 70B pre-training builds (InfiniBand, RoCE) and the FP8 serving build. */
export const ib = loadReportScenario('pretrain-llama3-70b-1024xh100-ib.json', 'ib');
export const roce = loadReportScenario('pretrain-llama3-70b-1024xh100-roce.json', 'roce');
export const serving = loadReportScenario('serving-llama3-70b-8xh100-fp8.json', 'srv');
