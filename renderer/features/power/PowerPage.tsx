import { useId, useMemo, type ReactNode } from 'react';
import { catalogFor, type EvaluationResult, type PowerCostResult } from '../../../model/evaluate';
import type { ResolvedBuild } from '../../../model/build';
import { builtinCatalog } from '../../../model/catalog';
import { Button, SelectField } from '../../components/ui';
import { formatMetric } from '../../components/metricFormat';
import {
  formatNumber,
  formatNumberCompact,
  formatPercent,
  formatUnitPrice,
} from '../../format/format';
import { useAppStore } from '../../store';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { useEvaluations } from '../../workspace/useEvaluations';
import { StackedBarsChart } from '../charts/Charts';
import { whyNoResult } from '../charts/chartData';
import { FleetPanel } from './FleetPanel';
import { activityRows, assumptionGroups, itPowerChart, itPowerTable, nodeRows } from './powerData';
import '../charts/charts.css';
import './power.css';

const kw = (v: number) => formatMetric(v, 'kW');
const watts = (v: number) => formatMetric(v, 'W');

/**
 * Power: a view of the active scenario's evaluation (no inputs of its own). IT power by line
 * while running, over the calendar and at peak; the GPUs' activity and their mean board power;
 * one node by component; network and storage; the facility (PUE, energy, electricity cost in the
 * scenario currency, carbon, water); and every build value the evaluation used, with where it
 * comes from. Every figure is the engine's (`evaluate`, through `useEvaluations()`).
 */
export function PowerPage() {
  const evals = useEvaluations();
  const activeId = useAppStore((s) => s.activeId);
  const setActive = useAppStore((s) => s.setActive);
  const setPage = useAppStore((s) => s.setPage);
  const active = evals.find((e) => e.id === activeId) ?? evals[0] ?? null;
  return (
    <div className="pw-page">
      <section className="panel pw-head" aria-labelledby="pw-title">
        <div className="pw-head-row">
          <h2 id="pw-title">Power</h2>
          {evals.length > 0 ? (
            <SelectField
              label="Scenario"
              className="field pw-scenario"
              value={active?.id ?? ''}
              options={evals.map((e) => ({ id: e.id, label: e.name || 'Unnamed' }))}
              onChange={setActive}
              data-testid="pw-scenario"
            />
          ) : null}
          <Button className="btn" onPress={() => setPage('scenarios')}>
            Edit in Scenarios
          </Button>
        </div>
        <p className="pw-lede">
          What the scenario’s build draws and what that costs, from the engine’s evaluation of the
          scenario: power from what the GPUs do over the step, facility power through the PUE,
          energy and electricity over a year of 8,760 h. Change the inputs in the scenario editor.
        </p>
      </section>
      {active === null ? (
        <p className="panel">No scenario is open. Add one on the Scenarios screen.</p>
      ) : (
        <ScenarioPower evaluation={active} />
      )}
    </div>
  );
}

function ScenarioPower(props: { evaluation: ScenarioEvaluation }) {
  const e = props.evaluation;
  const r = e.result;
  if (r === null) {
    return (
      <div className="error-box" role="alert" data-testid="pw-no-result">
        No power figures for {e.name || 'this scenario'}: {whyNoResult(e) ?? 'no result'}.
      </div>
    );
  }
  const pc = r.powerCost;
  if (pc === null || r.build === null) {
    const why = r.warnings.find((w) => w.startsWith('power and cost not evaluated'));
    return (
      <div className="error-box" role="alert" data-testid="pw-no-result">
        No power figures for {e.name || 'this scenario'}: {why ?? 'power was not evaluated'}.
      </div>
    );
  }
  return (
    <>
      <Headline result={r} pc={pc} build={r.build} />
      <div className="pw-columns">
        <div className="pw-column">
          <ItPower pc={pc} />
          <NodePower pc={pc} build={r.build} />
        </div>
        <div className="pw-column">
          <Activity result={r} pc={pc} build={r.build} />
          <Facility result={r} pc={pc} build={r.build} />
          <NetworkStorage result={r} pc={pc} />
        </div>
      </div>
      {e.scenario && r.workloadKind === 'serving' ? (
        <FleetPanel scenario={e.scenario} result={r} />
      ) : null}
      <BuildTable evaluation={e} result={r} />
    </>
  );
}

/** A registered metric of the result, formatted with its unit (money in the currency). */
function metric(r: EvaluationResult, id: string): string {
  const v = r.metrics[id];
  return v ? formatMetric(v.value, v.unit, r.currency) : '—';
}

