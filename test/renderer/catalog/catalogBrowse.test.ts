import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  builtinCatalog,
  catalogKinds,
  getItem,
  mergeUserCatalog,
  type UserEntry,
} from '../../../model/catalog';
import { resolveBuild } from '../../../model/build';
import { evaluate } from '../../../model/evaluate';
import { parseScenarioOrThrow } from '../../../model/scenario';
import {
  PARTS_FROM,
  acceleratorParts,
  fieldChoices,
  buildUserEntry,
  catalogForEntries,
  catalogRows,
  draftFromEntry,
  editableFields,
  filterRows,
  mergeIssues,
  sourcesOf,
  systemFacts,
  userEntriesOf,
} from '../../../renderer/features/catalog/catalogBrowse';
import { acmeX1Accelerator } from '../../fixtures/userEntries';

const rows = catalogRows(builtinCatalog());

describe('catalog rows and search', () => {
  it('lists accelerators and every catalog kind; each number has a date, and a source unless a soft estimate', () => {
    const kinds = new Set(rows.map((r) => r.kind));
    expect(kinds.has('accelerator')).toBe(true);
    for (const k of catalogKinds) {
      if (builtinCatalog().items[k].size > 0) expect(kinds.has(k)).toBe(true);
    }
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    for (const r of rows) {
      for (const { n } of r.numbers) {
        // A number without a source must at least be flagged as a soft estimate.
        if (n.sources.length === 0)
          expect({ basis: n.basis, soft: n.soft }).toEqual({ basis: 'estimate', soft: true });
        expect(n.date).toMatch(/^\d{4}/);
      }
    }
  });

  it('every word of the query must match (case-insensitive)', () => {
    const found = filterRows(rows, { query: 'DGX h100', kind: 'all' });
    expect(found.map((r) => r.key)).toContain('system:dgx-h100');
    for (const r of found) {
      const text =
        `${r.kind} ${r.id} ${r.name} ${r.vendor} ${r.numbers.map((x) => x.path).join(' ')}`.toLowerCase();
      expect(text.includes('dgx') || r.kind === 'system').toBe(true);
    }
    expect(filterRows(rows, { query: 'dgx zzzz-nothing', kind: 'all' })).toEqual([]);
  });

  it('the kind filter and the user-only filter narrow the rows', () => {
    const systems = filterRows(rows, { query: '', kind: 'system' });
    expect(systems.length).toBeGreaterThan(0);
    expect(systems.every((r) => r.kind === 'system')).toBe(true);
    expect(filterRows(rows, { query: '', kind: 'all', userOnly: true })).toEqual([]);
    expect(filterRows(rows, { query: '', kind: 'all' })).toHaveLength(rows.length);
  });

  it('sources resolve to titles; an unknown id is kept and named', () => {
    const row = rows.find((r) => r.key === 'system:dgx-h100');
    const n = row?.numbers[0]?.n;
    expect(n).toBeDefined();
    if (!n) return;
    const s = sourcesOf(n, builtinCatalog().sources);
    expect(s[0]?.title.length).toBeGreaterThan(0);
    expect(sourcesOf({ ...n, sources: ['nope'] }, builtinCatalog().sources)[0]?.title).toBe(
      'Unknown source "nope"',
    );
  });
});

