import { useMemo } from 'react';
import { Button, SelectField } from '../../components/ui';
import { ACCELERATORS, ACCELERATOR_SOURCES } from '../../../model/catalog/accelerators';
import type { Source } from '../../../model/catalog/sourced';
import { SourcedValue } from '../../components/SourcedValue';
import { NumberInput } from '../../components/NumberInput';
import { formatEnergyKwh, formatMoney, formatNumber, formatPower } from '../../format/format';
import { useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import { energyInputsFromFile, energyInputsToFile } from './energyInputs';
import { useEnergyResult } from './useEnergyResult';
import { CostChart } from './CostChart';

/**
 * The first vertical slice: pick an accelerator, a GPU count, an average load and an electricity
 * price; see the accelerators' IT power and yearly electricity cost from the engine.
 */
export function EnergyPage() {
  const inputs = useAppStore((s) => s.energy);
  const setField = useAppStore((s) => s.setEnergyField);
  const replaceInputs = useAppStore((s) => s.replaceEnergyInputs);
  const showNotice = useAppStore((s) => s.showNotice);
  const result = useEnergyResult(inputs);
  const api = useDesktopApi();
  const sources = useMemo(
    () => new Map<string, Source>(ACCELERATOR_SOURCES.map((s) => [s.id, s])),
    [],
  );
  const errors = result.ok ? {} : result.errors;

  async function save() {
    try {
      const r = await api.saveTextFile({
        suggestedName: 'energy-inputs.json',
        kind: 'scenario',
        contents: energyInputsToFile(inputs),
      });
      if (r.saved) showNotice({ kind: 'info', text: `Saved ${r.fileName ?? 'file'}.` });
    } catch (e) {
      showNotice({ kind: 'error', text: `Could not save: ${(e as Error).message}` });
    }
  }

  async function open() {
    try {
      const file = await api.openTextFile({ kind: 'scenario' });
      if (file === null) return;
      replaceInputs(energyInputsFromFile(file.contents));
      showNotice({ kind: 'info', text: `Opened ${file.fileName}.` });
    } catch (e) {
      // What is open stays open: the inputs are only replaced after a successful parse.
      showNotice({ kind: 'error', text: `Could not open the file: ${(e as Error).message}` });
    }
  }

  async function exportCsv() {
    if (!result.ok) return;
    const lines = ['year,cost_usd,cumulative_usd'];
    for (const r of result.rows) {
      lines.push(`${r.year},${r.costUsd.toFixed(2)},${r.cumulativeUsd.toFixed(2)}`);
    }
    await api.saveTextFile({
      suggestedName: 'electricity-cost.csv',
      kind: 'csv',
      contents: `${lines.join('\n')}\n`,
    });
  }

  return (
    <div className="page energy-page">
      <section className="panel inputs" aria-labelledby="inputs-title">
        <div className="panel-head">
          <h2 id="inputs-title">Build</h2>
          <div className="toolbar">
            <Button className="btn" onPress={() => void open()}>
              Open…
            </Button>
            <Button className="btn" onPress={() => void save()}>
              Save…
            </Button>
          </div>
        </div>
        <SelectField
          label="Accelerator"
          value={inputs.acceleratorId}
          options={ACCELERATORS.map((a) => ({ id: a.id, label: a.name }))}
          onChange={(id) => setField('acceleratorId', id)}
          description="Catalog entry; hover a figure below for its source."
          data-testid="accelerator"
        />
        {result.ok ? (
          <dl className="spec-list" aria-label="Accelerator figures from the catalog">
            <div>
              <dt>Board power (TDP)</dt>
              <dd data-testid="tdp">
                <SourcedValue
                  label="Board power"
                  text={`${formatNumber(result.accelerator.tdpW.value)} W`}
                  value={result.accelerator.tdpW}
                  sources={sources}
                />
              </dd>
            </div>
            <div>
              <dt>HBM</dt>
              <dd>
                <SourcedValue
                  label="HBM"
                  text={`${formatNumber(result.accelerator.hbmGB.value)} GB`}
                  value={result.accelerator.hbmGB}
                  sources={sources}
                />
              </dd>
            </div>
            <div>
              <dt>BF16 dense peak</dt>
              <dd>
                <SourcedValue
                  label="BF16 dense peak"
                  text={`${formatNumber(result.accelerator.denseTflops.bf16.value, 1)} TFLOP/s`}
                  value={result.accelerator.denseTflops.bf16}
                  sources={sources}
                />
              </dd>
            </div>
          </dl>
        ) : null}
        <NumberInput
          label="GPU count"
          unit="GPUs"
          value={inputs.gpuCount}
          onChange={(v) => setField('gpuCount', v)}
          error={errors.gpuCount}
          testId="gpu-count"
        />
        <NumberInput
          label="Average load"
          unit="%"
          value={inputs.utilizationPct}
          onChange={(v) => setField('utilizationPct', v)}
          error={errors.utilizationPct}
          description="Share of the span from idle to full board power, averaged over the year."
          maximumFractionDigits={1}
          testId="load"
        />
        <NumberInput
          label="Idle power"
          unit="% of TDP"
          value={inputs.idlePctOfTdp}
          onChange={(v) => setField('idlePctOfTdp', v)}
          error={errors.idlePctOfTdp}
          description="Planning estimate (≈10 %); replace with a measured idle draw."
          maximumFractionDigits={1}
          testId="idle"
        />
        <NumberInput
          label="Electricity price"
          unit="USD/kWh"
          value={inputs.priceUsdPerKwh}
          onChange={(v) => setField('priceUsdPerKwh', v)}
          error={errors.priceUsdPerKwh}
          description="Default 0.10: US industrial average 2024 ≈ 0.08 (EIA), rounded up."
          step={0.01}
          maximumFractionDigits={4}
          testId="price"
        />
        <NumberInput
          label="Price change"
          unit="%/year"
          value={inputs.priceChangePctPerYear}
          onChange={(v) => setField('priceChangePctPerYear', v)}
          error={errors.priceChangePctPerYear}
          maximumFractionDigits={1}
          testId="price-change"
        />
        <NumberInput
          label="Horizon"
          unit="years"
          value={inputs.years}
          onChange={(v) => setField('years', v)}
          error={errors.years}
          testId="years"
        />
      </section>
      <section className="panel results" aria-labelledby="results-title" aria-live="polite">
        <div className="panel-head">
          <h2 id="results-title">Accelerator power and electricity</h2>
          <div className="toolbar">
            <Button className="btn" onPress={() => void exportCsv()} isDisabled={!result.ok}>
              Export CSV…
            </Button>
          </div>
        </div>
        {result.ok ? (
          <>
            <div className="kpis">
              <div className="kpi">
                <div className="kpi-label">IT power of the GPUs</div>
                <div className="kpi-value" data-testid="it-power">
                  {formatPower(result.itPowerW)}
                </div>
                <div className="kpi-note">n · (idle + load · (TDP − idle))</div>
              </div>
              <div className="kpi">
                <div className="kpi-label">Energy per year</div>
                <div className="kpi-value" data-testid="energy">
                  {formatEnergyKwh(result.energyKwhPerYear)}
                </div>
                <div className="kpi-note">power · 8,760 h</div>
              </div>
              <div className="kpi">
                <div className="kpi-label">Electricity cost, year 1</div>
                <div className="kpi-value" data-testid="yearly-cost">
                  {formatMoney(result.costFirstYearUsd)}
                </div>
                <div className="kpi-note">energy · price (GPUs only, before PUE)</div>
              </div>
              <div className="kpi">
                <div className="kpi-label">Total over {inputs.years} years</div>
                <div className="kpi-value" data-testid="total-cost">
                  {formatMoney(result.totalUsd)}
                </div>
                <div className="kpi-note">with the yearly price change</div>
              </div>
            </div>
            <CostChart rows={result.rows} />
          </>
        ) : (
          <div className="error-box" role="alert" data-testid="result-errors">
            <p>Fix these inputs to see results:</p>
            <ul>
              {Object.entries(result.errors).map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
