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

/** Buttons of the prompt shown when the window's page stopped (crashed, killed, out of memory). */
export const CRASH_PROMPT_BUTTONS = ['Reload', 'Close Window'] as const;

/**
 * Options of the message box shown when the renderer process is gone: nothing can be saved
 * from a dead page, so the recovery copy is kept and Reload reopens the app, which offers it.
 * @param reason - Electron's `render-process-gone` reason (`crashed`, `oom`, `killed`, ...)
 */
export function crashPromptOptions(appName: string, doc: DocumentState, reason: string) {
  return {
    type: 'error' as const,
    title: appName,
    buttons: [...CRASH_PROMPT_BUTTONS],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    message: `The ${appName} window stopped working (${reason}).`,
    detail: doc.dirty
      ? 'Your unsaved changes up to the last autosave are kept in the recovery copy. Reload reopens the window and offers to restore them; closing keeps the copy for the next start.'
      : 'Nothing unsaved was lost. Reload reopens the window.',
  };
}

export type CrashChoice = 'reload' | 'close';

/** The choice behind the crash prompt's response (anything unexpected reloads: nothing is lost). */
export function crashChoice(response: number): CrashChoice {
  return response === 1 ? 'close' : 'reload';
}

export type CloseController = {
  document(): DocumentState;
  setDocument(doc: DocumentState): void;
  /**
   * The page's renderer process is gone: it can no longer save, so closing asks nothing and
   * never deletes the recovery copy (the only copy of the unsaved work).
   */
  rendererGone(): void;
  /** A fresh page is loading after a crash: the document is untitled and clean until it says. */
  rendererReloaded(): void;
  /** True while the page's renderer process is gone. */
  isRendererGone(): boolean;
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
 * Don't Save deletes the recovery copy and closes; Cancel keeps the window open. Once the page's
 * renderer is gone nothing is asked (it cannot save) and the recovery copy is kept; an answer
 * to a prompt that was open when it died is ignored (the crash prompt decides).
 */
export function createCloseController(deps: CloseControllerDeps): CloseController {
  let doc: DocumentState = CLEAN_UNTITLED;
  let confirmed = false;
  let gone = false;
  let pending: Promise<void> | null = null;
  return {
    document: () => doc,
    setDocument(next) {
      if (!gone) doc = next;
    },
    rendererGone() {
      gone = true;
    },
    rendererReloaded() {
      gone = false;
      confirmed = false;
      doc = CLEAN_UNTITLED;
    },
    isRendererGone: () => gone,
    onClose(preventDefault) {
      if (gone) return;
      if (onCloseRequested(doc, confirmed) === 'close') return;
      preventDefault();
      if (pending !== null) return;
      pending = deps
        .showPrompt(closePromptOptions(deps.appName, doc))
        .then(async (response) => {
          if (gone) return;
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
