import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  FABRIC_WORDS,
  buildWords,
  candidateScenario,
  coolingWords,
  prepareSearch,
  violationLabel,
} from '../../../model/search';
import type {
  PoolProgress,
  PoolRun,
  SearchCandidate,
  SearchMetricId,
  SearchResult,
  SearchSpace,
} from '../../../model/search';
import { NumberInput } from '../../components/NumberInput';
import {
  Button,
  Checkbox,
  FieldError,
  ProgressBar,
  RadioGroup,
  TextField,
} from '../../components/ui';
import {
  formatMoneyCompact,
  formatNumber,
  formatNumberCompact,
  formatPower,
  formatSignificant,
  formatUnitPrice,
} from '../../format/format';
import { useAppStore } from '../../store';
import { addScenario, structuredCloneJson } from '../../workspace/workspace';
import { axisTicks, tickDomain } from '../charts/chartData';
import {
  COOLING,
  DEFAULT_FORM,
  FABRICS,
  GOALS,
  GOAL_LABELS,
  candidateCount,
  formToSpec,
  catalogOfDoc,
  frontAxisDomain,
  searchableAccelerators,
  searchableRegions,
  type FormErrors,
  type SearchForm,
} from './searchForm';
import { startSearch, workerCount } from './searchRunner';
import './search.css';

type RunState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'running';
      readonly progress: PoolProgress | null;
      readonly total: number;
    }
  | { readonly status: 'cancelled'; readonly progress: PoolProgress | null }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'done';
      readonly result: SearchResult;
      readonly space: SearchSpace;
      readonly elapsedMs: number;
    };

/**
 * A figure in its unit, for people. Money per million tokens keeps three significant digits
 * (close builds differ in the third) with the currency sign, as the result panel writes money.
 */
export function fmtFigure(id: SearchMetricId, v: number | null, currency: string): string {
  if (v === null) return '—';
  switch (id) {
    case 'time_to_train_days':
      return `${formatNumber(v, 1)} days`;
    case 'tco_usd':
    case 'capex_usd':
    case 'cost_per_training_run_usd':
      return formatMoneyCompact(v, currency);
    case 'cost_per_million_tokens_usd':
      return `${formatUnitPrice(v, currency)}/Mtok`;
    case 'effective_tokens_per_s':
      return `${formatNumberCompact(v)} tokens/s`;
    case 'facility_power_kw':
    case 'facility_peak_power_kw':
      return formatPower(v * 1000);
    case 'racks':
      return `${formatNumber(v)} racks`;
  }
}

function fmtDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${formatNumber(s, s < 10 ? 1 : 0)} s`;
  return `${formatNumber(Math.floor(s / 60))} min ${formatNumber(Math.round(s % 60))} s`;
}

function bindingText(c: SearchCandidate): string {
  const b = c.binding;
  if (b.slackPct === null) return `${b.label}: missing`;
  const slack = `${b.slackPct >= 0 ? '' : '−'}${formatNumber(Math.abs(b.slackPct), 1)} %`;
  return b.slackPct >= 0 ? `${b.label} (${slack} slack)` : `${b.label} (over by ${slack.slice(1)})`;
}

function layoutText(c: SearchCandidate): string {
  const l = c.layout;
  if (!l) return '—';
  return `TP${l.tp} · PP${l.pp} · DP${l.dp}${l.cp > 1 ? ` · CP${l.cp}` : ''}${l.ep > 1 ? ` · EP${l.ep}` : ''}`;
}

/** The platforms bought, in words: "128 × NVIDIA DGX H100 (8x H100 SXM), 1,024 GPUs". */
function buildText(c: SearchCandidate): string {
  return buildWords(c.choice);
}

function networkText(c: SearchCandidate): string {
  const x = c.choice;
  return `${FABRIC_WORDS[x.fabric]} ${formatNumber(x.gbpsPerGpu)} Gb/s`;
}

/** Cooling and region in words. */
function siteText(c: SearchCandidate): string {
  return `${coolingWords(c.choice.coolingType)} · ${c.choice.region}`;
}

/** Best builds, front or near misses as a table with "Open as scenario". */
function CandidateTable(props: {
  readonly caption: string;
  readonly testId: string;
  readonly rows: readonly SearchCandidate[];
  readonly result: SearchResult;
  readonly currency: string;
  readonly onOpen: (c: SearchCandidate) => void;
}) {
  const { result: r, currency } = props;
  const goal = r.goal.metric;
  const cols: SearchMetricId[] = ['time_to_train_days', 'tco_usd', 'cost_per_million_tokens_usd'];
  const extra = cols.filter((m) => m !== goal);
  return (
    <div className="search-scroll" role="region" aria-label={props.caption} tabIndex={0}>
      <table className="search-table" data-testid={props.testId}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Build</th>
            <th scope="col">Network</th>
            <th scope="col">Cooling · region</th>
            <th scope="col" className="num">
              {r.goal.label} ({r.goal.unit})
            </th>
            {extra.map((m) => (
              <th key={m} scope="col" className="num">
                {m === 'time_to_train_days'
                  ? 'Time to train'
                  : m === 'tco_usd'
                    ? 'TCO'
                    : 'Cost per Mtok'}
              </th>
            ))}
            <th scope="col" className="num">
              Peak power
            </th>
            <th scope="col" className="num">
              Racks
            </th>
            <th scope="col">Layout</th>
            <th scope="col">Binding constraint</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((c, k) => (
            <tr key={c.index} className={c.feasible ? undefined : 'search-infeasible'}>
              <td className="num">{k + 1}</td>
              <th scope="row">{buildText(c)}</th>
              <td>{networkText(c)}</td>
              <td>{siteText(c)}</td>
              <td className="num">{fmtFigure(goal, c.objective, currency)}</td>
              {extra.map((m) => (
                <td key={m} className="num">
                  {fmtFigure(m, c.figures[m], currency)}
                </td>
              ))}
              <td className="num">
                {fmtFigure('facility_peak_power_kw', c.figures.facility_peak_power_kw, currency)}
              </td>
              <td className="num">
                {c.figures.racks === null ? '—' : formatNumber(c.figures.racks)}
              </td>
              <td>{layoutText(c)}</td>
              <td>{bindingText(c)}</td>
              <td>
                <Button
                  className="btn"
                  onPress={() => props.onOpen(c)}
                  aria-label={`Open ${buildText(c)}, ${networkText(c)}, ${siteText(c)} as a scenario`}
                >
                  Open as scenario
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Pareto front as a scatter (x: time to train, y: the cost axis) with a data table. */
function FrontChart(props: {
  readonly result: SearchResult;
  readonly currency: string;
  readonly onOpen: (c: SearchCandidate) => void;
}) {
  const r = props.result;
  const axes = r.frontAxes;
  if (!axes) return null;
  const data = r.front.map((c) => ({
    x: c.figures[axes.x.metric] ?? 0,
    y: c.figures[axes.y.metric] ?? 0,
    name: `${buildText(c)} · ${networkText(c)}`,
  }));
  const xTicks = axisTicks(...frontAxisDomain(data.map((d) => d.x)));
  const yTicks = axisTicks(...frontAxisDomain(data.map((d) => d.y)));
  const tickY = (v: number): string =>
    axes.y.unit === 'USD' ? formatMoneyCompact(v, props.currency) : formatSignificant(v, 3);
  return (
    <figure
      className="search-chart"
      aria-labelledby="search-front-title"
      data-testid="search-front-chart"
    >
      <figcaption id="search-front-title" className="search-subhead">
        Pareto front: {axes.x.label} ({axes.x.unit}) against {axes.y.label} ({axes.y.unit})
      </figcaption>
      <p className="search-note">
        Each point is a feasible build that no other feasible build beats on both axes. Faster
        builds to the left, cheaper ones lower down.
      </p>
      {data.length === 0 ? (
        <p className="search-note">No feasible build: nothing to plot.</p>
      ) : (
        <ResponsiveContainer width="100%" height={300}>
          <ScatterChart margin={{ top: 8, right: 24, bottom: 28, left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--grid)" />
            <XAxis
              type="number"
              dataKey="x"
              name={axes.x.label}
              domain={tickDomain(xTicks)}
              ticks={xTicks}
              tickFormatter={(v: number) => formatNumber(v, 1)}
              stroke="var(--muted)"
              label={{
                value: `${axes.x.label} (${axes.x.unit})`,
                position: 'insideBottom',
                offset: -12,
                fill: 'var(--muted)',
              }}
            />
            <YAxis
              type="number"
              dataKey="y"
              name={axes.y.label}
              domain={tickDomain(yTicks)}
              ticks={yTicks}
              tickFormatter={tickY}
              stroke="var(--muted)"
              width={80}
              label={{
                value: `${axes.y.label} (${axes.y.unit})`,
                angle: -90,
                position: 'insideLeft',
                offset: -12,
                fill: 'var(--muted)',
              }}
            />
            <Tooltip
              formatter={(v, n) =>
                typeof v === 'number'
                  ? n === axes.x.label
                    ? `${formatNumber(v, 2)} ${axes.x.unit}`
                    : tickY(v)
                  : String(v)
              }
              contentStyle={{
                background: 'var(--panel)',
                border: '1px solid var(--border)',
                color: 'var(--text)',
              }}
            />
            <Scatter
              data={data}
              fill="var(--accent)"
              line={{ stroke: 'var(--accent)' }}
              isAnimationActive={false}
            />
          </ScatterChart>
        </ResponsiveContainer>
      )}
      <details className="search-details">
        <summary>Data table</summary>
        <CandidateTable
          caption="Pareto front"
          testId="search-front"
          rows={r.front}
          result={r}
          currency={props.currency}
          onOpen={props.onOpen}
        />
      </details>
    </figure>
  );
}

/** A group of checkboxes (a fieldset with its legend), the error tied to the group. */
function CheckList<T extends string>(props: {
  readonly label: string;
  /** Items; `hint` is shown under the label (e.g. the platform an accelerator is bought as). */
  readonly items: readonly { id: T; label: string; hint?: string }[];
  readonly value: readonly T[];
  readonly onChange: (v: T[]) => void;
  readonly error: string | undefined;
  readonly testId: string;
}) {
  const errorId = useId();
  const toggle = (id: T, on: boolean): void => {
    const rest = props.value.filter((x) => x !== id);
    props.onChange(on ? [...rest, id] : rest);
  };
  return (
    <fieldset
      className="radio-group search-checks"
      data-testid={props.testId}
      aria-describedby={props.error !== undefined ? errorId : undefined}
    >
      <legend className="field-label">{props.label}</legend>
      {props.items.length > 4 ? (
        <div className="search-check-all">
          <Button
            className="btn"
            onPress={() => props.onChange(props.items.map((it) => it.id))}
            aria-label={`Select every ${props.label.toLowerCase()} option`}
          >
            Select all
          </Button>
          <Button
            className="btn"
            onPress={() => props.onChange([])}
            aria-label={`Clear ${props.label.toLowerCase()}`}
          >
            Clear
          </Button>
        </div>
      ) : null}
      <div className="search-check-items">
        {props.items.map((it) => (
          <Checkbox
            key={it.id}
            value={it.id}
            isSelected={props.value.includes(it.id)}
            onChange={(on) => toggle(it.id, on)}
          >
            {it.label}
            {it.hint !== undefined ? <span className="search-check-hint">{it.hint}</span> : null}
          </Checkbox>
        ))}
      </div>
      <FieldError id={errorId}>{props.error}</FieldError>
    </fieldset>
  );
}

function ListField(props: {
  readonly label: string;
  readonly unit: string;
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly error: string | undefined;
  readonly testId: string;
}) {
  return (
    <TextField
      label={
        <>
          {props.label} <span className="unit">({props.unit}, comma-separated)</span>
        </>
      }
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      data-testid={props.testId}
    />
  );
}

/**
 * Design search: a goal, constraints and a space of builds; the engine evaluates every build
 * with its best parallel layout on a pool of Web Workers (model/search) and shows the best
 * builds, the Pareto front and the binding constraint of each. A found build opens as a new
 * scenario.
 */
export function SearchPage() {
  const scenarios = useAppStore((s) => s.history.present.scenarios);
  const activeId = useAppStore((s) => s.activeId);
  const apply = useAppStore((s) => s.apply);
  const setActive = useAppStore((s) => s.setActive);
  const setPage = useAppStore((s) => s.setPage);
  const showNotice = useAppStore((s) => s.showNotice);
  const [form, setForm] = useState<SearchForm>(DEFAULT_FORM);
  const [errors, setErrors] = useState<FormErrors>({});
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const poolRef = useRef<PoolRun | null>(null);

  const regions = useMemo(
    () =>
      searchableRegions().map((r) => ({
        id: r.id,
        label: `${r.label} (${formatSignificant(r.pricePerKwh, 3)} ${r.currency}/kWh)`,
      })),
    [],
  );
  const base = scenarios.find((s) => s.id === activeId) ?? scenarios[0];
  // The base scenario's user accelerators are offered too (those a catalog system holds).
  const userCatalogDoc = base?.doc['userCatalog'];
  const accelerators = useMemo(
    () =>
      searchableAccelerators(catalogOfDoc({ userCatalog: userCatalogDoc })).map((a) => ({
        id: a.id,
        label: a.label,
        hint: a.platform,
      })),
    [userCatalogDoc],
  );
  const baseKind = (base?.doc['workload'] as { kind?: string } | undefined)?.kind;
  const currency =
    ((base?.doc['finance'] as { currency?: string } | undefined)?.currency as string) ?? 'USD';
  const count = candidateCount(form);

  useEffect(() => () => poolRef.current?.cancel(), []);

  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]): void => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  const runSearch = (): void => {
    if (!base) return;
    const conv = formToSpec(form, base.doc);
    if (!conv.ok) {
      setErrors(conv.errors);
      return;
    }
    const prep = prepareSearch(conv.spec);
    if (!prep.ok) {
      setRun({ status: 'error', message: prep.message });
      return;
    }
    const space = prep.space;
    const t0 = performance.now();
    let last = 0;
    let latest: PoolProgress | null = null;
    setRun({ status: 'running', progress: null, total: space.total });
    const pool = startSearch(conv.spec, (p) => {
      latest = p;
      const now = performance.now();
      if (now - last < 100 && p.done < p.total) return;
      last = now;
      setRun({ status: 'running', progress: p, total: space.total });
    });
    poolRef.current = pool;
    pool.promise.then(
      (result) => {
        if (poolRef.current !== pool) return;
        poolRef.current = null;
        setRun({ status: 'done', result, space, elapsedMs: performance.now() - t0 });
      },
      (e: unknown) => {
        if (poolRef.current !== pool) return;
        poolRef.current = null;
        const message = e instanceof Error ? e.message : String(e);
        setRun(
          message === 'cancelled'
            ? { status: 'cancelled', progress: latest }
            : { status: 'error', message },
        );
      },
    );
  };

  const cancel = (): void => {
    const pool = poolRef.current;
    if (!pool) return;
    pool.cancel();
  };

  const open = (space: SearchSpace, c: SearchCandidate): void => {
    const name = `${buildText(c)}, ${networkText(c)}, ${siteText(c)} (search)`;
    const scenario = candidateScenario(space, c.index, name);
    const doc = structuredCloneJson({
      ...scenario,
      description:
        `Found by a design search over ${formatNumber(space.total)} builds from "${space.base.name}" (${GOAL_LABELS[space.spec.goal].toLowerCase()}; binding: ${bindingText(c)}). Layout, micro batch and recompute are left to the engine, as the search evaluated them.\n\n${scenario.description}`.slice(
          0,
          20_000,
        ),
    } as unknown as Record<string, unknown>);
    const ws = useAppStore.getState().history.present;
    let n = 1;
    while (ws.scenarios.some((s) => s.id === `search-${n}`)) n++;
    const id = `search-${n}`;
    apply((w) => addScenario(w, id, doc));
    if (!useAppStore.getState().history.present.scenarios.some((s) => s.id === id)) {
      showNotice({ kind: 'error', text: 'Close a scenario first: at most 8 can be open.' });
      return;
    }
    setActive(id);
    showNotice({ kind: 'info', text: `Opened "${name}" as a new scenario.` });
    setPage('scenarios');
  };

  const running = run.status === 'running';
  const progress = run.status === 'running' || run.status === 'cancelled' ? run.progress : null;

  return (
    <section className="panel search-page" aria-labelledby="search-title">
      <div className="panel-head">
        <h2 id="search-title">Design search</h2>
      </div>
      <p className="search-lede">
        State a goal and constraints and the builds to consider; every combination is evaluated with
        its best parallel layout (the training engine&apos;s layout search), then power, racks and
        cost. Base scenario (model, tokens, finance and everything not searched):{' '}
        <strong data-testid="search-base">{String(base?.doc['name'] ?? 'none')}</strong> — choose
        another on the Scenarios page.
      </p>
      {baseKind !== 'training' ? (
        <div className="error-box" role="alert">
          The base scenario is not a training workload; a design search needs one.
        </div>
      ) : null}
      <form
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          runSearch();
        }}
      >
        <fieldset className="search-fieldset">
          <legend>Goal and constraints</legend>
          <RadioGroup
            label="Goal"
            value={form.goal}
            options={GOALS.map((g) => ({ id: g, label: GOAL_LABELS[g] }))}
            onChange={(v) => set('goal', v as SearchForm['goal'])}
            data-testid="search-goal"
          />
          <div className="search-grid">
            <NumberInput
              label="Max time to train"
              unit="days"
              value={form.maxTimeToTrainDays}
              onChange={(v) => set('maxTimeToTrainDays', v)}
              maximumFractionDigits={2}
              description="Empty: no limit"
              testId="search-max-days"
            />
            <NumberInput
              label="Max facility peak power"
              unit="MW"
              value={form.maxFacilityPowerMW}
              onChange={(v) => set('maxFacilityPowerMW', v)}
              maximumFractionDigits={3}
              description="IT peak × PUE. Empty: no limit"
              testId="search-max-mw"
            />
            <NumberInput
              label="Max racks"
              unit="racks"
              value={form.maxRacks}
              onChange={(v) => set('maxRacks', v)}
              description="Empty: no limit"
              testId="search-max-racks"
            />
            <NumberInput
              label="Max capex"
              unit={`M ${currency}`}
              value={form.maxCapexMUsd}
              onChange={(v) => set('maxCapexMUsd', v)}
              maximumFractionDigits={1}
              description="Empty: no limit"
              testId="search-max-capex"
            />
            <NumberInput
              label="Tokens to train"
              unit="billion tokens"
              value={form.tokensToTrainB}
              onChange={(v) => set('tokensToTrainB', v)}
              maximumFractionDigits={1}
              description="Empty: the base scenario's"
              testId="search-tokens"
            />
            <NumberInput
              label="TCO horizon"
              unit="years"
              value={form.horizonYears}
              onChange={(v) => set('horizonYears', v)}
              description="Empty: the base scenario's"
              testId="search-horizon"
            />
            <NumberInput
              label="Best builds to list"
              unit="builds"
              value={form.topK}
              onChange={(v) => set('topK', v)}
              testId="search-topk"
            />
          </div>
        </fieldset>
        <fieldset className="search-fieldset">
          <legend>Builds to search</legend>
          <CheckList
            label="Accelerators"
            items={accelerators}
            value={form.acceleratorIds}
            onChange={(v) => set('acceleratorIds', v)}
            error={errors.acceleratorIds}
            testId="search-accelerators"
          />
          <div className="search-grid">
            <ListField
              label="GPU counts"
              unit="GPUs"
              value={form.gpuCounts}
              onChange={(v) => set('gpuCounts', v)}
              error={errors.gpuCounts}
              testId="search-gpus"
            />
            <ListField
              label="Scale-out per GPU"
              unit="Gb/s"
              value={form.gbpsPerGpu}
              onChange={(v) => set('gbpsPerGpu', v)}
              error={errors.gbpsPerGpu}
              testId="search-gbps"
            />
          </div>
          <CheckList
            label="Fabrics"
            items={FABRICS}
            value={form.fabrics}
            onChange={(v) => set('fabrics', v)}
            error={errors.fabrics}
            testId="search-fabrics"
          />
          <CheckList
            label="Cooling"
            items={COOLING}
            value={form.coolingTypes}
            onChange={(v) => set('coolingTypes', v)}
            error={errors.coolingTypes}
            testId="search-cooling"
          />
          <CheckList
            label="Regions (electricity price)"
            items={regions}
            value={form.regions}
            onChange={(v) => set('regions', v)}
            error={errors.regions}
            testId="search-regions"
          />
        </fieldset>
        <div className="search-actions">
          <Button
            type="submit"
            className="btn btn-primary"
            isDisabled={running || baseKind !== 'training'}
            data-testid="search-run"
          >
            Run search
          </Button>
          <Button
            className="btn"
            isDisabled={!running}
            onPress={cancel}
            data-testid="search-cancel"
          >
            Cancel
          </Button>
          <span className="search-note" data-testid="search-count">
            {count === null
              ? 'Fix the lists to count the builds.'
              : `${formatNumber(count)} candidate builds on ${formatNumber(workerCount())} workers.`}
          </span>
        </div>
      </form>

      {running || run.status === 'cancelled' ? (
        <div className="search-progress-box">
          <ProgressBar
            className="progress search-progress"
            label={running ? 'Evaluating builds…' : 'Search cancelled'}
            value={progress?.done ?? 0}
            maxValue={progress?.total ?? (run.status === 'running' ? run.total : 1)}
            valueText={`${formatNumber(progress?.done ?? 0)} of ${formatNumber(progress?.total ?? (run.status === 'running' ? run.total : 0))} builds`}
            data-testid="search-progress"
          />
          <p className="search-note" data-testid="search-progress-detail">
            Best so far:{' '}
            {progress?.bestObjective === null || progress === null
              ? 'none feasible yet'
              : `${fmtFigure(form.goal, progress.bestObjective, currency)}`}
            {' · '}
            Time left:{' '}
            {running && progress?.etaMs !== null && progress?.etaMs !== undefined
              ? `about ${fmtDuration(progress.etaMs)}`
              : '—'}
          </p>
        </div>
      ) : null}
      {run.status === 'error' ? (
        <div className="error-box" role="alert" data-testid="search-error">
          {run.message.split('\n').map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      ) : null}
      {run.status === 'done' ? (
        <SearchResults
          result={run.result}
          elapsedMs={run.elapsedMs}
          currency={currency}
          onOpen={(c) => open(run.space, c)}
        />
      ) : null}
    </section>
  );
}

function SearchResults(props: {
  readonly result: SearchResult;
  readonly elapsedMs: number;
  readonly currency: string;
  readonly onOpen: (c: SearchCandidate) => void;
}) {
  const r = props.result;
  const s = r.stats;
  const violations = Object.entries(s.violations).filter(([, n]) => (n ?? 0) > 0);
  const label = (id: string): string => violationLabel(id, r.constraints);
  return (
    <div className="search-results" data-testid="search-results">
      <p className="search-summary" data-testid="search-summary">
        {formatNumber(r.total)} builds in {fmtDuration(props.elapsedMs)}: {formatNumber(s.feasible)}{' '}
        feasible, {formatNumber(s.infeasible)} not (
        {formatNumber(s.prunedInfeasible + s.prunedByObjective + s.prunedByPrice)} ruled out by
        bounds without a full evaluation), {formatNumber(s.perfEvaluations)} layout searches.
        {violations.length > 0
          ? ` Binding constraints of the infeasible builds evaluated: ${violations
              .map(([id, n]) => `${label(id)} ${formatNumber(n ?? 0)}`)
              .join(', ')}.`
          : ''}
      </p>
      {r.best.length > 0 ? (
        <CandidateTable
          caption={`Best ${r.best.length} builds (${r.goal.better === 'lower' ? 'lowest' : 'highest'} ${r.goal.label})`}
          testId="search-best"
          rows={r.best}
          result={r}
          currency={props.currency}
          onOpen={props.onOpen}
        />
      ) : (
        <p className="search-note" data-testid="search-none">
          No build meets every constraint. The nearest misses are below.
        </p>
      )}
      <FrontChart result={r} currency={props.currency} onOpen={props.onOpen} />
      {r.nearMisses.length > 0 ? (
        <CandidateTable
          caption="Nearest misses (infeasible, least violation first)"
          testId="search-near"
          rows={r.nearMisses}
          result={r}
          currency={props.currency}
          onOpen={props.onOpen}
        />
      ) : null}
      {s.firstError ? (
        <p className="search-note">
          Some builds could not be evaluated ({formatNumber(s.errors)}), e.g. {s.firstError.message}
        </p>
      ) : null}
    </div>
  );
}
