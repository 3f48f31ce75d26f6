import type { TornadoResult } from '../../../model/analysis';
import { Button, NumberField } from '../../components/ui';
import { fractionDigitsFor } from './analysisData';
import { resetTornadoRanges, setTornadoRange, useTornadoRanges } from './tornadoRangesStore';

/**
 * Edit the tornado's ranges: low and high of each input in its unit for this scenario, kept
 * relative to the scenario's value so other scenarios get the same relative range.
 */
export function TornadoRangeEditor(props: { readonly t: TornadoResult }) {
  const ranges = useTornadoRanges();
  const edited = Object.keys(ranges).length;
  return (
    <details className="an-table-wrap" data-testid="tornado-editor">
      <summary>Change the ranges{edited > 0 ? ` (${edited} changed)` : ''}</summary>
      <div className="an-scroll" role="region" aria-label="Tornado ranges" tabIndex={0}>
        <table className="an-table an-editor">
          <thead>
            <tr>
              <th scope="col">Input</th>
              <th scope="col" className="num">
                Low
              </th>
              <th scope="col" className="num">
                High
              </th>
            </tr>
          </thead>
          <tbody>
            {props.t.bars.map((b) => {
              const save = (side: 'low' | 'high', v: number) => {
                if (b.base === 0 || !Number.isFinite(v)) return;
                const low = side === 'low' ? v : b.low;
                const high = side === 'high' ? v : b.high;
                setTornadoRange(b.id, { lowRel: low / b.base, highRel: high / b.base });
              };
              return (
                <tr key={b.id}>
                  <th scope="row">
                    {b.label}
                    {b.unit ? <span className="an-unit"> ({b.unit})</span> : null}
                  </th>
                  {(['low', 'high'] as const).map((side) => (
                    <td key={side} className="num">
                      <NumberField
                        className="an-num"
                        label={`${side === 'low' ? 'Low' : 'High'} end of ${b.label}`}
                        hideLabel
                        value={b[side]}
                        onChange={(v) => save(side, v)}
                        isDisabled={b.base === 0}
                        maximumFractionDigits={fractionDigitsFor(b[side], 5)}
                        data-testid={`tornado-${side}-${b.id}`}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button className="btn an-reset" onPress={resetTornadoRanges} data-testid="tornado-reset">
        Default ranges
      </Button>
    </details>
  );
}
