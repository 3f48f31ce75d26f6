import { useEffect, useState } from 'react';
import type { DesktopApi } from '../../../electron/contract';
import { readRecovery, type RecoveryRecord } from '../../../model/files';
import { selectDirty } from '../../store/fileSlice';
import { useAppStore } from '../../store';
import { AUTOSAVE_DELAY_MS, autosaveStep } from './autosave';
import { recoveryText, restoreRecovery } from './fileCommands';

/**
 * Keep the shell told about the document (file name and unsaved marker in the title; the close
 * prompt reads it) and autosave unsaved work to the recovery copy. Runs only once `enabled`
 * (after the start-up recovery check, so it never overwrites a copy not yet offered).
 */
export function useDocumentSync(api: DesktopApi, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let written = false;
    let lastTitle = '';
    const sync = () => {
      const s = useAppStore.getState();
      const dirty = selectDirty(s);
      const fileName = s.currentFile?.fileName ?? null;
      const title = `${fileName ?? ''}|${dirty}`;
      if (title !== lastTitle) {
        lastTitle = title;
        void api.setDocumentState({ fileName, dirty }).catch(() => undefined);
      }
      const step = autosaveStep(dirty, written);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (step === 'write') {
        timer = setTimeout(() => {
          timer = undefined;
          const now = useAppStore.getState();
          if (!selectDirty(now)) return;
          written = true;
          void api
            .writeRecovery({ contents: recoveryText(now, new Date().toISOString()) })
            .catch(() => undefined);
        }, AUTOSAVE_DELAY_MS);
      } else if (step === 'clear') {
        written = false;
        void api.clearRecovery().catch(() => undefined);
      }
    };
    sync();
    const unsubscribe = useAppStore.subscribe((s, prev) => {
      if (
        s.history.present !== prev.history.present ||
        s.savedWorkspace !== prev.savedWorkspace ||
        s.currentFile !== prev.currentFile
      ) {
        sync();
      }
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, enabled]);
}

export type RecoveryOffer = {
  /** The start-up check has finished (offer or not). */
  readonly checked: boolean;
  /** Unsaved work left by a session that did not end cleanly, awaiting Restore / Discard. */
  readonly record: RecoveryRecord | null;
  readonly restore: () => void;
  readonly discard: () => void;
};

/** At start-up, look for a recovery copy and offer it. */
export function useRecoveryOffer(api: DesktopApi): RecoveryOffer {
  const [checked, setChecked] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [record, setRecord] = useState<RecoveryRecord | null>(null);
  useEffect(() => {
    let alive = true;
    api.readRecovery().then(
      (copies) => {
        if (!alive) return;
        // The newest copy that reads (a damaged copy falls back to the version before it). A
        // copy that does not read is left where it is: the next autosave replaces it.
        for (const found of copies) {
          const r = readRecovery(found);
          if (r.ok) {
            setText(found);
            setRecord(r.record);
            break;
          }
        }
        setChecked(true);
      },
      () => alive && setChecked(true),
    );
    return () => {
      alive = false;
    };
  }, [api]);
  return {
    checked,
    record,
    restore: () => {
      if (text !== null) restoreRecovery(useAppStore, text);
      setRecord(null);
      setText(null);
    },
    discard: () => {
      void api.clearRecovery().catch(() => undefined);
      setRecord(null);
      setText(null);
    },
  };
}