describe('user entries', () => {
  it('editable fields of a kind: sourced numbers with units, text and choices', () => {
    const f = editableFields('cloudPrice');
    expect(f).toContainEqual({
      name: 'usdPerGpuHour',
      label: 'Cloud price',
      type: 'number',
      unit: expect.any(String),
      required: true,
    });
    // Labels, not keys, for every field of every kind.
    for (const kind of catalogKinds) {
      for (const x of editableFields(kind)) {
        // A camel-case key (usdPerGpuHour, acceleratorId) never shows.
        if (/[A-Z]/.test(x.name)) expect(x.label, `${kind}.${x.name}`).not.toContain(x.name);
        expect(x.label, `${kind}.${x.name}`).toMatch(/^[A-Z]/);
      }
    }
    expect(f.find((x) => x.name === 'acceleratorId')?.label).toBe('Accelerator');
    expect(fieldChoices('acceleratorId')?.find((c) => c.id === 'h100-sxm')?.label).toBe(
      'NVIDIA H100 SXM5 80GB',
    );
    expect(f.find((x) => x.name === 'pricing')).toMatchObject({
      type: 'enum',
      options: ['on-demand', 'reserved', 'spot', 'capacity-block'],
    });
    expect(f.find((x) => x.name === 'vendor')).toMatchObject({ type: 'text', required: false });
    // A plain count (a NIC's ports) is offered and saved as a plain number, not a sourced one.
    expect(editableFields('nic').find((x) => x.name === 'ports')).toMatchObject({
      label: 'Ports',
      type: 'number',
    });
  });

  it('an accelerator’s editable parts: its power, its platform and its cloud price', () => {
    const parts = acceleratorParts(builtinCatalog(), 'gb200');
    expect(parts.map((p) => [p.kind, p.id])).toEqual([
      ['acceleratorPower', 'gb200'],
      ['system', 'gb200-nvl72'],
      ['cloudPrice', expect.any(String)],
    ]);
    // Without a cloud price in the catalog, a new one for that accelerator is offered.
    const none = acceleratorParts(builtinCatalog(), 'gaudi2').find((p) => p.kind === 'cloudPrice');
    if (none?.fields) expect(none.fields).toMatchObject({ acceleratorId: 'gaudi2' });
  });

  it('a bad date is named', () => {
    const r = buildUserEntry(
      { kind: 'system', id: 'dgx-h100', date: 'last week', source: '', fields: {} },
      [],
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toContainEqual({
        field: 'date',
        message: 'must be YYYY, YYYY-MM or YYYY-MM-DD',
      });
  });

  it('the form refuses a value outside its physical range on the field, as the file reader does', () => {
    const r = buildUserEntry(
      { kind: 'cable', id: 'fiber-mpo', date: '2026-11', source: 'quote', fields: { powerW: -30 } },
      [],
    );
    expect(r).toEqual({
      ok: false,
      issues: [
        { field: 'fields.powerW', message: 'must be a number from 0 to 100 W (cable power)' },
      ],
    });
    const idle = buildUserEntry(
      {
        kind: 'acceleratorPower',
        id: 'h100-sxm',
        date: '2026',
        source: 'x',
        fields: { idleW: 900 },
      },
      [],
    );
    expect(idle.ok).toBe(false);
    if (!idle.ok) expect(idle.issues[0]?.field).toBe('fields.idleW');
  });

  it('a new id must give every required field, each named', () => {
    const r = buildUserEntry(
      { kind: 'cpu', id: 'my-cpu', date: '2026-11', source: 'datasheet', fields: { tdpW: 300 } },
      [],
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const fields = r.issues.map((i) => i.field);
      expect(fields).toContain('fields.cores');
      expect(fields).toContain('fields.idleW');
      expect(fields).not.toContain('fields.tdpW');
    }
  });

  it('a valid new entry and a valid override are accepted; empty fields are left out', () => {
    const cpu = buildUserEntry(
      {
        kind: 'cpu',
        id: 'my-cpu',
        date: '2026-11-01',
        source: 'datasheet',
        fields: { name: 'My CPU', cores: 64, tdpW: 300, idleW: 90, vendor: '  ' },
      },
      [],
    );
    expect(cpu.ok).toBe(true);
    if (cpu.ok)
      expect(cpu.entry.fields).toEqual({ name: 'My CPU', cores: 64, tdpW: 300, idleW: 90 });
    const override = buildUserEntry(
      {
        kind: 'system',
        id: 'dgx-h100',
        date: '2026-11-01',
        source: 'quote',
        fields: { priceUsd: 300000, heightU: NaN },
      },
      [],
    );
    expect(override.ok).toBe(true);
    if (!override.ok) return;
    // Merged, the number is user-sourced with the entry's date.
    const { catalog, error } = catalogForEntries([override.entry]);
    expect(error).toBeNull();
    const row = catalogRows(catalog).find((r) => r.key === 'system:dgx-h100');
    expect(row?.user).toBe(true);
    const price = row?.numbers.find((x) => x.path === 'priceUsd')?.n;
    expect(price).toMatchObject({
      value: 300000,
      sources: ['user'],
      basis: 'user',
      date: '2026-11-01',
      soft: false,
    });
    expect(draftFromEntry(override.entry).fields).toEqual({ priceUsd: 300000 });
  });

  it('a second entry for the same kind and id is refused, naming the id', () => {
    const first = buildUserEntry(
      { kind: 'system', id: 'dgx-h100', date: '2026', source: '', fields: { priceUsd: 1 } },
      [],
    );
    if (!first.ok) throw new Error('fixture');
    const again = buildUserEntry(
      { kind: 'system', id: 'dgx-h100', date: '2026', source: '', fields: { priceUsd: 2 } },
      [first.entry],
    );
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.issues[0]?.field).toBe('id');
  });

  it('merge errors map to form fields', () => {
    expect(
      mergeIssues(
        'userCatalog.entries[0] (cpu "x") is invalid: cores: Invalid input: expected object, received undefined; tdpW.value: bad',
      ),
    ).toEqual([
      { field: 'fields.cores', message: 'required for a new entry' },
      { field: 'fields.tdpW', message: 'bad' },
    ]);
    expect(mergeIssues('something else')).toEqual([{ field: 'entry', message: 'something else' }]);
  });

  it('reads a scenario document’s entries, tolerating a missing section', () => {
    expect(userEntriesOf({})).toEqual([]);
    expect(
      userEntriesOf({ userCatalog: { entries: [{ kind: 'cpu', id: 'x', date: '2026' }] } }),
    ).toHaveLength(1);
    expect(userEntriesOf({ userCatalog: 'junk' })).toEqual([]);
  });
});

