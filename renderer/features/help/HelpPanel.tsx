/** Keyboard shortcuts and help (being built: this placeholder is replaced by the panel). */
export function HelpPanel() {
  return null;
}
