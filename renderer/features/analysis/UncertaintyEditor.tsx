import { useMemo } from 'react';
import {
  Button,
  Checkbox,
  Input,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import {
  uncertaintyRows,
  type EngineKnobs,
  type UncertaintyRow,
  type UncertaintyShape,
} from '../../../model/analysis';
import type { Scenario } from '../../../model/scenario';
import { resetRanges, setRange, useRanges } from './rangesStore';

const SHAPES: readonly { id: UncertaintyShape; label: string }[] = [
  { id: 'triangular', label: 'Triangular' },
  { id: 'uniform', label: 'Uniform' },
  { id: 'normal', label: 'Normal' },
  { id: 'lognormal', label: 'Lognormal' },
];

function save(row: UncertaintyRow, patch: Partial<UncertaintyRow>): void {
  const next = { ...row, ...patch };
  if (!(row.base !== 0 && Number.isFinite(next.low) && Number.isFinite(next.high))) return;
  setRange({
    id: row.id,
    include: next.include,
    shape: next.shape,
    lowRel: next.low / row.base,
    highRel: next.high / row.base,
  });
}

/**
 * Which inputs the Monte Carlo draws and over what range: one row per input that applies to
 * the chosen scenario. Ranges are stored relative to the scenario's value, so an edit applies
 * alike to every open scenario.
 */
export function UncertaintyEditor(props: {
  readonly scenario: Scenario;
  readonly knobs: EngineKnobs;
}) {
  const ranges = useRanges();
  const rows = useMemo(
    () => uncertaintyRows(props.scenario, ranges, props.knobs),
    [props.scenario, ranges, props.knobs],
  );
  return (
    <details className="an-table-wrap" data-testid="mc-editor">
      <summary>What is uncertain, and how much (edit)</summary>
      <p className="an-muted">
        Ranges are in each input&apos;s unit for this scenario; other open scenarios get the same
        range relative to their own value. Triangular and uniform ranges are the minimum and maximum
        (triangular peaks at the scenario&apos;s value); normal and lognormal ranges are the 10th
        and 90th percentiles.
      </p>
      <div className="an-scroll" role="region" aria-label="Uncertainty ranges" tabIndex={0}>
        <table className="an-table an-editor">
          <thead>
            <tr>
              <th scope="col">Drawn</th>
              <th scope="col">Input</th>
              <th scope="col">Shape</th>
              <th scope="col" className="num">
                Low
              </th>
              <th scope="col" className="num">
                High
              </th>
              <th scope="col">Basis</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={`mc-edit-${row.id}`}>
                <td>
                  <Checkbox
                    isSelected={row.include}
                    onChange={(include) => save(row, { include })}
                    className="an-check an-check-cell"
                    aria-label={`Draw ${row.label}`}
                  >
                    <span className="an-checkbox" aria-hidden="true" />
                  </Checkbox>
                </td>
                <th scope="row">
                  {row.label}
                  {row.unit ? <span className="an-unit"> ({row.unit})</span> : null}
                </th>
                <td>
                  <Select
                    className="an-shape"
                    selectedKey={row.shape}
                    onSelectionChange={(k) => save(row, { shape: k as UncertaintyShape })}
                    aria-label={`Shape of ${row.label}`}
                  >
                    <Button className="select-button">
                      <SelectValue />
                      <span aria-hidden="true">▾</span>
                    </Button>
                    <Popover className="select-popover">
                      <ListBox className="select-list">
                        {SHAPES.map((s) => (
                          <ListBoxItem
                            key={s.id}
                            id={s.id}
                            className="select-item"
                            textValue={s.label}
                          >
                            {s.label}
                          </ListBoxItem>
                        ))}
                      </ListBox>
                    </Popover>
                  </Select>
                </td>
                {(['low', 'high'] as const).map((side) => (
                  <td key={side} className="num">
                    <NumberField
                      className="an-num"
                      value={row[side]}
                      minValue={row.min}
                      maxValue={row.max}
                      onChange={(v) => save(row, { [side]: v })}
                      formatOptions={{ maximumSignificantDigits: 5 }}
                      aria-label={`${side === 'low' ? 'Low' : 'High'} end of ${row.label}`}
                    >
                      <Input className="field-input an-text-input an-num-input" />
                    </NumberField>
                  </td>
                ))}
                <td className="an-basis">{row.basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button className="btn an-reset" onPress={resetRanges} data-testid="mc-reset">
        Back to the default uncertainty
      </Button>
    </details>
  );
}
