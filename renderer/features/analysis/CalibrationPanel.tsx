import { useState } from 'react';
import {
  calibrationSection,
  fitCalibration,
  type CalibrationMeasurement,
} from '../../../model/analysis';
import type { Scenario } from '../../../model/scenario';
import { NumberInput } from '../../components/NumberInput';
import { Button, RadioGroup, TextField } from '../../components/ui';
import { formatNumber } from '../../format/format';
import { useAppStore } from '../../store';

function signedPct(v: number): string {
  const r = Math.abs(v) < 0.05 ? 0 : v;
  return `${r > 0 ? '+' : r < 0 ? '−' : ''}${formatNumber(Math.abs(r), 1)} %`;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Calibration from the user's own run: a measured step time or throughput for the chosen
 * scenario's configuration fits the compute-efficiency multiplier of its accelerator, stack and
 * precision; shows the error before and after and records the calibration with its source.
 */
export function CalibrationPanel(props: { readonly id: string; readonly scenario: Scenario }) {
  const setField = useAppStore((s) => s.setField);
  const [kind, setKind] = useState<CalibrationMeasurement['kind']>('step_time_s');
  const [value, setValue] = useState<number>(NaN);
  const [source, setSource] = useState('');
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const training = props.scenario.workload.kind === 'training';
  const record = training ? recordedFit(props.scenario) : null;

  const onCalibrate = () => {
    try {
      const rec = fitCalibration(props.scenario, { kind, value }, source, date);
      // Recorded in the scenario: saved with the file, undoable, applied by the engine.
      setField(props.id, ['calibration'], calibrationSection(rec));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="an-section" aria-labelledby="an-cal-title" data-testid="calibration">
      <h3 id="an-cal-title">Calibration from your own run</h3>
      {!training ? (
        <p className="an-muted">Calibration needs a training scenario (a measured step time).</p>
      ) : (
        <>
          <p className="an-muted">
            Enter what you measured for this exact configuration. The engine fits its achieved
            compute efficiency for this accelerator, stack and precision (forward, backward,
            recompute and bubble time scale; communication does not) and shows its error before and
            after.
          </p>
          <div className="an-controls">
            <RadioGroup
              label="Measured"
              value={kind}
              options={[
                { id: 'step_time_s', label: 'Step time' },
                { id: 'tokens_per_s', label: 'Tokens per second' },
              ]}
              onChange={(k) => setKind(k as CalibrationMeasurement['kind'])}
              orientation="horizontal"
              className="an-radio"
              data-testid="cal-kind"
            />
            <NumberInput
              label={kind === 'step_time_s' ? 'Measured step time' : 'Measured throughput'}
              unit={kind === 'step_time_s' ? 's' : 'tokens/s'}
              value={value}
              onChange={setValue}
              maximumFractionDigits={4}
              step={kind === 'step_time_s' ? 0.1 : 1000}
              testId="cal-value"
            />
            <TextField
              label="Source"
              className="field an-wide"
              value={source}
              onChange={setSource}
              isRequired
              description="Run id, log or dashboard the number comes from."
              data-testid="cal-source"
            />
            <TextField
              label="Measured on"
              value={date}
              onChange={setDate}
              description="YYYY-MM-DD"
              data-testid="cal-date"
            />
            <div className="an-buttons">
              <Button className="btn btn-primary" onPress={onCalibrate} data-testid="cal-run">
                Calibrate
              </Button>
            </div>
          </div>
          {error ? (
            <div className="error-box" role="alert" data-testid="cal-error">
              {error}
            </div>
          ) : null}
          {record ? (
            <div className="an-cal-result" data-testid="cal-result">
              <table className="an-table">
                <caption className="visually-hidden">
                  Step time before and after calibration
                </caption>
                <thead>
                  <tr>
                    <th scope="col" />
                    <th scope="col" className="num">
                      Step time
                    </th>
                    <th scope="col" className="num">
                      Error vs measured
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">Measured</th>
                    <td className="num">{formatNumber(record.measuredStepTimeS, 3)} s</td>
                    <td className="num">—</td>
                  </tr>
                  <tr data-testid="cal-before">
                    <th scope="row">Engine before</th>
                    <td className="num">{formatNumber(record.predictedBeforeS, 3)} s</td>
                    <td className="num">{signedPct(record.beforeErrorPct)}</td>
                  </tr>
                  <tr data-testid="cal-after">
                    <th scope="row">Engine after</th>
                    <td className="num">{formatNumber(record.predictedAfterS, 3)} s</td>
                    <td className="num">{signedPct(record.afterErrorPct)}</td>
                  </tr>
                </tbody>
              </table>
              <p data-testid="cal-record">
                Compute efficiency ×{formatNumber(record.computeEfficiencyMultiplier, 3)} for{' '}
                <code>{record.acceleratorId}</code>, {record.stack} stack, {record.precision};
                source: {record.source}, measured {record.date}.
                {record.clamped
                  ? ' The fit hit its bound: compute efficiency alone cannot explain this measurement (check the layout, or the communication figures).'
                  : ''}
              </p>
              <p className="an-muted">
                Recorded in the scenario (section <code>calibration</code>): saved with the file,
                shown in the report&apos;s assumptions, and applied by the engine to every figure of
                this scenario while it runs this accelerator, stack and precision. Ctrl+Z undoes it.
              </p>
              <div className="an-buttons">
                <Button
                  className="btn"
                  onPress={() => setField(props.id, ['calibration'], null)}
                  data-testid="cal-remove"
                >
                  Remove this calibration
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The scenario's recorded calibration as the panel shows it: measured step time and the
 * engine's step time before and after the fit (from the recorded errors), or null.
 */
function recordedFit(scenario: Scenario) {
  const c = scenario.calibration;
  const w = scenario.workload;
  if (c === null || w.kind !== 'training') return null;
  const tokensPerStep = w.training.globalBatchSeqs * w.model.seqLenTokens;
  const measuredStepTimeS =
    c.measured.kind === 'step_time_s' ? c.measured.value : tokensPerStep / c.measured.value;
  return {
    ...c,
    measuredStepTimeS,
    predictedBeforeS: measuredStepTimeS * (1 + c.beforeErrorPct / 100),
    predictedAfterS: measuredStepTimeS * (1 + c.afterErrorPct / 100),
    clamped: c.computeEfficiencyMultiplier <= 0.2 || c.computeEfficiencyMultiplier >= 3,
  };
}
