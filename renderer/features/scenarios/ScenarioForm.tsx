import { memo, useCallback, useId, useState } from 'react';
import { modelPresets, scenarioSchema, servingModelFromPreset } from '../../../model/scenario';
import { Button, SelectField } from '../../components/ui';
import { useAppStore } from '../../store';
import type { ScenarioEvaluation } from '../../workspace/evaluations';
import { setScenarioField } from '../../workspace/workspace';
import { catalogField, migProfileField } from './catalogFields';
import { FieldControl } from './FieldControl';
import { fieldText } from './fieldText';
import { describeIssue, inUserWords, SECTIONS } from './issueText';
import {
  describeSchema,
  fieldsOf,
  getIn,
  scenarioFormRoot,
  schemaAt,
  skeletonOf,
  type FieldNode,
  type ObjectNode,
  type SchemaNode,
} from './schemaFields';

/**
 * The form nodes of one editor section, derived from the schema when the section is first
 * opened (describing the whole scenario up front cost about 15 ms of the editor's first render,
 * most of it for the sections that start closed).
 */
const sectionNodes = new Map<string, SchemaNode | null>();
function childAt(path: readonly string[]): SchemaNode | null {
  const key = path.join('.');
  let node = sectionNodes.get(key);
  if (node === undefined) {
    const schema = schemaAt(scenarioSchema, path);
    node = schema ? describeSchema(schema, path) : null;
    sectionNodes.set(key, node);
  }
  return node;
}

/** Editor sections, in order, and which are open at first (issueText.ts). */
export { SECTIONS };

/** Every field path the form can show (to tell which issues have no field of their own). */
let fieldPaths: ReadonlySet<string> | null = null;
function isFieldPath(path: string): boolean {
  fieldPaths ??= new Set(fieldsOf(scenarioFormRoot()).map((f) => f.path.join('.')));
  return fieldPaths.has(path);
}

function groupPaths(node: SchemaNode, out: Set<string>): Set<string> {
  if (node.kind === 'field') return out;
  out.add(node.path.join('.'));
  if (node.kind === 'object') for (const c of node.children) groupPaths(c, out);
  else for (const b of node.branches) for (const c of b.node.children) groupPaths(c, out);
  return out;
}
let groupPathSet: ReadonlySet<string> | null = null;
function isGroupPath(path: string): boolean {
  groupPathSet ??= groupPaths(scenarioFormRoot(), new Set());
  return groupPathSet.has(path);
}

type Ctx = {
  readonly doc: Readonly<Record<string, unknown>>;
  readonly issues: ReadonlyMap<string, string>;
  readonly currency: string;
  readonly commit: (path: readonly string[], value: unknown) => void;
};

