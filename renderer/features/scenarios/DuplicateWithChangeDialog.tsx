import { useId, useMemo, useState } from 'react';
import { Button, Modal, NumberField, SelectField } from '../../components/ui';
import { formatNumber } from '../../format/format';
import { useAppStore } from '../../store';
import { catalogField } from './catalogFields';
import {
  changedCopyName,
  changeFields,
  currentValue,
  newValueLabel,
  unitShown,
} from './duplicateChange';

/**
 * "Duplicate with change…": pick one field and its new value; the copy is made with that change
 * (and the follow-on changes that keep the build valid) as one undoable step, and opens.
 * Loaded on first use (React.lazy in ScenariosPage), so the start-up bundle does not grow.
 */
export function DuplicateWithChangeDialog(props: {
  id: string;
  name: string;
  doc: Readonly<Record<string, unknown>>;
  onClose: () => void;
}) {
  const titleId = useId();
  const duplicateWithChange = useAppStore((s) => s.duplicateWithChange);
  const fields = useMemo(() => changeFields(props.doc), [props.doc]);
  const [pathKey, setPathKey] = useState(fields[0]?.path.join('.') ?? '');
  const field = fields.find((f) => f.path.join('.') === pathKey) ?? fields[0];
  const [values, setValues] = useState<Readonly<Record<string, unknown>>>({});
  if (!field) return null;
  const value = pathKey in values ? values[pathKey] : currentValue(props.doc, field);
  const setValue = (v: unknown) => setValues((x) => ({ ...x, [pathKey]: v }));
  const catalog = catalogField(field.key, value);
  const vk = field.value;

  let control;
  let valueText = String(value);
  if (catalog) {
    valueText = catalog.choices.find((c) => c.id === value)?.label ?? String(value);
    control = (
      <SelectField
        label={newValueLabel(field.label)}
        value={typeof value === 'string' ? value : ''}
        options={catalog.choices}
        onChange={setValue}
        data-testid="dup-change-value"
      />
    );
  } else if (vk.type === 'number') {
    const n = typeof value === 'number' ? value : null;
    const unit = unitShown(field.label, field.unit);
    valueText = n === null ? '' : `${formatNumber(n, 6)}${unit ? ` ${unit}` : ''}`;
    control = (
      <NumberField
        label={newValueLabel(field.label)}
        unit={unitShown(field.label, field.unit)}
        value={n}
        onChange={setValue}
        {...(vk.min !== null ? { minValue: vk.min } : {})}
        {...(vk.max !== null ? { maxValue: vk.max } : {})}
        maximumFractionDigits={vk.int ? 0 : 6}
        data-testid="dup-change-value"
      />
    );
  } else if (vk.type === 'enum') {
    control = (
      <SelectField
        label={newValueLabel(field.label)}
        value={String(value)}
        options={vk.options.map((o) => ({ id: String(o), label: String(o) }))}
        onChange={(k) => setValue(vk.options.find((o) => String(o) === k) ?? k)}
        data-testid="dup-change-value"
      />
    );
  }
  const unchanged = value === currentValue(props.doc, field);
  const name = changedCopyName(props.name, field.label, valueText);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      isDismissable
      aria-labelledby={titleId}
      className="sc-modal"
      data-testid="duplicate-with-change"
    >
      <form
        className="sc-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (unchanged) return;
          duplicateWithChange(props.id, field.path, value, name);
          props.onClose();
        }}
      >
        <h2 id={titleId} className="sc-dialog-title">
          Copy “{props.name}” with one change
        </h2>
        <SelectField
          label="Change"
          value={pathKey}
          options={fields.map((f) => ({
            id: f.path.join('.'),
            label: unitShown(f.label, f.unit) ? `${f.label} (${f.unit})` : f.label,
          }))}
          onChange={setPathKey}
          data-testid="dup-change-field"
        />
        {control}
        <p className="sc-dialog-note">
          {unchanged
            ? 'Pick a value other than the current one.'
            : `The copy “${name}” opens beside the original; fields that must follow the change (the layout, the platform) follow it, and Ctrl+Z undoes it all.`}
        </p>
        <div className="toolbar sc-dialog-actions">
          <Button className="btn" onPress={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" className="btn sc-btn-primary" isDisabled={unchanged}>
            Make the copy
          </Button>
        </div>
      </form>
    </Modal>
  );
}
