import { FieldError, Group, Input, Label, NumberField, Text } from 'react-aria-components';

/**
 * A labelled number field with its unit always visible and an inline error from the schema.
 * The value is committed on Enter or blur (locale-aware parsing by React Aria).
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
      className="field"
      value={props.value}
      onChange={(v) => props.onChange(v)}
      isInvalid={props.error !== undefined}
      step={props.step ?? 1}
      formatOptions={{ maximumFractionDigits: props.maximumFractionDigits ?? 0 }}
      data-testid={props.testId}
    >
      <Label className="field-label">
        {props.label} <span className="unit">({props.unit})</span>
      </Label>
      <Group className="field-group">
        <Input className="field-input" />
        <span className="field-unit" aria-hidden="true">
          {props.unit}
        </span>
      </Group>
      {props.description ? (
        <Text slot="description" className="field-description">
          {props.description}
        </Text>
      ) : null}
      <FieldError className="field-error">{props.error}</FieldError>
    </NumberField>
  );
}