/** The form of one scenario: general fields, then the grouped sections. */
export function ScenarioForm(props: { evaluation: ScenarioEvaluation }) {
  const { evaluation } = props;
  const id = evaluation.id;
  const doc = evaluation.draft.doc;
  const setField = useAppStore((s) => s.setField);
  const apply = useAppStore((s) => s.apply);
  // One line per field, in the user's words; two different problems of one field both show.
  const issues = new Map<string, string>();
  for (const i of evaluation.issues) {
    const text = inUserWords(i.message);
    const had = issues.get(i.path);
    issues.set(i.path, had === undefined ? text : `${had}; ${text}`);
  }
  const currencyRaw = getIn(doc, ['finance', 'currency']);
  const currency =
    typeof currencyRaw === 'string' && /^[A-Z]{3}$/.test(currencyRaw) ? currencyRaw : 'USD';
  // Stable per scenario, so unchanged fields skip re-rendering after an edit (FieldView memo).
  const commit = useCallback(
    (path: readonly string[], value: unknown) => setField(id, path, value),
    [setField, id],
  );
  const ctx: Ctx = { doc, issues, currency, commit };
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(SECTIONS.map((s) => [s.id, s.open])),
  );
  const isTraining = getIn(doc, ['workload', 'kind']) === 'training';
  const isServing = getIn(doc, ['workload', 'kind']) === 'serving';
  // Problems with no field of their own (group-level checks are shown on their group).
  const unplaced = unplacedIssues(evaluation.issues).filter((i) => !isGroupPath(i.path));
  const presetId = getIn(doc, ['workload', 'model', 'preset']);

  return (
    <div className="sc-form">
      <EditNotesBanner id={id} />
      {unplaced.length ? (
        <div className="error-box" role="alert" data-testid="form-issues">
          {unplaced.map((i) => {
            const t = describeIssue(i);
            return (
              <p key={`${i.path}:${i.message}`} className="sc-unplaced">
                <strong>{t.place}</strong> {t.text}
              </p>
            );
          })}
        </div>
      ) : null}
      <DescriptionField
        value={typeof doc.description === 'string' ? doc.description : ''}
        onCommit={(v) => setField(id, ['description'], v)}
      />
      {SECTIONS.map((section) => {
        // A closed section's fields are described when it opens.
        const node = open[section.id] ? childAt(section.path) : null;
        if (open[section.id] && !node) return null;
        const prefix = section.path.join('.');
        // Problems, as the tab's badge counts them (evaluation.issues holds each once).
        const count = evaluation.issues.filter(
          (i) => i.path === prefix || i.path.startsWith(`${prefix}.`),
        ).length;
        return (
          <details
            key={section.id}
            className="sc-section"
            open={open[section.id] === true}
            onToggle={(e) => {
              const isOpen = e.currentTarget.open;
              setOpen((o) => (o[section.id] === isOpen ? o : { ...o, [section.id]: isOpen }));
            }}
            data-testid={`section-${section.id}`}
          >
            <summary className="sc-section-trigger">
              <h3 className="sc-section-head">
                <span aria-hidden="true">{open[section.id] ? '▾' : '▸'}</span> {section.title}
              </h3>
              {count > 0 ? (
                <span className="sc-badge-error">
                  {count} {count === 1 ? 'problem' : 'problems'}
                </span>
              ) : null}
            </summary>
            {node ? (
              <div className="sc-section-body">
                {section.id === 'workload' && isTraining ? (
                  <PresetSelect
                    value={typeof presetId === 'string' ? presetId : ''}
                    onSelect={(pid) => {
                      const p = modelPresets.find((x) => x.id === pid);
                      if (!p) return;
                      // One undoable edit: the model shape, the preset's global batch and, for
                      // MoE presets, their recipe's expert-parallel layout.
                      apply((ws) => {
                        let next = setScenarioField(
                          setScenarioField(ws, id, ['workload', 'model'], p.shape),
                          id,
                          ['workload', 'training', 'globalBatchSeqs'],
                          p.globalBatchSeqs,
                        );
                        if (p.layout)
                          next = setScenarioField(next, id, ['workload', 'parallelism'], p.layout);
                        return next;
                      });
                    }}
                  />
                ) : null}
                {section.id === 'workload' && isServing ? (
                  <PresetSelect
                    value={typeof presetId === 'string' ? presetId : ''}
                    onSelect={(pid) => {
                      const p = modelPresets.find((x) => x.id === pid);
                      if (!p) return;
                      apply((ws) =>
                        setScenarioField(ws, id, ['workload', 'model'], servingModelFromPreset(p)),
                      );
                    }}
                  />
                ) : null}
                <NodeView node={node} ctx={ctx} depth={0} />
              </div>
            ) : null}
          </details>
        );
      })}
    </div>
  );
}

/**
 * What else the last edit changed to keep the build valid (model/scenario/edits.ts): one line
 * per change, "Change only <field>" to keep just the edited value, and Dismiss. Gone on the
 * next edit, undo or redo (the store clears it).
 */
function EditNotesBanner(props: { id: string }) {
  const editNotes = useAppStore((s) => s.editNotes);
  const setEditNotes = useAppStore((s) => s.setEditNotes);
  const undo = useAppStore((s) => s.undo);
  const setFieldOnly = useAppStore((s) => s.setFieldOnly);
  const duplicateWithChange = useAppStore((s) => s.duplicateWithChange);
  if (editNotes === null || editNotes.scenarioId !== props.id) return null;
  const label = fieldText(editNotes.path.map(String)).label;
  return (
    <div className="notice notice-info sc-edit-notes" role="status" data-testid="edit-notes">
      <div className="sc-edit-notes-body">
        <p className="sc-edit-notes-head">
          Also changed with “{label}” to keep the build valid (Ctrl+Z undoes it all):
        </p>
        <ul>
          {editNotes.notes.map((n) => (
            <li key={n.text}>{n.text}</li>
          ))}
        </ul>
      </div>
      <div className="toolbar sc-edit-notes-actions">
        <Button
          className="btn"
          onPress={() => {
            undo();
            // A changed copy is made again with that field only (undo took the copy away).
            const dup = editNotes.duplicateOf;
            if (dup)
              duplicateWithChange(dup.sourceId, editNotes.path, editNotes.value, dup.name, false);
            else setFieldOnly(props.id, editNotes.path, editNotes.value);
          }}
        >
          Change only “{label}”
        </Button>
        <Button className="btn btn-quiet" onPress={() => setEditNotes(null)} aria-label="Dismiss">
          ×
        </Button>
      </div>
    </div>
  );
}

