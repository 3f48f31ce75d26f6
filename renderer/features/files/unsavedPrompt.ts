import { useSyncExternalStore } from 'react';
import type { AskUnsaved, UnsavedChoice } from './fileCommands';

/**
 * The one pending "save your changes first?" question (New or Open over unsaved work), shared
 * by the header's File menu, the keyboard shortcuts and the desktop menu; the dialog
 * (UnsavedChangesDialog, mounted once by FileShell) shows it and answers it.
 */
export type UnsavedQuestion = {
  /** The file about to be opened, or null for New. */
  readonly opening: string | null;
  readonly answer: (choice: UnsavedChoice) => void;
};

let pending: UnsavedQuestion | null = null;
const listeners = new Set<() => void>();

function publish(next: UnsavedQuestion | null): void {
  pending = next;
  for (const l of listeners) l();
}

/** Ask (one question at a time: a second one while one is open is answered "cancel"). */
export const askUnsaved: AskUnsaved = ({ opening }) =>
  new Promise<UnsavedChoice>((resolve) => {
    if (pending !== null) {
      resolve('cancel');
      return;
    }
    publish({
      opening,
      answer: (choice) => {
        publish(null);
        resolve(choice);
      },
    });
  });

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The question waiting for an answer, or null (outside React). */
export function pendingUnsavedQuestion(): UnsavedQuestion | null {
  return pending;
}

/** The question waiting for an answer, or null. */
export function useUnsavedQuestion(): UnsavedQuestion | null {
  return useSyncExternalStore(subscribe, pendingUnsavedQuestion, pendingUnsavedQuestion);
}
