import { useMemo } from 'react';
import {
  uncertaintyRows,
  type EngineKnobs,
  type UncertaintyRow,
  type UncertaintyShape,
} from '../../../model/analysis';
import type { Scenario } from '../../../model/scenario';
import { Button, Checkbox, NumberField, SelectField } from '../../components/ui';
import { fractionDigitsFor } from './analysisData';
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
                    aria-label={`Draw ${row.label}`}
                  >
                    {null}
                  </Checkbox>
                </td>
                <th scope="row">
                  {row.label}
                  {row.unit ? <span className="an-unit"> ({row.unit})</span> : null}
                </th>
                <td>
                  <SelectField
                    className="an-shape"
                    label={`Shape of ${row.label}`}
                    hideLabel
                    value={row.shape}
                    options={SHAPES}
                    onChange={(k) => save(row, { shape: k as UncertaintyShape })}
                  />
                </td>
                {(['low', 'high'] as const).map((side) => (
                  <td key={side} className="num">
                    <NumberField
                      className="an-num"
                      label={`${side === 'low' ? 'Low' : 'High'} end of ${row.label}`}
                      hideLabel
                      value={row[side]}
                      minValue={row.min}
                      maxValue={row.max}
                      onChange={(v) => save(row, { [side]: v })}
                      maximumFractionDigits={fractionDigitsFor(row[side], 5)}
                    />
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
