import { useId, useState } from 'react';
import { modelPresets } from '../../../model/scenario';
import { UndoRedo } from '../../components/UndoRedo';
import { Button, MenuButton, Modal, TabList, TabPanel } from '../../components/ui';
import { useOptionalDesktopApi } from '../../platform/desktopApi';
import { useAppStore } from '../../store';
import { addScenariosFromFile } from '../files/fileCommands';
import { SCENARIO_TEMPLATES, getTemplate, type TemplateGroup } from '../../workspace/templates';
import { addScenario, MAX_SCENARIOS, structuredCloneJson } from '../../workspace/workspace';
import { getIn } from './schemaFields';
import { ResultSummary } from './ResultSummary';
import { ScenarioForm } from './ScenarioForm';
import { useTimedEvaluations } from './perf';
import { DuplicateWithChangeDialog } from './DuplicateWithChangeDialog';
import './scenarios.css';

let presetCounter = 0;

/**
 * A new training scenario for a model preset: the 1,024× H100 InfiniBand template with the
 * preset's shape and global batch, and an automatic parallel layout (the template's fixed
 * layout is specific to Llama 3 70B).
 */
export function presetScenarioDoc(presetId: string): Record<string, unknown> {
  const p = modelPresets.find((x) => x.id === presetId);
  if (!p) throw new Error(`unknown model preset "${presetId}"`);
  const doc = structuredCloneJson(getTemplate('pretrain-ib').doc) as Record<string, unknown>;
  const workload = doc.workload as Record<string, unknown>;
  return {
    ...doc,
    name: `${p.label} pre-train, 1,024× H100`,
    description: `Model shape from ${p.source} (${p.date}).`,
    workload: {
      ...workload,
      model: structuredCloneJson(p.shape),
      training: {
        ...(workload.training as Record<string, unknown>),
        globalBatchSeqs: p.globalBatchSeqs,
        // MoE presets: their recipe's micro batch (1) and layout; recompute as memory needs.
        microBatchSeqs: p.layout ? 1 : 'auto',
        ...(p.layout ? { recompute: 'auto' } : {}),
      },
      // MoE presets carry their recipe's layout (expert parallelism); others: automatic.
      parallelism: p.layout ? structuredCloneJson(p.layout) : 'auto',
    },
  };
}

