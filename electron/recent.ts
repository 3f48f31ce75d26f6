/**
 * The recent scenario files (File ▸ Open Recent), newest first, persisted in
 * `userData/recent.json`. Pure list updates; the file is read back through zod and entries
 * that do not parse are dropped.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ScenarioFileRef } from './contract';

/** Recent files kept. */
export const RECENT_LIMIT = 10;

const entrySchema = z.object({
  filePath: z.string().min(1).max(4096),
  fileName: z.string().min(1).max(260),
});

/** Parse the saved list; invalid entries are dropped, duplicates and extras removed. */
export function parseRecentFiles(raw: unknown): ScenarioFileRef[] {
  if (!Array.isArray(raw)) return [];
  const out: ScenarioFileRef[] = [];
  for (const item of raw) {
    const r = entrySchema.safeParse(item);
    if (!r.success || r.data.filePath.includes('\0')) continue;
    if (!path.isAbsolute(r.data.filePath)) continue;
    if (out.some((f) => f.filePath === r.data.filePath)) continue;
    out.push({ filePath: r.data.filePath, fileName: r.data.fileName });
    if (out.length === RECENT_LIMIT) break;
  }
  return out;
}

/** The list with `filePath` first (moved up when already listed), at most `limit` long. */
export function addRecentFile(
  list: readonly ScenarioFileRef[],
  filePath: string,
  limit: number = RECENT_LIMIT,
): ScenarioFileRef[] {
  const entry = { filePath, fileName: path.basename(filePath) };
  return [entry, ...list.filter((f) => f.filePath !== filePath)].slice(0, limit);
}

/** The list without `filePath` (a recent file that no longer opens). */
export function removeRecentFile(
  list: readonly ScenarioFileRef[],
  filePath: string,
): ScenarioFileRef[] {
  return list.filter((f) => f.filePath !== filePath);
}
