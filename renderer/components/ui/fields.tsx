import { useId, useState, type ReactNode } from 'react';
import { formatNumber, parseLocaleNumber } from '../../format/format';

/** The description/error ids of a field and its `aria-describedby`. */
function describedBy(id: string, description: unknown, error: unknown): string | undefined {
  const ids = [description ? `${id}-desc` : '', error ? `${id}-err` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's error message (nothing when there is none); `id` is what `aria-describedby` names. */
export function FieldError(props: { id: string; children?: ReactNode }) {
  return props.children !== undefined && props.children !== null && props.children !== '' ? (
    <p id={props.id} className="field-error">
      {props.children}
    </p>
  ) : null;
}

function FieldFoot(props: { id: string; description?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {props.description ? (
        <p id={`${props.id}-desc`} className="field-description">
          {props.description}
        </p>
      ) : null}
      {props.error ? <FieldError id={`${props.id}-err`}>{props.error}</FieldError> : null}
    </>
  );
}

export type SelectOption = {
  readonly id: string;
  readonly label: string;
  readonly isDisabled?: boolean;
};

/** A labelled native `<select>`: platform keyboard and screen-reader behaviour. */
export function SelectField(props: {
  label: ReactNode;
  value: string;
  options: readonly SelectOption[];
  onChange: (id: string) => void;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
  selectClassName?: string;
  'data-testid'?: string;
  isDisabled?: boolean;
  /** Hide the label visually (it is still the accessible name). */
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className={props.className ?? 'field'} data-testid={props['data-testid']}>
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'field-label'}>
        {props.label}
      </label>
      <select
        id={id}
        className={props.selectClassName ?? 'select-button'}
        value={props.value}
        disabled={props.isDisabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.description, props.error)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.id} value={o.id} disabled={o.isDisabled}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldFoot id={id} description={props.description} error={props.error} />
    </div>
  );
}

/** A native checkbox with its label. */
export function Checkbox(props: {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  children: ReactNode;
  isDisabled?: boolean;
  className?: string;
  'data-testid'?: string;
  'aria-label'?: string;
  value?: string;
}) {
  return (
    <label className={props.className ?? 'checkbox'} data-testid={props['data-testid']}>
      <input
        type="checkbox"
        checked={props.isSelected}
        disabled={props.isDisabled}
        value={props.value}
        aria-label={props['aria-label']}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}

/** A group of native radio buttons in a fieldset; arrow keys move the choice (platform). */
export function RadioGroup(props: {
  label: ReactNode;
  value: string;
  options: readonly { id: string; label: ReactNode; isDisabled?: boolean }[];
  onChange: (id: string) => void;
  className?: string;
  orientation?: 'horizontal' | 'vertical';
  description?: ReactNode;
  'data-testid'?: string;
}) {
  const name = useId();
  return (
    <fieldset
      className={`radio-group ${props.orientation === 'horizontal' ? 'radio-group-row' : ''} ${props.className ?? ''}`}
      data-testid={props['data-testid']}
    >
      <legend className="field-label">{props.label}</legend>
      {props.options.map((o) => (
        <label key={o.id} className="radio">
          <input
            type="radio"
            name={name}
            value={o.id}
            checked={props.value === o.id}
            disabled={o.isDisabled}
            onChange={() => props.onChange(o.id)}
          />
          <span>{o.label}</span>
        </label>
      ))}
      {props.description ? <p className="field-description">{props.description}</p> : null}
    </fieldset>
  );
}

/** A determinate progress bar (`role="progressbar"`) with a visible label and value text. */
export function ProgressBar(props: {
  label: ReactNode;
  value: number;
  maxValue?: number;
  valueText?: string;
  className?: string;
  'data-testid'?: string;
}) {
  const id = useId();
  const max = props.maxValue ?? 100;
  const share = max > 0 ? Math.min(1, Math.max(0, props.value / max)) : 0;
  const text = props.valueText ?? `${Math.round(share * 100)} %`;
  return (
    <div className={props.className ?? 'progress'} data-testid={props['data-testid']}>
      <div className="progress-head">
        <span id={id}>{props.label}</span>
        <span>{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={props.value}
        aria-valuetext={text}
        className="progress-track"
      >
        <div className="progress-fill" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

/** A labelled text input (or text area) with description and inline error. */
export function TextField(props: {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onCommit?: () => void;
  description?: ReactNode;
  error?: ReactNode;
  multiline?: boolean;
  placeholder?: string;
  type?: 'text' | 'search';
  className?: string;
  inputClassName?: string;
  'data-testid'?: string;
  hideLabel?: boolean;
  autoFocus?: boolean;
  isRequired?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    value: props.value,
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    required: props.isRequired,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(id, props.description, props.error),
    onBlur: () => props.onCommit?.(),
  } as const;
  return (
    <div className={props.className ?? 'field'} data-testid={props['data-testid']}>
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'field-label'}>
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          {...common}
          className={props.inputClassName ?? 'field-textarea'}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          className={props.inputClassName ?? 'field-input field-box'}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') props.onCommit?.();
          }}
        />
      )}
      <FieldFoot id={id} description={props.description} error={props.error} />
    </div>
  );
}