describe('a new system for a new accelerator (issue 22 point 7)', () => {
  const accelerator: UserEntry = acmeX1Accelerator();
  // What the form holds for "Add its system…": labelled numbers, and the parts of a catalog
  // server chosen by name.
  const systemDraft = {
    kind: 'system' as const,
    id: 'acme-x1-system',
    date: '2026-11-26',
    source: 'Acme server quote Q-17',
    fields: {
      name: 'Acme X1 server',
      acceleratorId: 'acme-x1',
      form: 'server',
      cooling: 'air',
      gpusPerNode: 8,
      heightU: 6,
      ratedPowerW: 11000,
      dimmMemoryGb: 2048,
      platformW: 600,
      psuEfficiency: 0.95,
      scaleOutPorts: 8,
      scaleOutGbps: 400,
      storagePorts: 2,
      priceUsd: 310000,
      [PARTS_FROM]: 'hgx-h100-oem',
    },
  };

  it('the system form offers the plain counts and the parts choice by label, each with its unit', () => {
    const f = editableFields('system');
    expect(f.find((x) => x.name === 'gpusPerNode')).toMatchObject({
      label: 'Accelerators per node',
      type: 'number',
    });
    expect(f.find((x) => x.name === 'scaleOutGbps')).toMatchObject({
      label: 'Scale-out line rate',
      unit: 'Gb/s',
    });
    expect(f.find((x) => x.name === PARTS_FROM)?.label).toBe('CPUs, NICs, optics and drives as in');
    expect(fieldChoices(PARTS_FROM)?.find((c) => c.id === 'dgx-h100')?.label).toBe(
      'NVIDIA DGX H100 (8x H100 SXM)',
    );
    // An accelerator no system holds offers "Add its system…" for it.
    const { catalog } = catalogForEntries([accelerator]);
    expect(acceleratorParts(catalog, 'acme-x1')).toContainEqual(
      expect.objectContaining({
        label: 'Add its system…',
        kind: 'system',
        fields: expect.objectContaining({ acceleratorId: 'acme-x1' }),
      }),
    );
  });

  it('missing numbers and parts are named in words on their fields', () => {
    const r = buildUserEntry(
      { ...systemDraft, fields: { name: 'Acme X1 server', acceleratorId: 'acme-x1' } },
      [accelerator],
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toContainEqual({
      field: 'fields.gpusPerNode',
      message: 'required for a new entry',
    });
    expect(r.issues.filter((i) => i.field === `fields.${PARTS_FROM}`)).toHaveLength(1);
    expect(
      r.issues.some((i) => /^fields\.(cpus|nics|drives|nodeTransceivers)$/.test(i.field)),
    ).toBe(false);
    const range = buildUserEntry(
      { ...systemDraft, fields: { ...systemDraft.fields, gpusPerNode: 2.5 } },
      [accelerator],
    );
    expect(range).toEqual({
      ok: false,
      issues: [
        {
          field: 'fields.gpusPerNode',
          message: 'must be an integer from 1 to 1024 (system accelerators per node)',
        },
      ],
    });
  });

  it('built from the form, it is the scenario’s system: resolveBuild and evaluate give finite power, capex and TCO', () => {
    const built = buildUserEntry(systemDraft, [accelerator]);
    expect(built.ok ? [] : built.issues).toEqual([]);
    if (!built.ok) return;
    const hgx = getItem(builtinCatalog(), 'system', 'hgx-h100-oem');
    expect(built.entry.fields['cpus']).toEqual(hgx.cpus);
    expect(built.entry.fields['nics']).toEqual(hgx.nics);
    expect(built.entry.fields[PARTS_FROM]).toBeUndefined();
    // Counts stay plain numbers; the others are user-sourced with the entry's date.
    const entries = [accelerator, built.entry];
    const catalog = mergeUserCatalog(builtinCatalog(), { entries });
    const sys = getItem(catalog, 'system', 'acme-x1-system');
    expect(sys.gpusPerNode).toBe(8);
    expect(sys.priceUsd).toMatchObject({ value: 310000, basis: 'user', date: '2026-11-26' });
    // The detail says what it holds and its parts in words.
    const facts = systemFacts(catalog, 'system', 'acme-x1-system');
    expect(facts).toContainEqual({ label: 'Accelerator', value: 'Acme X1' });
    expect(facts).toContainEqual({ label: 'Accelerators per node', value: '8' });
    expect(facts.find((f) => f.label === 'CPUs')?.value).toMatch(/^2 × Intel Xeon/);
    expect(systemFacts(catalog, 'accelerator', 'acme-x1')).toEqual([]);
    // Editing it keeps the parts.
    const again = buildUserEntry(draftFromEntry(built.entry), [accelerator]);
    expect(again.ok && again.entry.fields['drives']).toEqual(hgx.drives);

    const doc = JSON.parse(
      readFileSync(
        new URL('../../../examples/pretrain-llama3-70b-1024xh100-ib.json', import.meta.url),
        'utf8',
      ),
    ) as Record<string, Record<string, Record<string, unknown>>>;
    doc['cluster']!['compute']!['acceleratorId'] = 'acme-x1';
    doc['userCatalog'] = { entries } as unknown as Record<string, Record<string, unknown>>;
    const scenario = parseScenarioOrThrow(doc);
    const build = resolveBuild(scenario, catalog);
    expect(build?.system.id).toBe('acme-x1-system');
    expect(build?.accelerator.name).toBe('Acme X1');
    const r = evaluate(scenario);
    for (const id of ['it_power_kw', 'facility_power_kw', 'capex_usd', 'tco_usd']) {
      const v = r.metrics[id]?.value ?? NaN;
      expect(Number.isFinite(v) && v > 0, id).toBe(true);
    }
    // Without its system the build has nothing to buy.
    const alone = parseScenarioOrThrow({ ...doc, userCatalog: { entries: [accelerator] } });
    expect(
      resolveBuild(alone, mergeUserCatalog(builtinCatalog(), { entries: [accelerator] })),
    ).toBeNull();
  });
});