/** The scenario editor: one scenario per tab, its form, and its live result beside it. */
export function ScenariosPage() {
  const evaluations = useTimedEvaluations();
  const activeId = useAppStore((s) => s.activeId);
  const setActive = useAppStore((s) => s.setActive);
  const baselineId = useAppStore((s) => s.history.present.baselineId);
  const full = evaluations.length >= MAX_SCENARIOS;
  const active = evaluations.find((e) => e.id === activeId) ?? evaluations[0] ?? null;

  return (
    <div className="sc-page">
      <div className="sc-toolbar">
        <h2 className="sc-title">Scenarios</h2>
        <AddMenu disabled={full} />
        {active ? <ScenarioActions id={active.id} name={active.name} /> : null}
        <span className="sc-spacer" />
        <UndoRedo />
      </div>
      {evaluations.length === 0 ? (
        <p className="panel">No scenario is open. Add one from a template or a model preset.</p>
      ) : (
        <div className="sc-tabs">
          <TabList
            idPrefix="scenario"
            className="sc-tablist"
            tabClassName="sc-tab"
            aria-label="Open scenarios"
            selectedId={active?.id ?? ''}
            onSelect={setActive}
            items={evaluations.map((e) => ({
              id: e.id,
              label: (
                <>
                  <span className="sc-tab-name" title={e.name}>
                    {e.name || 'Unnamed'}
                  </span>
                  {e.id === baselineId ? <span className="sc-tag">baseline</span> : null}
                  {e.issues.length || e.error ? (
                    <span className="sc-tag sc-tag-error">
                      {e.issues.length || 1} <span className="visually-hidden">problems</span>
                      <span aria-hidden="true">!</span>
                    </span>
                  ) : null}
                </>
              ),
            }))}
          />
          {active ? (
            <TabPanel idPrefix="scenario" id={active.id} className="sc-panel">
              <div className="sc-layout">
                <section className="panel sc-editor" aria-label={`Inputs of ${active.name}`}>
                  <ScenarioForm key={active.id} evaluation={active} />
                </section>
                <ResultSummary
                  evaluation={active}
                  currency={
                    typeof getIn(active.draft.doc, ['finance', 'currency']) === 'string'
                      ? String(getIn(active.draft.doc, ['finance', 'currency']))
                      : 'USD'
                  }
                />
              </div>
            </TabPanel>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** A menu item with the source of its numbers on a second line. */
function sourcedItem(id: string, label: string, source: string | undefined) {
  return {
    id,
    textValue: label,
    // The item's name stays its label; the source is shown under it (and as its tooltip).
    label: (
      <span className="sc-add-item" title={source}>
        <span>{label}</span>
        {source ? (
          <span className="sc-add-source" aria-hidden="true">
            {source}
          </span>
        ) : null}
      </span>
    ),
  };
}

/** The publication a preset's numbers come from, short: "Brown et al. 2020". */
function shortSource(source: string): string {
  return source.split(', "')[0] ?? source;
}

const templatesIn = (group: TemplateGroup) =>
  SCENARIO_TEMPLATES.filter((t) => (t.group ?? 'training') === group).map((t) =>
    sourcedItem(`template:${t.id}`, t.label, t.source),
  );
const presetsOf = (moe: boolean) =>
  modelPresets
    .filter((p) => (p.shape.moe !== null && p.shape.moe !== undefined) === moe)
    .map((p) => sourcedItem(`preset:${p.id}`, p.label, `${shortSource(p.source)} (${p.date})`));

/** The "Add scenario" menu: templates and presets by kind, each with its source. */
const ADD_MENU_SECTIONS = [
  { title: 'Pre-train or fine-tune (examples)', items: templatesIn('training') },
  { title: 'Pre-train a dense model preset (1,024× H100)', items: presetsOf(false) },
  { title: 'Pre-train a mixture-of-experts preset (1,024× H100)', items: presetsOf(true) },
  { title: 'Vision', items: templatesIn('vision') },
  { title: 'Serve a model', items: templatesIn('serving') },
  { title: 'Pre-train Llama 3 70B on a platform', items: templatesIn('platform') },
];

function AddMenu(props: { disabled: boolean }) {
  const api = useOptionalDesktopApi();
  const addFromTemplate = useAppStore((s) => s.addFromTemplate);
  const apply = useAppStore((s) => s.apply);
  const setActive = useAppStore((s) => s.setActive);
  return (
    <MenuButton
      label="Add scenario ▾"
      menuLabel="Add a scenario"
      className="btn sc-btn-primary"
      menuClassName="sc-add-menu"
      isDisabled={props.disabled}
      sections={[
        ...ADD_MENU_SECTIONS,
        ...(api
          ? [{ title: 'From a file', items: [{ id: 'file', label: 'Add scenarios from file…' }] }]
          : []),
      ]}
      onAction={(k) => {
        if (k === 'file') {
          if (api) void addScenariosFromFile(api, useAppStore);
        } else if (k.startsWith('template:')) {
          addFromTemplate(k.slice('template:'.length));
        } else if (k.startsWith('preset:')) {
          presetCounter += 1;
          const id = `p${presetCounter}`;
          apply((ws) => addScenario(ws, id, presetScenarioDoc(k.slice('preset:'.length))));
          if (useAppStore.getState().history.present.scenarios.some((s) => s.id === id)) {
            setActive(id);
          }
        }
      }}
    />
  );
}

function ScenarioActions(props: { id: string; name: string }) {
  const { id } = props;
  const ids = useAppStore((s) => s.history.present.scenarios.map((x) => x.id).join(' '));
  const order = ids.split(' ');
  const index = order.indexOf(id);
  const count = order.length;
  const baselineId = useAppStore((s) => s.history.present.baselineId);
  const duplicate = useAppStore((s) => s.duplicate);
  const move = useAppStore((s) => s.move);
  const markBaseline = useAppStore((s) => s.markBaseline);
  const full = count >= MAX_SCENARIOS;
  return (
    <div className="toolbar sc-actions" role="group" aria-label="Scenario actions">
      <RenameField key={`${id}:${props.name}`} id={id} name={props.name} />
      <Button className="btn" onPress={() => duplicate(id)} isDisabled={full}>
        Duplicate
      </Button>
      <DuplicateWithChange id={id} name={props.name} isDisabled={full} />
      <Button
        className="btn"
        onPress={() => move(id, index - 1)}
        isDisabled={index <= 0}
        aria-label="Move left"
      >
        ◀ Move
      </Button>
      <Button
        className="btn"
        onPress={() => move(id, index + 1)}
        isDisabled={index >= count - 1}
        aria-label="Move right"
      >
        Move ▶
      </Button>
      <Button className="btn" onPress={() => markBaseline(id)} isDisabled={baselineId === id}>
        {baselineId === id ? 'Baseline' : 'Mark as baseline'}
      </Button>
      <DeleteButton id={id} name={props.name} />
    </div>
  );
}

/** "Duplicate with change…" and its dialog (loaded when first opened). */
function DuplicateWithChange(props: { id: string; name: string; isDisabled: boolean }) {
  const [open, setOpen] = useState(false);
  const doc = useAppStore((s) => s.history.present.scenarios.find((x) => x.id === props.id)?.doc);
  return (
    <>
      <Button className="btn" onPress={() => setOpen(true)} isDisabled={props.isDisabled}>
        Copy with one change…
      </Button>
      {open && doc ? (
        <DuplicateWithChangeDialog
          id={props.id}
          name={props.name}
          doc={doc}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * The scenario's name: committed on Enter or blur (one undoable edit), Escape restores it. While
 * typing, the input carries `data-dirty` so Ctrl+Z stays the field's own (features/help).
 */
function RenameField(props: { id: string; name: string }) {
  const rename = useAppStore((s) => s.rename);
  const [text, setText] = useState(props.name);
  const inputId = useId();
  const commit = () => {
    if (text !== props.name) rename(props.id, text);
  };
  return (
    <div className="sc-rename" data-testid="scenario-name">
      <label htmlFor={inputId} className="visually-hidden">
        Scenario name
      </label>
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        className="field-input sc-rename-input"
        value={text}
        onChange={(e) => {
          e.currentTarget.dataset.dirty = 'true';
          setText(e.currentTarget.value);
        }}
        onBlur={(e) => {
          delete e.currentTarget.dataset.dirty;
          commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            delete e.currentTarget.dataset.dirty;
            commit();
          } else if (e.key === 'Escape' && text !== props.name) {
            delete e.currentTarget.dataset.dirty;
            setText(props.name);
          }
        }}
      />
    </div>
  );
}

function DeleteButton(props: { id: string; name: string }) {
  const remove = useAppStore((s) => s.remove);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button className="btn sc-btn-danger" onPress={() => setOpen(true)}>
        Delete…
      </Button>
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        isDismissable
        role="alertdialog"
        aria-labelledby={titleId}
        className="sc-modal"
      >
        <div className="sc-dialog">
          <h2 id={titleId} className="sc-dialog-title">
            Delete “{props.name}”?
          </h2>
          <p>The scenario is closed. You can bring it back with Undo (Ctrl+Z).</p>
          <div className="toolbar sc-dialog-actions">
            <Button className="btn" onPress={() => setOpen(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              className="btn sc-btn-danger"
              onPress={() => {
                remove(props.id);
                setOpen(false);
              }}
            >
              Delete
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
