import { useMemo, useState } from 'react';
import { Button, Checkbox, NumberField, SelectField, TextField } from '../../components/ui';
import { isAllowedExternalUrl } from '../../../electron/links';
import {
  catalogKinds,
  type Catalog,
  type CatalogKind,
  type UserEntry,
} from '../../../model/catalog';
import type { Source } from '../../../model/catalog/sourced';
import { formatNumber } from '../../format/format';
import { useDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import {
  KIND_LABELS,
  PARTS_FROM,
  acceleratorParts,
  buildUserEntry,
  catalogFieldLabel,
  catalogForEntries,
  catalogRows,
  draftFromEntry,
  editableFields,
  fieldChoices,
  filterRows,
  optionLabel,
  sourcesOf,
  systemFacts,
  userEntriesOf,
  type BrowseKind,
  type CatalogRow,
  type EntryDraft,
  type EntryIssue,
} from './catalogBrowse';
import './catalog.css';

/** Rows shown at once (the search narrows the rest). */
const MAX_ROWS = 200;

/** A unit as shown after a value: dimensionless ('1') shows nothing. */
function unitText(unit: string): string {
  return unit === '1' ? '' : unit;
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A labelled native select over string options. */
function Choice(props: {
  label: string;
  value: string;
  options: readonly { id: string; label: string }[];
  onChange: (v: string) => void;
  testId: string;
  error?: string | undefined;
  /** The field's wrapper class (default: the widget's `field`). */
  className?: string | undefined;
}) {
  return (
    <SelectField
      {...(props.className ? { className: `field ${props.className}` } : {})}
      label={props.label}
      value={props.value}
      options={props.options}
      onChange={props.onChange}
      error={props.error}
      selectClassName="select-button catalog-select"
      data-testid={props.testId}
    />
  );
}

/** A source, as a link button through the DesktopApi when allow-listed, else as text. */
function SourceLink(props: { source: Source }) {
  const api = useDesktopApi();
  const { source } = props;
  if (source.url !== '' && isAllowedExternalUrl(source.url)) {
    return (
      <Button
        className="link-button"
        onPress={() => void api.openExternal({ url: source.url })}
        aria-label={`${source.title} (opens in the browser)`}
      >
        {source.title}
      </Button>
    );
  }
  return (
    <span>
      {source.title}
      {source.url !== '' ? <span className="catalog-url"> ({source.url})</span> : null}
    </span>
  );
}

/** The numbers of one entry, each with its source, date, basis and soft/read flag. */
function EntryDetail(props: {
  row: CatalogRow;
  /** Facts in words that are not sourced numbers (a system's accelerator and parts). */
  facts: readonly { label: string; value: string }[];
  sources: ReadonlyMap<string, Source>;
  onOverride: () => void;
  /** For an accelerator: its other editable catalog entries (power, platform, cloud price). */
  acceleratorParts: readonly { label: string; onPress: () => void }[];
}) {
  const { row } = props;
  return (
    <section
      className="catalog-detail"
      aria-labelledby="catalog-detail-title"
      data-testid="catalog-detail"
    >
      <h3 id="catalog-detail-title">
        {row.name} <span className="catalog-kind">{KIND_LABELS[row.kind]}</span>
        {row.user ? <span className="badge badge-user">user entry</span> : null}
      </h3>
      <p className="catalog-id">
        id <code>{row.id}</code>
        {row.vendor ? ` · ${row.vendor}` : ''}
      </p>
      {props.facts.length > 0 ? (
        <dl className="catalog-facts" data-testid="catalog-facts">
          {props.facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <table className="catalog-numbers">
        <caption className="visually-hidden">Numbers of {row.name} with their sources</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col">Source</th>
            <th scope="col">Date</th>
            <th scope="col">Basis</th>
          </tr>
        </thead>
        <tbody>
          {row.numbers.map(({ path, n }) => (
            <tr key={path}>
              <th scope="row" title={path}>
                {catalogFieldLabel(row.kind, path)}
              </th>
              <td className="num">
                {formatNumber(n.value, 4)} {unitText(n.unit)}
              </td>
              <td>
                {n.sources.length === 0 ? (
                  <div className="catalog-nosource">No source cited (planning estimate)</div>
                ) : null}
                {sourcesOf(n, props.sources).map((s) => (
                  <div key={s.id}>
                    <SourceLink source={s} />
                  </div>
                ))}
                {n.note ? <div className="catalog-note">{n.note}</div> : null}
              </td>
              <td>{n.date}</td>
              <td>
                {n.basis}{' '}
                <span className={n.soft ? 'badge badge-soft' : 'badge badge-firm'}>
                  {n.soft ? 'soft' : 'firm'}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button className="btn" onPress={props.onOverride}>
        {row.kind === 'accelerator' ? 'Edit its numbers…' : 'Override with a user entry…'}
      </Button>
      {row.kind === 'accelerator' ? (
        <div data-testid="accelerator-parts">
          <p className="catalog-note">
            An accelerator&apos;s peaks, memory, power and price, what it draws, the platform it is
            bought as and what renting it costs are catalog entries: edit them here as user entries,
            with your source and date.
          </p>
          <div className="toolbar catalog-parts">
            {props.acceleratorParts.map((p) => (
              <Button key={p.label} className="btn" onPress={p.onPress}>
                {p.label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The form field an entry issue names, in words ("fields.usdPerGpuHour" → "Cloud price"). */
function issueFieldLabel(kind: CatalogKind, field: string): string {
  if (field.startsWith('fields.')) return catalogFieldLabel(kind, field.slice('fields.'.length));
  const words: Readonly<Record<string, string>> = {
    kind: 'Kind',
    id: 'Id',
    date: 'Date',
    source: 'Source',
    entry: 'The entry',
  };
  return words[field] ?? field;
}

/** The form fields (`id`, `fields.priceUsd`) whose value differs between two drafts. */
function changedFields(a: EntryDraft, b: EntryDraft): Set<string> {
  const out = new Set<string>();
  for (const k of ['kind', 'id', 'date', 'source'] as const) if (a[k] !== b[k]) out.add(k);
  for (const k of new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])) {
    if (!Object.is(a.fields[k], b.fields[k])) out.add(`fields.${k}`);
  }
  return out;
}

/** The add/edit form of one user entry, with errors naming the field. */
function EntryForm(props: {
  draft: EntryDraft;
  /** The scenario's catalog (its user accelerators are offered where a field names one). */
  catalog: Catalog;
  isNew: boolean;
  issues: readonly EntryIssue[];
  onChange: (d: EntryDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { draft } = props;
  const err = (field: string) => {
    const found = props.issues.filter((i) => i.field === field);
    return found.length ? found.map((i) => i.message).join('; ') : undefined;
  };
  const fields = editableFields(draft.kind);
  const setField = (name: string, v: string | number) =>
    props.onChange({ ...draft, fields: { ...draft.fields, [name]: v } });
  const other = props.issues.filter(
    (i) =>
      !['kind', 'id', 'date', 'source'].includes(i.field) &&
      !fields.some((f) => `fields.${f.name}` === i.field),
  );
  return (
    <form
      noValidate
      className="catalog-form"
      aria-labelledby="catalog-form-title"
      data-testid="user-entry-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      <h3 id="catalog-form-title">
        {props.isNew
          ? draft.kind === 'system'
            ? 'Add a system'
            : draft.kind === 'accelerator'
              ? 'Add an accelerator'
              : 'Add a user entry'
          : `Edit user entry ${draft.id}`}
      </h3>
      <p className="catalog-note">
        Numbers you enter are marked as user-sourced with your date and source. Leave a field empty
        to keep the catalogued value (when overriding an existing id).
      </p>
      {draft.kind === 'system' ? (
        <p className="catalog-note" data-testid="system-form-note">
          A system is what a scenario buys for its accelerator: a server, or a rack-scale system
          that is one node. Node power is the sum of its accelerators, the CPUs, NICs, optics and
          drives of the system chosen below, its DIMM memory and platform power, over its PSU
          efficiency; its price is the capital cost per node. The NVLink domain is the
          accelerator&apos;s scale-up domain; the rack power limit is the facility&apos;s.
        </p>
      ) : null}
      <div className="catalog-form-grid">
        <Choice
          label="Kind"
          value={draft.kind}
          options={catalogKinds.map((k) => ({ id: k, label: KIND_LABELS[k] }))}
          onChange={(k) => props.onChange({ ...draft, kind: k as CatalogKind, fields: {} })}
          testId="entry-kind"
          error={err('kind')}
        />
        <TextField
          label="Id (lower case)"
          value={draft.id}
          onChange={(v) => props.onChange({ ...draft, id: v })}
          error={err('id')}
          data-testid="entry-id"
        />
        <TextField
          label="Date of the source (YYYY-MM-DD)"
          value={draft.date}
          onChange={(v) => props.onChange({ ...draft, date: v })}
          error={err('date')}
          data-testid="entry-date"
        />
        <TextField
          label="Source (quote, datasheet)"
          value={draft.source}
          onChange={(v) => props.onChange({ ...draft, source: v })}
          error={err('source')}
          data-testid="entry-source"
        />
        {fields.map((f) => {
          const e = err(`fields.${f.name}`);
          const v = draft.fields[f.name];
          if (f.type === 'number') {
            return (
              <NumberField
                key={f.name}
                label={f.label}
                unit={f.unit ? unitText(f.unit) || 'fraction' : ''}
                value={typeof v === 'number' && Number.isFinite(v) ? v : null}
                onChange={(n) => setField(f.name, n)}
                // Emptied: keep the catalogued value (the form drops NaN fields).
                onClear={() => setField(f.name, NaN)}
                error={e}
                data-testid={`entry-field-${f.name}`}
              />
            );
          }
          const choices = fieldChoices(f.name, props.catalog);
          if (choices) {
            return (
              <Choice
                key={f.name}
                label={f.label}
                value={typeof v === 'string' ? v : ''}
                className={f.name === PARTS_FROM ? 'catalog-field-wide' : undefined}
                options={[
                  {
                    id: '',
                    label:
                      f.name === PARTS_FROM && draft.extra?.['cpus'] !== undefined
                        ? '(as saved)'
                        : '(not set)',
                  },
                  ...choices,
                ]}
                onChange={(o) => setField(f.name, o)}
                testId={`entry-field-${f.name}`}
                error={e}
              />
            );
          }
          if (f.type === 'enum') {
            return (
              <Choice
                key={f.name}
                label={f.label}
                value={typeof v === 'string' ? v : ''}
                options={[
                  // Empty = not set: an override keeps the catalogued value.
                  { id: '', label: '(not set)' },
                  ...f.options.map((o) => ({ id: o, label: optionLabel(f.name, o) })),
                ]}
                onChange={(o) => setField(f.name, o)}
                testId={`entry-field-${f.name}`}
                error={e}
              />
            );
          }
          return (
            <TextField
              key={f.name}
              label={f.label}
              value={typeof v === 'string' ? v : ''}
              onChange={(t) => setField(f.name, t)}
              error={e}
              data-testid={`entry-field-${f.name}`}
            />
          );
        })}
      </div>
      {other.length > 0 ? (
        <div className="error-box" role="alert" data-testid="entry-errors">
          {other.map((i) => (
            <div key={`${i.field}:${i.message}`}>
              {issueFieldLabel(draft.kind, i.field)}: {i.message}
            </div>
          ))}
        </div>
      ) : null}
      {props.issues.length > 0 ? (
        <p className="field-error" role="alert" data-testid="entry-error-summary">
          The entry was not saved:{' '}
          {props.issues
            .map((i) => `${issueFieldLabel(draft.kind, i.field)} ${i.message}`)
            .join('; ')}
        </p>
      ) : null}
      <div className="toolbar">
        <Button className="btn btn-primary" type="submit">
          Save entry
        </Button>
        <Button className="btn" onPress={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The catalog browser: every entry of every kind with each number's source, date and soft/read
 * flag; user entries (saved with a scenario, undoable like any edit) added and edited here.
 */
export function CatalogPage() {
  const scenarios = useAppStore((s) => s.history.present.scenarios);
  const activeId = useAppStore((s) => s.activeId);
  const setField = useAppStore((s) => s.setField);
  const showNotice = useAppStore((s) => s.showNotice);
  const [scenarioId, setScenarioId] = useState<string | null>(null);
  const target = scenarios.find((s) => s.id === (scenarioId ?? activeId)) ?? scenarios[0] ?? null;
  const entries = useMemo(() => (target ? userEntriesOf(target.doc) : []), [target]);
  const { catalog, error: mergeError } = useMemo(() => catalogForEntries(entries), [entries]);
  const rows = useMemo(() => catalogRows(catalog), [catalog]);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<BrowseKind | 'all'>('all');
  const [userOnly, setUserOnly] = useState(false);
  const found = useMemo(
    () => filterRows(rows, { query, kind, userOnly }),
    [rows, query, kind, userOnly],
  );
  const [selected, setSelected] = useState<string | null>(null);
  const selectedRow = rows.find((r) => r.key === selected) ?? null;
  const [form, setForm] = useState<{ draft: EntryDraft; editing: UserEntry | null } | null>(null);
  const [issues, setIssues] = useState<readonly EntryIssue[]>([]);

  /** The form for an entry of `kind` and `id`: the scenario's own entry, else a new override. */
  function editEntry(kind: CatalogKind, id: string, fields: Record<string, string> = {}) {
    const existing = entries.find((e) => e.kind === kind && e.id === id);
    if (existing) openForm(draftFromEntry(existing), existing);
    else openForm({ kind, id, date: todayIso(), source: '', fields }, null);
  }

  function openForm(draft: EntryDraft, editing: UserEntry | null) {
    setForm({ draft, editing });
    setIssues([]);
  }

  function save() {
    if (!form || !target) return;
    const others = entries.filter((e) => e !== form.editing);
    const built = buildUserEntry(form.draft, others);
    if (!built.ok) {
      setIssues(built.issues);
      return;
    }
    const next = form.editing
      ? entries.map((e) => (e === form.editing ? built.entry : e))
      : [...entries, built.entry];
    setField(target.id, ['userCatalog'], { entries: next });
    setForm(null);
    setIssues([]);
    setSelected(`${built.entry.kind}:${built.entry.id}`);
    showNotice({
      kind: 'info',
      text: `User entry ${KIND_LABELS[built.entry.kind as CatalogKind]} "${built.entry.id}" saved with ${String(target.doc['name'] ?? target.id)}.`,
    });
  }

  function remove(entry: UserEntry) {
    if (!target) return;
    setField(target.id, ['userCatalog'], { entries: entries.filter((e) => e !== entry) });
  }

  const kindOptions = [
    { id: 'all', label: 'All kinds' },
    ...(catalogKinds as BrowseKind[]).map((k) => ({
      id: k,
      label: KIND_LABELS[k],
    })),
  ];
  const shown = found.slice(0, MAX_ROWS);

  return (
    <section className="panel catalog-page" aria-labelledby="catalog-title">
      <div className="panel-head">
        <h2 id="catalog-title">Catalog</h2>
        <div className="toolbar">
          <Button
            className="btn btn-primary"
            onPress={() =>
              openForm(
                { kind: 'cloudPrice', id: '', date: todayIso(), source: '', fields: {} },
                null,
              )
            }
            isDisabled={target === null}
          >
            Add a user entry…
          </Button>
          <Button
            className="btn"
            onPress={() =>
              openForm(
                { kind: 'accelerator', id: '', date: todayIso(), source: '', fields: {} },
                null,
              )
            }
            isDisabled={target === null}
          >
            Add an accelerator…
          </Button>
          <Button
            className="btn"
            onPress={() =>
              openForm(
                {
                  kind: 'system',
                  id: '',
                  date: todayIso(),
                  source: '',
                  fields: { form: 'server', cooling: 'air' },
                },
                null,
              )
            }
            isDisabled={target === null}
          >
            Add a system…
          </Button>
        </div>
      </div>
      <div className="catalog-filters">
        <Choice
          label="Scenario (user entries are saved with it)"
          value={target?.id ?? ''}
          options={scenarios.map((s) => ({ id: s.id, label: String(s.doc['name'] ?? s.id) }))}
          onChange={setScenarioId}
          testId="catalog-scenario"
        />
        <TextField
          type="search"
          label="Search"
          value={query}
          onChange={setQuery}
          placeholder="e.g. h100 price"
          data-testid="catalog-search"
        />
        <Choice
          label="Kind"
          value={kind}
          options={kindOptions}
          onChange={(k) => setKind(k as BrowseKind | 'all')}
          testId="catalog-kind"
        />
        <Checkbox
          className="checkbox catalog-user-only"
          isSelected={userOnly}
          onChange={setUserOnly}
          data-testid="catalog-user-only"
        >
          User entries only
        </Checkbox>
      </div>
      {mergeError ? (
        <div className="error-box" role="alert">
          This scenario&apos;s user entries are invalid and are not applied: {mergeError}
        </div>
      ) : null}
      <p className="catalog-count" aria-live="polite" data-testid="catalog-count">
        {formatNumber(found.length)} of {formatNumber(rows.length)} entries
        {found.length > MAX_ROWS
          ? ` (first ${formatNumber(MAX_ROWS)} shown; narrow the search)`
          : ''}
      </p>
      {form ? (
        <EntryForm
          draft={form.draft}
          catalog={catalog}
          isNew={form.editing === null}
          issues={issues}
          onChange={(d) => {
            setForm({ ...form, draft: d });
            // A message goes with the value it was about (issue 22 point 5).
            const changed = changedFields(form.draft, d);
            if (changed.size > 0) setIssues(issues.filter((i) => !changed.has(i.field)));
          }}
          onSave={save}
          onCancel={() => setForm(null)}
        />
      ) : null}
      <div className="catalog-layout">
        <div className="catalog-table-wrap">
          {/* A native table; a row is selected by the button in its name cell (one tab stop
              per row, Enter or Space), or by a click anywhere on the row. */}
          <table className="catalog-table" data-testid="catalog-table">
            <caption className="visually-hidden">
              Catalog entries; choose an entry&apos;s name to see its numbers and sources
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Numbers</th>
                <th scope="col">Origin</th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={4} className="catalog-note">
                    No entry matches the search.
                  </td>
                </tr>
              ) : null}
              {shown.map((r) => {
                const isSelected = r.key === selected;
                return (
                  <tr
                    key={r.key}
                    className={isSelected ? 'catalog-row catalog-row-selected' : 'catalog-row'}
                    onClick={() => setSelected(r.key)}
                  >
                    <th scope="row">
                      <button
                        type="button"
                        className="catalog-pick"
                        aria-current={isSelected ? 'true' : undefined}
                        onClick={() => setSelected(r.key)}
                      >
                        {r.name}
                      </button>
                      <div className="catalog-id">{r.id}</div>
                    </th>
                    <td>{KIND_LABELS[r.kind]}</td>
                    <td>
                      {formatNumber(r.numbers.length)}
                      {r.numbers.some((x) => x.n.soft) ? ' (some soft)' : ''}
                    </td>
                    <td>{r.user ? <span className="badge badge-user">user</span> : 'built-in'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="catalog-side">
          {selectedRow ? (
            <EntryDetail
              row={selectedRow}
              facts={systemFacts(catalog, selectedRow.kind, selectedRow.id)}
              sources={catalog.sources}
              onOverride={() => editEntry(selectedRow.kind, selectedRow.id)}
              acceleratorParts={
                selectedRow.kind === 'accelerator'
                  ? acceleratorParts(catalog, selectedRow.id).map((part) => ({
                      label: part.label,
                      onPress: () => editEntry(part.kind, part.id, part.fields),
                    }))
                  : []
              }
            />
          ) : (
            <p className="catalog-note">Select an entry to see its numbers and their sources.</p>
          )}
          <section
            aria-labelledby="user-entries-title"
            className="catalog-user"
            data-testid="user-entries"
          >
            <h3 id="user-entries-title">User entries of this scenario</h3>
            {entries.length === 0 ? (
              <p className="catalog-note">None yet.</p>
            ) : (
              <ul>
                {entries.map((e) => (
                  <li key={`${e.kind}:${e.id}`}>
                    <span>
                      {KIND_LABELS[e.kind as CatalogKind] ?? e.kind} <code>{e.id}</code> · {e.date}
                      {e.source ? ` · ${e.source}` : ''}
                    </span>
                    <Button
                      className="btn btn-quiet"
                      onPress={() => openForm(draftFromEntry(e), e)}
                    >
                      Edit
                    </Button>
                    <Button
                      className="btn btn-quiet"
                      onPress={() => remove(e)}
                      aria-label={`Remove user entry ${e.id}`}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  );
}
