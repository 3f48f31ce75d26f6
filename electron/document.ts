/**
 * The document shown in a window, as the main process sees it: file name, unsaved changes,
 * the window title, and the unsaved-changes prompt on close. Pure decisions.
 */
export type DocumentState = { readonly fileName: string | null; readonly dirty: boolean };

export const CLEAN_UNTITLED: DocumentState = { fileName: null, dirty: false };

/** Title: "• name — ClusterPlan" with the marker while there are unsaved changes. */
export function windowTitle(appName: string, doc: DocumentState): string {
  const name = doc.fileName ?? 'Untitled';
  return `${doc.dirty ? '• ' : ''}${name} — ${appName}`;
}

/** Buttons of the close prompt, in order (index = the message box response). */
export const CLOSE_PROMPT_BUTTONS = ['Save', "Don't Save", 'Cancel'] as const;

/** Options of the native message box asking whether to save before closing. */
export function closePromptOptions(appName: string, doc: DocumentState) {
  const name = doc.fileName ?? 'Untitled';
  return {
    type: 'warning' as const,
    title: appName,
    buttons: [...CLOSE_PROMPT_BUTTONS],
    defaultId: 0,
    cancelId: 2,
    noLink: true,
    message: `Do you want to save the changes you made to ${name}?`,
    detail: "Your changes will be lost if you don't save them.",
  };
}

export type CloseChoice = 'save' | 'discard' | 'cancel';

/** The choice behind a message box response (anything unexpected cancels: nothing is lost). */
export function closeChoice(response: number): CloseChoice {
  if (response === 0) return 'save';
  if (response === 1) return 'discard';
  return 'cancel';
}

/**
 * What the window's `close` event does: close at once (no unsaved changes, or the user already
 * chose), or stop and ask.
 */
export function onCloseRequested(doc: DocumentState, closeConfirmed: boolean): 'close' | 'prompt' {
  return !doc.dirty || closeConfirmed ? 'close' : 'prompt';
}

/** What the close controller needs from Electron (fakes in tests). */
export type CloseControllerDeps = {
  readonly appName: string;
  /** Show the native Save / Don't Save / Cancel box; resolves to the button index. */
  readonly showPrompt: (options: ReturnType<typeof closePromptOptions>) => Promise<number>;
  /** Ask the renderer to save and then call `closeWindow` (the `saveThenClose` menu command). */
  readonly requestSaveThenClose: () => void;
  readonly clearRecovery: () => Promise<void>;
  /** `BrowserWindow.close()` (emits `close` again, which is then let through). */
  readonly closeWindow: () => void;
};

export type CloseController = {
  document(): DocumentState;
  setDocument(doc: DocumentState): void;
  /** The window's `close` event; calls `preventDefault` when the user must be asked first. */
  onClose(preventDefault: () => void): void;
  /** The renderer saved after "Save": close now. */
  confirmClose(): void;
  /** Resolves when the prompt in progress (if any) has been handled (tests). */
  settled(): Promise<void>;
};

/**
 * The unsaved-changes prompt of one window: closing with unsaved changes asks Save / Don't Save
 * / Cancel. Save has the renderer save (to the current file, or Save As) and close once saved;
 * Don't Save deletes the recovery copy and closes; Cancel keeps the window open.
 */
export function createCloseController(deps: CloseControllerDeps): CloseController {
  let doc: DocumentState = CLEAN_UNTITLED;
  let confirmed = false;
  let pending: Promise<void> | null = null;
  return {
    document: () => doc,
    setDocument(next) {
      doc = next;
    },
    onClose(preventDefault) {
      if (onCloseRequested(doc, confirmed) === 'close') return;
      preventDefault();
      if (pending !== null) return;
      pending = deps
        .showPrompt(closePromptOptions(deps.appName, doc))
        .then(async (response) => {
          const choice = closeChoice(response);
          if (choice === 'save') deps.requestSaveThenClose();
          else if (choice === 'discard') {
            confirmed = true;
            await deps.clearRecovery().catch(() => undefined);
            deps.closeWindow();
          }
        })
        .finally(() => {
          pending = null;
        });
    },
    confirmClose() {
      confirmed = true;
      deps.closeWindow();
    },
    settled: () => pending ?? Promise.resolve(),
  };
}
