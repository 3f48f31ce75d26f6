/**
 * Autosave of unsaved work to the recovery copy: written a short while after the last edit
 * while there are unsaved changes, deleted once the workspace is clean again (saved, or undone
 * back to the saved state). Pure decision; the timer lives in useDocumentSync.
 */

/**
 * Quiet time after an edit before the recovery copy is written (ms). Long enough that typing
 * does not write on every key, short enough that a crash loses at most a second of work.
 */
export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveStep = 'write' | 'clear' | 'none';

/**
 * @param dirty - the workspace differs from the saved file
 * @param recoveryWritten - a recovery copy was written since the last clean state
 */
export function autosaveStep(dirty: boolean, recoveryWritten: boolean): AutosaveStep {
  if (dirty) return 'write';
  return recoveryWritten ? 'clear' : 'none';
}
