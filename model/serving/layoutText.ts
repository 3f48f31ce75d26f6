import type { ServingResult } from './types';

/**
 * A serving layout in words, e.g. "TP 8 · PP 1 · EP 8 · attention data-parallel · 1 model copy"
 * (EP and attention data-parallel only where they apply; a partitioned GPU's copies as instances).
 */
export function servingLayoutText(
  r: Pick<ServingResult, 'tp' | 'pp' | 'ep' | 'attentionDp' | 'replicas' | 'instancesPerGpu'>,
): string {
  const parts = [`TP ${r.tp}`, `PP ${r.pp}`];
  if (r.ep > 1) parts.push(`EP ${r.ep}`);
  if (r.attentionDp) parts.push('attention data-parallel');
  const copies = r.replicas * r.instancesPerGpu;
  const copyWords = `${copies.toLocaleString('en-US')} model ${copies === 1 ? 'copy' : 'copies'}`;
  parts.push(
    r.instancesPerGpu > 1 ? `${copyWords} (${r.instancesPerGpu} instances per GPU)` : copyWords,
  );
  return parts.join(' · ');
}
