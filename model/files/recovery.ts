/**
 * The recovery copy of unsaved work (autosave). Written while the workspace has unsaved
 * changes, deleted on a clean save or quit; found at start-up it means the last session did not
 * end cleanly, and the app offers to restore it. It holds the scenario documents as they were
 * being edited (drafts, possibly invalid mid-edit, so they are not validated as scenarios), the
 * baseline, and which file they belonged to. Reading it is hardened like any file
 * (parseJsonSafely) and the structure is checked with zod; any problem means "nothing to
 * restore", with the reason.
 */
import { z } from 'zod';
import { MAX_FILE_SCENARIOS } from './scenarioFile';
import { parseJsonSafely } from './safeJson';

export const RECOVERY_FORMAT = 'clusterplan-recovery';

export type RecoveryRecord = {
  /** ISO 8601 time the copy was written (supplied by the caller; model/ reads no clock). */
  readonly savedAt: string;
  /** The file the work belonged to (`null`: never saved). */
  readonly fileName: string | null;
  readonly filePath: string | null;
  /** Index of the baseline scenario. */
  readonly baseline: number;
  /** Scenario documents as being edited, in order. */
  readonly scenarios: readonly Readonly<Record<string, unknown>>[];
};

const recoverySchema = z
  .object({
    format: z.literal(RECOVERY_FORMAT),
    savedAt: z.string().max(64),
    fileName: z.string().max(260).nullable(),
    filePath: z.string().max(4096).nullable(),
    baseline: z.number().int().min(0),
    scenarios: z
      .array(z.record(z.string(), z.unknown()))
      .min(1, 'must hold at least one scenario')
      .max(MAX_FILE_SCENARIOS, `must hold at most ${MAX_FILE_SCENARIOS} scenarios`),
  })
  .refine((r) => r.baseline < r.scenarios.length, {
    path: ['baseline'],
    message: 'must be the index of one of the scenarios',
  });

export type ReadRecoveryResult =
  | { readonly ok: true; readonly record: RecoveryRecord }
  | { readonly ok: false; readonly error: string };

/** The recovery copy as JSON text. */
export function serializeRecovery(record: RecoveryRecord): string {
  return JSON.stringify({ format: RECOVERY_FORMAT, ...record });
}

/**
 * Read a recovery copy. Never throws.
 * @returns the record, or why it cannot be restored (field path first)
 */
export function readRecovery(text: string): ReadRecoveryResult {
  const json = parseJsonSafely(text);
  if (!json.ok) return { ok: false, error: json.error };
  const r = recoverySchema.safeParse(json.value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return { ok: false, error: `${where}: ${issue?.message ?? 'invalid recovery file'}` };
  }
  const { format: _format, ...record } = r.data;
  return { ok: true, record };
}