function Kpi(props: { id: string; label: string; value: string; note: ReactNode }) {
  return (
    <div className="pw-kpi">
      <dt>{props.label}</dt>
      <dd className="pw-kpi-value" data-testid={`pw-kpi-${props.id}`}>
        {props.value}
      </dd>
      <dd className="pw-kpi-note">{props.note}</dd>
    </div>
  );
}

function Headline(props: { result: EvaluationResult; pc: PowerCostResult; build: ResolvedBuild }) {
  const { result: r, pc, build: b } = props;
  const price = `${formatUnitPrice(pc.facility.electricityPerKwh, r.currency)}/kWh`;
  return (
    <section className="panel pw-section" aria-labelledby="pw-headline-title">
      <h3 id="pw-headline-title" className="pw-section-title">
        Headline figures <span className="pw-currency">· money in {r.currency}</span>
      </h3>
      <dl className="pw-kpis" data-testid="pw-kpis">
        <Kpi
          id="it-running"
          label="IT power while running"
          value={metric(r, 'it_power_running_kw')}
          note={`peak ${metric(r, 'it_power_peak_kw')}`}
        />
        <Kpi
          id="it-average"
          label="IT power, calendar average"
          value={metric(r, 'it_power_kw')}
          note={`running ${formatPercent(b.finance.utilization)} of the time, idle the rest`}
        />
        <Kpi
          id="facility"
          label="Facility power, average"
          value={metric(r, 'facility_power_kw')}
          note={`IT average × PUE ${formatNumber(pc.pue, 2)}`}
        />
        <Kpi
          id="gpu"
          label="Mean GPU board power"
          value={metric(r, 'gpu_power_w')}
          note={`while running; TDP ${watts(b.gpu.tdpW)}, idle ${watts(b.gpu.idleW)}`}
        />
        <Kpi
          id="energy"
          label="Energy per year"
          value={metric(r, 'energy_mwh_per_year')}
          note={`facility; IT ${formatMetric(pc.facility.itEnergyMwhPerYear, 'MWh/yr')}`}
        />
        <Kpi
          id="price"
          label="Electricity price"
          value={price}
          note={`${r.currency} per kWh, as the build resolves it`}
        />
        <Kpi
          id="electricity-cost"
          label="Electricity cost per year"
          value={metric(r, 'electricity_cost_usd_per_year')}
          note={`facility energy × ${price}`}
        />
        <Kpi
          id="carbon"
          label="Carbon per year"
          value={metric(r, 'carbon_t_per_year')}
          note={`grid ${formatMetric(b.facility.carbonGPerKwh, 'gCO2e/kWh')}`}
        />
        <Kpi
          id="water"
          label="Water per year"
          value={metric(r, 'water_m3_per_year')}
          note={`IT energy × WUE ${formatMetric(b.facility.wueLPerKwh, 'L/kWh')}`}
        />
      </dl>
    </section>
  );
}

/** A titled section of the page's grid. */
function Section(props: { id: string; title: string; lede?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="panel pw-section" aria-labelledby={titleId} data-testid={props.id}>
      <h3 id={titleId} className="pw-section-title">
        {props.title}
      </h3>
      {props.lede ? <p className="pw-section-lede">{props.lede}</p> : null}
      {props.children}
    </section>
  );
}

/** A table that scrolls sideways on a narrow window, reachable by keyboard. */
function TableScroll(props: { label: string; children: ReactNode }) {
  return (
    <div className="pw-table-scroll" role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  );
}

