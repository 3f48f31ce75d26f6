import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>` element (`showModal()`): the platform traps focus,
 * makes the page behind inert and closes on Escape. Focus returns to the element that had it
 * when the dialog opened. `isDismissable` also closes it on a click on the backdrop.
 * Label it with `aria-labelledby` (the id of its heading) or `aria-label`. Mark the control
 * that should take focus first with `data-autofocus` (React's `autoFocus` runs before
 * `showModal()`, which then moves focus again).
 */
export function Modal(props: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  isDismissable?: boolean;
  /** Escape closes the dialog unless this is false (e.g. a choice that must be made). */
  isKeyboardDismissDisabled?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { isOpen, onOpenChange } = props;
  useEffect(() => {
    const d = ref.current;
    if (!d || !isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!d.open) {
      // Environments without the modal API (jsdom in component tests) get a plain open dialog.
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    // The platform focuses the first focusable element; `data-autofocus` picks another one.
    d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (d.open && typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      if (opener && opener.isConnected) opener.focus();
    };
  }, [isOpen]);
  if (!isOpen) return null;
  return (
    <dialog
      ref={ref}
      className={`modal ${props.className ?? ''}`}
      role={props.role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={props['aria-labelledby']}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
      onCancel={(e) => {
        e.preventDefault();
        if (props.isKeyboardDismissDisabled !== true) onOpenChange(false);
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (props.isDismissable && e.target === e.currentTarget) {
          const r = e.currentTarget.getBoundingClientRect();
          const inside =
            e.clientX >= r.left &&
            e.clientX <= r.right &&
            e.clientY >= r.top &&
            e.clientY <= r.bottom;
          if (!inside) onOpenChange(false);
        }
      }}
    >
      {props.children}
    </dialog>
  );
}
