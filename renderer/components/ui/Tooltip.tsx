import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button with a tooltip (WAI-ARIA APG "Tooltip"): shown after a short delay on hover and at
 * once on keyboard focus, hidden on leave, blur or Escape; the tip describes the button
 * (`aria-describedby`) while shown.
 */
export function TooltipButton(props: {
  tooltip: ReactNode;
  children: ReactNode;
  className?: string;
  tooltipClassName?: string;
  'aria-label'?: string;
  delayMs?: number;
  onPress?: () => void;
  'data-testid'?: string;
  [data: `data-${string}`]: string | boolean | undefined;
}) {
  const { tooltip, children, className, tooltipClassName, delayMs, onPress, ...rest } = props;
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (now: boolean) => {
    window.clearTimeout(timer.current);
    if (now) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), delayMs ?? 300);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    <span className="tooltip-anchor">
      <button
        type="button"
        className={className}
        aria-describedby={open ? id : undefined}
        onPointerEnter={() => show(false)}
        onPointerLeave={hide}
        onFocus={(e) => {
          if (e.currentTarget.matches(':focus-visible')) show(true);
        }}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            hide();
          }
        }}
        onClick={onPress}
        {...rest}
      >
        {children}
      </button>
      {open ? (
        <span role="tooltip" id={id} className={`tooltip ${tooltipClassName ?? ''}`}>
          {tooltip}
        </span>
      ) : null}
    </span>
  );
}
