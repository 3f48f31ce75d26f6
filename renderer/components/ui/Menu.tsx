import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type MenuItem = {
  readonly id: string;
  readonly label: ReactNode;
  /** Text a screen reader reads for the item, when the label is not plain text. */
  readonly textValue?: string;
  /** A shortcut shown at the right (e.g. "Ctrl+S"). */
  readonly shortcut?: string;
  readonly isDisabled?: boolean;
  readonly testId?: string;
};
export type MenuSection = { readonly title?: string; readonly items: readonly MenuItem[] };

/**
 * A menu button (WAI-ARIA APG "Menu Button"): the button opens a `role="menu"` popup; Up/Down,
 * Home/End move between items, Enter/Space or a click runs one, Escape or a click outside closes
 * it and focus goes back to the button. Sections are `role="group"` with their title.
 */
export function MenuButton(props: {
  label: ReactNode;
  'aria-label'?: string;
  /** The menu's accessible name (default: named by its button). */
  menuLabel?: string;
  sections: readonly MenuSection[];
  onAction: (id: string) => void;
  className?: string;
  menuClassName?: string;
  itemClassName?: string;
  'data-testid'?: string;
  isDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState<'first' | 'last'>('first');
  const btn = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const items = () =>
    Array.from(
      menu.current?.querySelectorAll<HTMLElement>(
        '[role="menuitem"]:not([aria-disabled="true"])',
      ) ?? [],
    );

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusFirst === 'first' ? list[0] : list[list.length - 1])?.focus();
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !btn.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, focusFirst]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) btn.current?.focus();
  };
  const run = (item: MenuItem) => {
    if (item.isDisabled) return;
    close(true);
    props.onAction(item.id);
  };
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    let to = -1;
    if (e.key === 'ArrowDown') to = (at + 1) % list.length;
    else if (e.key === 'ArrowUp') to = (at - 1 + list.length) % list.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = list.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    } else if (e.key === 'Tab') {
      close(false);
      return;
    }
    if (to >= 0 && list.length > 0) {
      e.preventDefault();
      list[to]?.focus();
    }
  };
  return (
    <span className="menu-anchor">
      <button
        ref={btn}
        id={buttonId}
        type="button"
        className={props.className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
        disabled={props.isDisabled}
        onClick={() => {
          setFocusFirst('first');
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setFocusFirst(e.key === 'ArrowDown' ? 'first' : 'last');
            setOpen(true);
          }
        }}
      >
        {props.label}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={props.menuLabel}
          aria-labelledby={props.menuLabel ? undefined : buttonId}
          className={`menu-popup ${props.menuClassName ?? ''}`}
          onKeyDown={onMenuKey}
        >
          {props.sections.map((s, si) => (
            <div key={si} role="group" aria-label={s.title} className="menu-section">
              {si > 0 ? <div role="separator" className="menu-separator" /> : null}
              {s.title ? (
                <div className="menu-header" aria-hidden="true">
                  {s.title}
                </div>
              ) : null}
              {s.items.map((it) => (
                <div
                  key={it.id}
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={it.isDisabled || undefined}
                  aria-keyshortcuts={it.shortcut}
                  className={`menu-item ${props.itemClassName ?? ''}`}
                  data-testid={it.testId}
                  onClick={() => run(it)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      run(it);
                    }
                  }}
                >
                  <span>{it.label}</span>
                  {it.shortcut ? <kbd className="menu-shortcut">{it.shortcut}</kbd> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </span>
  );
}