/** Issues that name no field the form shows (cross-field checks, engine errors). */
export function unplacedIssues(
  issues: readonly { path: string; message: string }[],
): { path: string; message: string }[] {
  return issues.filter((i) => !isFieldPath(i.path));
}

/**
 * The scenario's description (a text area): committed on blur (one undoable edit), Escape
 * restores the committed text. While typing, `data-dirty` keeps Ctrl+Z the field's own.
 */
function DescriptionField(props: { value: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(props.value);
  const [seen, setSeen] = useState(props.value);
  const inputId = useId();
  if (seen !== props.value) {
    setSeen(props.value);
    setText(props.value);
  }
  return (
    <div className="field sc-description" data-testid="field-description">
      <label htmlFor={inputId} className="field-label">
        Description
      </label>
      <textarea
        id={inputId}
        className="field-textarea sc-textarea"
        rows={2}
        value={text}
        onChange={(e) => {
          e.currentTarget.dataset.dirty = 'true';
          setText(e.currentTarget.value);
        }}
        onBlur={(e) => {
          delete e.currentTarget.dataset.dirty;
          if (text !== props.value) props.onCommit(text);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text !== props.value) {
            delete e.currentTarget.dataset.dirty;
            setText(props.value);
          }
        }}
      />
    </div>
  );
}

/** "Custom shape" stands for a model shape that no preset filled. */
const CUSTOM_SHAPE = '';

function PresetSelect(props: { value: string; onSelect: (id: string) => void }) {
  const known = modelPresets.some((p) => p.id === props.value);
  return (
    <SelectField
      className="field sc-preset"
      selectClassName="select-button field-select"
      label="Model preset (fills the model shape)"
      value={known ? props.value : CUSTOM_SHAPE}
      options={[
        { id: CUSTOM_SHAPE, label: 'Custom shape', isDisabled: true },
        ...modelPresets.map((p) => ({ id: p.id, label: `${p.label} (${p.date})` })),
      ]}
      onChange={(pid) => {
        if (pid !== CUSTOM_SHAPE) props.onSelect(pid);
      }}
      data-testid="model-preset"
    />
  );
}

