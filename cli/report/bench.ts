/**
 * The `pdf_export_4_s` figure: PDF export of a 4-scenario report (print view → PDF) in a warm
 * browser — Chromium already running, the app loaded once before — as the median of 3 exports.
 * The cold figure (browser launch + first export) is returned as a note.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { launchPdfRenderer, type PdfRequest } from './pdf';
import { todayIso } from './report';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Four example scenarios: two training fabrics, a fine-tune and a serving deployment. */
export const BENCH_EXAMPLES: readonly string[] = [
  'pretrain-llama3-70b-1024xh100-ib.json',
  'pretrain-llama3-70b-1024xh100-roce.json',
  'finetune-llama3-8b-8xh100-lora.json',
  'serving-llama3-70b-8xh100-fp8.json',
];

export type PdfBench = {
  /** Median seconds of the warm exports. */
  readonly warmS: number;
  /** Seconds from launching Chromium to the first PDF. */
  readonly coldS: number;
  readonly pages: number;
};

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Measure on the renderer built in `rendererDir`. */
export async function measurePdfExport(rendererDir: string, runs = 3): Promise<PdfBench> {
  const request: PdfRequest = {
    scenarios: BENCH_EXAMPLES.map((f, i) => ({
      id: `s${i + 1}`,
      doc: JSON.parse(readFileSync(path.resolve(HERE, '../../examples', f), 'utf8')) as unknown,
    })),
    date: todayIso(),
    paper: 'a4',
  };
  const t0 = performance.now();
  const renderer = await launchPdfRenderer({ rendererDir });
  try {
    const first = await renderer.render(request);
    const coldS = (performance.now() - t0) / 1000;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await renderer.render(request);
      times.push((performance.now() - t) / 1000);
    }
    const pages = (
      Buffer.from(first)
        .toString('latin1')
        .match(/\/Type\s*\/Page[^s]/g) ?? []
    ).length;
    return { warmS: median(times), coldS, pages };
  } finally {
    await renderer.close();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === `file://${path.resolve(entry)}`) {
  const dir = process.argv[2] ?? path.resolve(HERE, '../../dist/renderer');
  measurePdfExport(dir).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
