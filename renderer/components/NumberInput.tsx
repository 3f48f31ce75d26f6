import { NumberField } from './ui';

/**
 * A labelled number field with its unit always visible and an inline error from the schema.
 * The value is committed on Enter or blur (locale-aware parsing by the one formatter module).
 */
export function NumberInput(props: {
  label: string;
  unit: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  description?: string;
  step?: number;
  maximumFractionDigits?: number;
  testId: string;
}) {
  return (
    <NumberField
      label={props.label}
      unit={props.unit}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      description={props.description}
      step={props.step ?? 1}
      maximumFractionDigits={props.maximumFractionDigits ?? 0}
      data-testid={props.testId}
    />
  );
}