function NodeView(props: { node: SchemaNode; ctx: Ctx; depth: number }) {
  const { node, ctx, depth } = props;
  if (node.kind === 'field') {
    // A MIG profile's choices depend on the scenario's accelerator (only that field gets it).
    const accelerator =
      node.key === 'profile' ? getIn(ctx.doc, ['cluster', 'compute', 'acceleratorId']) : undefined;
    return (
      <FieldView
        node={node}
        value={getIn(ctx.doc, node.path)}
        error={ctx.issues.get(node.path.join('.'))}
        currency={ctx.currency}
        commit={ctx.commit}
        accelerator={accelerator}
        userCatalog={node.key === 'acceleratorId' ? getIn(ctx.doc, ['userCatalog']) : undefined}
      />
    );
  }
  const value = getIn(ctx.doc, node.path);
  const pathKey = node.path.join('.');
  const ownError = ctx.issues.get(pathKey);
  const errorLine = ownError ? (
    <p className="field-error sc-group-error" role="alert">
      {node.label} {ownError}
    </p>
  ) : null;

  if (node.kind === 'variant') {
    const current =
      (value as Record<string, unknown> | undefined)?.[node.discriminator] ??
      (node.defaultValue as Record<string, unknown> | undefined)?.[node.discriminator];
    const branch = node.branches.find((b) => b.value === current);
    const discNode: FieldNode = {
      kind: 'field',
      path: [...node.path, node.discriminator],
      key: node.discriminator,
      label: `${node.label} ${node.discriminator.toLowerCase()}`,
      unit: '',
      value: { type: 'enum', options: node.branches.map((b) => b.value) },
      auto: false,
      optional: false,
      nullable: false,
      hasDefault: false,
      defaultValue: undefined,
    };
    const inner = (
      <>
        <FieldControl
          node={discNode}
          value={current}
          error={ctx.issues.get(discNode.path.join('.'))}
          currency={ctx.currency}
          onCommit={(_p, v) => {
            const b = node.branches.find((x) => x.value === v);
            if (b) ctx.commit(node.path, { [node.discriminator]: v, ...skeletonOf(b.node) });
          }}
        />
        {errorLine}
        {branch ? <Children node={branch.node} ctx={ctx} depth={depth + 1} /> : null}
      </>
    );
    return depth === 0 ? inner : <Group label={node.label}>{inner}</Group>;
  }

  // Object: maybe `auto`, maybe absent (null/optional).
  const absent = value === null || (value === undefined && (node.defaultValue ?? null) === null);
  if (node.auto) {
    const isAuto = value === 'auto' || (value === undefined && node.defaultValue === 'auto');
    return (
      <Group label={node.label} wide>
        <FieldControl
          node={{
            kind: 'field',
            path: node.path,
            key: node.key,
            label: `${node.label}: choose automatically`,
            unit: '',
            value: { type: 'boolean' },
            auto: false,
            optional: false,
            nullable: false,
            hasDefault: false,
            defaultValue: undefined,
          }}
          value={isAuto}
          error={undefined}
          currency={ctx.currency}
          onCommit={(_p, on) => ctx.commit(node.path, on ? 'auto' : {})}
        />
        {errorLine}
        {isAuto ? null : <Children node={node} ctx={ctx} depth={depth + 1} />}
      </Group>
    );
  }
  if ((node.nullable || node.optional) && absent) {
    return (
      <Group label={node.label}>
        <p className="sc-absent">
          Not set{node.nullable ? ' (none)' : ''}.{' '}
          <Button
            className="btn"
            onPress={() => ctx.commit(node.path, skeletonOf(node))}
            aria-label={`Add ${node.label}`}
          >
            Add
          </Button>
        </p>
        {errorLine}
      </Group>
    );
  }
  const removable = (node.nullable || node.optional) && !absent && depth > 0;
  const body = (
    <>
      {removable ? (
        <Button
          className="btn sc-remove"
          onPress={() => ctx.commit(node.path, node.nullable ? null : undefined)}
          aria-label={`Remove ${node.label}`}
        >
          Remove
        </Button>
      ) : null}
      {errorLine}
      <Children node={node} ctx={ctx} depth={depth + 1} />
    </>
  );
  return depth === 0 ? body : <Group label={node.label}>{body}</Group>;
}

function Group(props: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <fieldset className="sc-sub">
      <legend className="sc-sub-legend">{props.label}</legend>
      {props.children}
    </fieldset>
  );
}

function Children(props: { node: ObjectNode; ctx: Ctx; depth: number }) {
  const fields = props.node.children.filter((c) => c.kind === 'field');
  const groups = props.node.children.filter((c) => c.kind !== 'field');
  return (
    <>
      {fields.length ? (
        <div className="sc-grid">
          {fields.map((c) => (
            <NodeView key={c.key} node={c} ctx={props.ctx} depth={props.depth} />
          ))}
        </div>
      ) : null}
      {groups.map((c) => (
        <NodeView key={c.key} node={c} ctx={props.ctx} depth={props.depth} />
      ))}
    </>
  );
}

/** One field; memoised, so an edit re-renders only the fields whose value or error changed. */
const FieldView = memo(function FieldView(props: {
  node: FieldNode;
  value: unknown;
  error: string | undefined;
  currency: string;
  commit: (path: readonly string[], value: unknown) => void;
  /** The scenario's accelerator, passed to the MIG profile field only. */
  accelerator?: unknown;
  /** The scenario's user catalog, passed to the accelerator field only (its user accelerators). */
  userCatalog?: unknown;
}) {
  const { node, value } = props;
  const cat =
    node.value.type === 'string'
      ? (migProfileField(node.path, props.accelerator) ??
        catalogField(node.key, value ?? node.defaultValue, props.userCatalog))
      : null;
  return (
    <FieldControl
      node={node}
      value={value}
      error={props.error}
      currency={props.currency}
      onCommit={props.commit}
      choices={cat?.choices}
      hint={cat?.hint}
    />
  );
});
