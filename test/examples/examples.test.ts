import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../model/evaluate';
import { parseScenarioFile } from '../../model/scenario';

const dir = new URL('../../examples/', import.meta.url);
const all = readdirSync(dir).filter((f) => f.endsWith('.json'));
/** Design-search specs (`format: clusterplan-search/1`) are not scenario files: test/model/search reads them. */
const isSearchSpec = (f: string) =>
  (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { format?: unknown }).format ===
  'clusterplan-search/1';
const files = all.filter((f) => !isSearchSpec(f));

describe('examples/', () => {
  it('holds at least the three documented scenarios, each listed in the README', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'finetune-llama3-8b-8xh100-lora.json',
        'pretrain-llama3-70b-1024xh100-ib.json',
        'pretrain-llama3-70b-1024xh100-roce.json',
      ]),
    );
    const readme = readFileSync(new URL('README.md', dir), 'utf8');
    for (const f of all) expect(readme).toContain(f);
  });

  it.each(files)('%s round-trips: a parsed scenario saved as JSON parses to itself', (f) => {
    const raw = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown;
    const parsed = parseScenarioFile(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    for (const s of parsed.scenarios) {
      const again = parseScenarioFile(JSON.parse(JSON.stringify(s)) as unknown);
      expect(again.ok && again.scenarios[0]).toEqual(s);
    }
  });

  it.each(files)('%s parses and evaluates to finite metrics (training: fits in memory)', (f) => {
    const raw = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as unknown;
    const parsed = parseScenarioFile(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    for (const s of parsed.scenarios) {
      expect(s.description.length).toBeGreaterThan(20);
      const r = evaluate(s);
      expect(Object.keys(r.metrics).length).toBeGreaterThanOrEqual(10);
      for (const [id, m] of Object.entries(r.metrics))
        expect(Number.isFinite(m.value), id).toBe(true);
      if (s.workload.kind === 'training') expect(r.training?.memory.fits).toBe(true);
      else expect(r.metrics['output_tokens_per_s']?.value).toBeGreaterThan(0);
    }
  });
});
