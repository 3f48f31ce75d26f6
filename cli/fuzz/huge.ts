/**
 * The huge hostile file: a 20 MB flat JSON array, refused with a message through the one reader
 * (model/files) and through the desktop shell's read (electron/files, which refuses by size
 * before reading), each timed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readScenarioFile } from '../../model/files';
import { readTextFileCapped } from '../../electron/files';

export type HugeReport = {
  readonly bytes: number;
  /** readScenarioFile on the text: refused, its message, milliseconds. */
  readonly reader: { readonly refused: boolean; readonly message: string; readonly ms: number };
  /** The shell's capped read of the file on disk. */
  readonly shell: { readonly refused: boolean; readonly message: string; readonly ms: number };
};

/** A flat array of `bytes` characters: `[0,0,0,…,0]`. */
export function flatArrayText(bytes: number): string {
  const n = Math.max(1, Math.floor((bytes - 1) / 2));
  return `[${'0,'.repeat(n - 1)}0]`;
}

export async function hugeFile(bytes = 20_000_000): Promise<HugeReport> {
  const text = flatArrayText(bytes);
  let t = performance.now();
  const r = readScenarioFile(text);
  const reader = {
    refused: !r.ok,
    message: r.ok ? '(accepted)' : r.error,
    ms: performance.now() - t,
  };
  const dir = await mkdtemp(path.join(tmpdir(), 'cp-huge-'));
  try {
    const file = path.join(dir, 'huge.json');
    await writeFile(file, text);
    t = performance.now();
    let shell: HugeReport['shell'];
    try {
      await readTextFileCapped(file);
      shell = { refused: false, message: '(read)', ms: performance.now() - t };
    } catch (e) {
      shell = {
        refused: true,
        message: e instanceof Error ? e.message : String(e),
        ms: performance.now() - t,
      };
    }
    return { bytes: text.length, reader, shell };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
