import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** Called on click, Enter or Space (a native button's activation). */
  onPress?: () => void;
  isDisabled?: boolean;
  type?: 'button' | 'submit' | 'reset';
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A native `<button>` (type "button" unless told): platform keyboard activation, focus ring by
 * `:focus-visible`, `disabled` by `isDisabled`. `onPress` is the click handler.
 */
export function Button({ onPress, isDisabled, type, onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      disabled={isDisabled}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) onPress?.();
      }}
      {...rest}
    />
  );
}

/** A two-state button (`aria-pressed`), e.g. a column visibility toggle. */
export function ToggleButton({
  isSelected,
  onChange,
  ...rest
}: Omit<ButtonProps, 'onPress' | 'onChange'> & {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
}) {
  return (
    <Button
      aria-pressed={isSelected}
      data-selected={isSelected || undefined}
      onPress={() => onChange(!isSelected)}
      {...rest}
    />
  );
}
