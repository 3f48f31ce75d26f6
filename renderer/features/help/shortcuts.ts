/**
 * Global keyboard shortcuts: which action a key press asks for. Pure (tested without a DOM).
 * Undo/redo are global, except that while the focused text field holds uncommitted typing
 * (`data-dirty`, set by the editor's fields until Enter or blur) the field's own native undo
 * applies first.
 */

export type ShortcutAction = 'undo' | 'redo' | 'help' | null;

export type KeyPress = {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
};

export type FocusInfo = {
  /** Focus is in a text input, text area or content-editable element. */
  readonly editable: boolean;
  /** That element holds typing not yet committed to the workspace. */
  readonly dirty: boolean;
};

/** The shortcuts as the help panel lists them. */
export const SHORTCUTS: readonly { readonly keys: string; readonly action: string }[] = [
  { keys: 'Ctrl+Z (⌘Z on macOS)', action: 'Undo the last edit' },
  { keys: 'Shift+Ctrl+Z (⇧⌘Z) or Ctrl+Y', action: 'Redo' },
  { keys: 'F1 or ?', action: 'Open this help' },
  { keys: 'Tab / Shift+Tab', action: 'Move to the next / previous control' },
  { keys: '← / →', action: 'Move between screens or scenario tabs (when a tab has focus)' },
  { keys: 'Enter', action: 'Commit the value typed in a field (also on leaving it)' },
  { keys: '↑ / ↓', action: 'Step a number field up or down' },
  { keys: 'Space or Enter', action: 'Press a button, toggle a check box, open a list' },
  { keys: 'Esc', action: 'Close a menu, list or dialog' },
];

/**
 * The action a key press asks for, or null (let the browser or the focused control handle it).
 * @param e - the key press
 * @param focus - what has focus
 */
export function shortcutFor(e: KeyPress, focus: FocusInfo): ShortcutAction {
  if (e.key === 'F1') return 'help';
  const mod = e.ctrlKey || e.metaKey;
  if (!mod && !e.altKey && e.key === '?' && !focus.editable) return 'help';
  if (!mod || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k !== 'z' && k !== 'y') return null;
  if (focus.editable && focus.dirty) return null;
  if (k === 'y') return e.shiftKey ? null : 'redo';
  return e.shiftKey ? 'redo' : 'undo';
}

/** What has focus, read from the DOM element. */
export function focusInfoOf(el: Element | null): FocusInfo {
  if (!el) return { editable: false, dirty: false };
  const tag = el.tagName;
  const type = (el as HTMLInputElement).type;
  const textInput =
    tag === 'TEXTAREA' ||
    (tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type));
  const editable = textInput || (el as HTMLElement).isContentEditable === true;
  return { editable, dirty: editable && (el as HTMLElement).dataset?.dirty === 'true' };
}