function ItPower(props: { pc: PowerCostResult }) {
  const chart = useMemo(() => itPowerChart(props.pc), [props.pc]);
  const table = useMemo(() => itPowerTable(props.pc), [props.pc]);
  const caption = 'IT power by line (kW)';
  return (
    <Section
      id="pw-it"
      title="IT power by line"
      lede="Nodes, networks and storage. While running: the workload on every GPU it uses; calendar average: running for the utilisation share of the year, idle the rest; peak: every component at its maximum."
    >
      <StackedBarsChart
        testId="pw-it-chart"
        title="IT power at three operating points (kW)"
        description="Stacked by part of the build; the facility overhead (PUE) is not IT power."
        data={chart}
        unitLabel="kW"
        format={kw}
        formatTick={(v) => formatNumberCompact(v)}
        categoryHeader="Operating point"
      />
      <TableScroll label={caption}>
        <table className="pw-table" data-testid="pw-it-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col" className="num">
                While running
              </th>
              <th scope="col" className="num">
                Calendar average
              </th>
              <th scope="col" className="num">
                Peak
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} data-testid={`pw-it-${row.key}`}>
                <th scope="row">{row.label}</th>
                <td className="num">{kw(row.running)}</td>
                <td className="num">{kw(row.average)}</td>
                <td className="num">{kw(row.peak)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="pw-it-total">
              <th scope="row">{table.total.label}</th>
              <td className="num">{kw(table.total.running)}</td>
              <td className="num">{kw(table.total.average)}</td>
              <td className="num">{kw(table.total.peak)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </Section>
  );
}

function Activity(props: { result: EvaluationResult; pc: PowerCostResult; build: ResolvedBuild }) {
  const { result: r, pc, build: b } = props;
  const rows = activityRows(pc.activity);
  const caption = 'Share of wall time per kind of GPU work';
  return (
    <Section
      id="pw-activity"
      title="What the GPUs do while running"
      lede="Shares of wall time while the workload runs, from the performance and reliability results. Each kind of work draws its measured share of the board’s power limit; waits and idle draw idle power."
    >
      <TableScroll label={caption}>
        <table className="pw-table pw-activity" data-testid="pw-activity-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Work</th>
              <th scope="col" className="num">
                Share of time
              </th>
              <th scope="col">
                <span className="visually-hidden">Bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.key} data-testid={`pw-activity-${a.key}`}>
                <th scope="row">
                  {a.label}
                  <span className="pw-note"> — {a.note}</span>
                </th>
                <td className="num">{shareText(a.share)}</td>
                <td className="pw-bar-cell" aria-hidden="true">
                  {a.share > 0 ? (
                    <span className="pw-bar" style={{ width: `${Math.min(1, a.share) * 100}%` }} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="pw-fact" data-testid="pw-gpu-power">
        Mean board power of one GPU while running: <strong>{metric(r, 'gpu_power_w')}</strong>{' '}
        (power limit {watts(b.gpu.tdpW)}, idle {watts(b.gpu.idleW)}).
      </p>
    </Section>
  );
}

/** A share of time (0…1) as a percentage; a share too small to show says so. */
function shareText(share: number): string {
  if (share > 0 && share < 0.0005) return `< ${formatPercent(0.001, 1)}`;
  return formatPercent(share, 1);
}

function NodePower(props: { pc: PowerCostResult; build: ResolvedBuild }) {
  const { pc, build: b } = props;
  const rows = nodeRows(pc.node);
  const caption = 'Power of one node by component (W)';
  return (
    <Section
      id="pw-node"
      title="One node by component"
      lede={`${b.system.name}: ${formatNumber(b.nodes)} nodes of ${formatNumber(b.system.gpusPerNode)} GPUs. While running: the mean over the build’s nodes; peak: every component at its maximum. Nameplate ${watts(pc.node.ratedW)}.`}
    >
      <TableScroll label={caption}>
        <table className="pw-table" data-testid="pw-node-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col" className="num">
                While running
              </th>
              <th scope="col" className="num">
                Peak
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, -1).map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td className="num">{watts(row.runningW)}</td>
                <td className="num">{watts(row.peakW)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {rows.slice(-1).map((row) => (
              <tr key={row.key} data-testid="pw-node-total">
                <th scope="row">{row.label}</th>
                <td className="num">{watts(row.runningW)}</td>
                <td className="num">{watts(row.peakW)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </TableScroll>
    </Section>
  );
}

/** A list of figures: term, value. */
function Facts(props: {
  testId: string;
  items: readonly { id: string; label: string; value: string }[];
}) {
  return (
    <dl className="pw-facts" data-testid={props.testId}>
      {props.items.map((f) => (
        <div key={f.id}>
          <dt>{f.label}</dt>
          <dd data-testid={`pw-fact-${f.id}`}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function NetworkStorage(props: { result: EvaluationResult; pc: PowerCostResult }) {
  const { result: r, pc } = props;
  return (
    <Section
      id="pw-network"
      title="Network and storage"
      lede="Switches and switch-side optics of the compute, storage and management networks (node NICs and optics are node power), and the shared storage tiers as bought."
    >
      <Facts
        testId="pw-network-facts"
        items={[
          { id: 'network-power', label: 'Network power', value: metric(r, 'network_power_kw') },
          { id: 'switches', label: 'Switches', value: metric(r, 'switches') },
          { id: 'transceivers', label: 'Transceivers', value: metric(r, 'transceivers') },
          {
            id: 'cables',
            label: 'Cables',
            value: `${formatNumber(pc.network.cables)} cables`,
          },
          { id: 'storage-power', label: 'Storage power', value: metric(r, 'storage_power_kw') },
          { id: 'racks', label: 'Racks', value: metric(r, 'racks') },
          { id: 'rack-power', label: 'Fullest compute rack', value: metric(r, 'rack_power_kw') },
        ]}
      />
    </Section>
  );
}

function Facility(props: { result: EvaluationResult; pc: PowerCostResult; build: ResolvedBuild }) {
  const { result: r, pc } = props;
  const f = pc.facility;
  return (
    <Section
      id="pw-facility"
      title="Facility and energy"
      lede="Facility power is IT power × PUE (cooling and distribution on top); energy over 8,760 hours a year; electricity cost = facility energy × price."
    >
      <Facts
        testId="pw-facility-facts"
        items={[
          { id: 'pue', label: 'PUE', value: formatNumber(pc.pue, 2) },
          { id: 'facility-avg', label: 'Facility power, average', value: kw(f.facilityAvgKw) },
          { id: 'facility-peak', label: 'Facility power, peak', value: kw(f.facilityPeakKw) },
          { id: 'overhead', label: 'Overhead (cooling, distribution)', value: kw(f.overheadAvgKw) },
          {
            id: 'cooling',
            label: 'Cooling load (peak IT)',
            value: `${kw(f.coolingLoadKw)} · ${metric(r, 'cooling_tons')}`,
          },
          {
            id: 'it-energy',
            label: 'IT energy per year',
            value: formatMetric(f.itEnergyMwhPerYear, 'MWh/yr'),
          },
          {
            id: 'energy',
            label: 'Facility energy per year',
            value: metric(r, 'energy_mwh_per_year'),
          },
          {
            id: 'price',
            label: 'Electricity price',
            value: `${formatUnitPrice(f.electricityPerKwh, r.currency)}/kWh`,
          },
          {
            id: 'electricity-cost',
            label: 'Electricity cost per year',
            value: metric(r, 'electricity_cost_usd_per_year'),
          },
          { id: 'carbon', label: 'Carbon per year', value: metric(r, 'carbon_t_per_year') },
          { id: 'water', label: 'Water per year', value: metric(r, 'water_m3_per_year') },
          { id: 'floor', label: 'Floor area', value: metric(r, 'floor_area_m2') },
        ]}
      />
    </Section>
  );
}

/** Every build value the evaluation used (result.assumptions), by section, with its origin. */
function BuildTable(props: { evaluation: ScenarioEvaluation; result: EvaluationResult }) {
  const { evaluation: e, result: r } = props;
  const userCatalog = e.scenario?.userCatalog;
  const groups = useMemo(() => {
    // The catalog the evaluation resolved against (built-in merged with the user's entries).
    const catalog = userCatalog ? catalogFor(userCatalog) : builtinCatalog();
    const title = (id: string) => catalog.sources.get(id)?.title ?? id;
    return assumptionGroups(r.assumptions, e.draft.doc, r.currency, title);
  }, [r, e.draft.doc, userCatalog]);
  const titleId = useId();
  return (
    <section className="panel pw-section pw-build" aria-labelledby={titleId}>
      <h3 id={titleId} className="pw-section-title">
        What the build is
      </h3>
      <p className="pw-section-lede">
        Every value of the build the evaluation used, with where it comes from: a catalog entry (its
        sources and date), a field <span className="pw-prov-scenario">set in the scenario</span>, a
        documented default the scenario leaves in place, or the rule that derives it. The report’s
        assumptions come from the same evaluation.
      </p>
      <TableScroll label="Build values and where they come from">
        <table className="pw-table pw-assumptions" data-testid="pw-assumptions">
          <caption className="visually-hidden">
            Build values of {e.name || 'the scenario'} with their provenance
          </caption>
          <colgroup>
            <col className="pw-col-label" />
            <col className="pw-col-value" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col" className="num">
                As used
              </th>
              <th scope="col">Where it comes from</th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.key} data-testid={`pw-section-${g.key}`}>
              <tr className="pw-group-row">
                <th scope="colgroup" colSpan={3}>
                  {g.label}
                </th>
              </tr>
              {g.rows.map((row) => (
                <tr key={row.key} data-testid={`pw-assumption-${row.key}`} data-prov={row.kind}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{row.value}</td>
                  <td className={`pw-prov pw-prov-${row.kind}`}>{row.provenance}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
    </section>
  );
}