/**
 * A labelled number input in the system locale (Intl formatting and parsing): the typed text is
 * committed on Enter or blur, Escape restores the committed value, Up/Down step by `step`.
 * Text that is not a number shows an error and commits nothing; values are clamped to
 * [minValue, maxValue]. Emptied text calls `onClear` (optional fields) or restores the value.
 */
export function NumberField(props: {
  label: ReactNode;
  value: number | null;
  onChange: (value: number) => void;
  /** Called when the text is emptied and committed (optional fields); without it, emptying restores the value. */
  onClear?: () => void;
  unit?: string;
  minValue?: number;
  maxValue?: number;
  step?: number;
  maximumFractionDigits?: number;
  description?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  className?: string;
  'data-testid'?: string;
  hideLabel?: boolean;
  isDisabled?: boolean;
  /** The accessible name when the label is hidden and not plain text. */
  'aria-label'?: string;
}) {
  const id = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [bad, setBad] = useState(false);
  const v = props.value;
  const digits = props.maximumFractionDigits ?? 6;
  const text = editing ?? (v !== null && Number.isFinite(v) ? formatNumber(v, digits) : '');
  const clamp = (x: number) =>
    Math.min(props.maxValue ?? Infinity, Math.max(props.minValue ?? -Infinity, x));
  const commit = () => {
    if (editing === null) return;
    if (editing.trim() === '') {
      setBad(false);
      setEditing(null);
      if (props.onClear && v !== null) props.onClear();
      return;
    }
    const parsed = parseLocaleNumber(editing);
    if (Number.isNaN(parsed)) {
      setBad(true);
      return;
    }
    setBad(false);
    setEditing(null);
    const next = clamp(parsed);
    if (next !== v) props.onChange(next);
  };
  const error = props.error ?? (bad ? 'Enter a number' : undefined);
  return (
    <div className={props.className ?? 'field'} data-testid={props['data-testid']}>
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : 'field-label'}>
        {props.label}
        {props.unit && !props.hideLabel ? <span className="unit"> ({props.unit})</span> : null}
      </label>
      <div className="field-group" data-invalid={error ? true : undefined}>
        <input
          id={id}
          className="field-input"
          type="text"
          inputMode={digits === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          placeholder={props.placeholder}
          disabled={props.isDisabled}
          aria-label={props['aria-label']}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, props.description, error)}
          onChange={(e) => setEditing(e.currentTarget.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            else if (e.key === 'Escape' && editing !== null) {
              e.stopPropagation();
              setEditing(null);
              setBad(false);
            } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && editing === null) {
              if (v === null || !Number.isFinite(v)) return;
              e.preventDefault();
              const next = clamp(v + (e.key === 'ArrowUp' ? 1 : -1) * (props.step ?? 1));
              if (next !== v) props.onChange(next);
            }
          }}
        />
        {props.unit ? (
          <span className="field-unit" aria-hidden="true">
            {props.unit}
          </span>
        ) : null}
      </div>
      <FieldFoot id={id} description={props.description} error={error} />
    </div>
  );
}
