import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  Label,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
  Header,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextField,
  type Key,
} from 'react-aria-components';
import { modelPresets } from '../../../model/scenario';
import { UndoRedo } from '../../components/UndoRedo';
import { useAppStore } from '../../store';
import { SCENARIO_TEMPLATES, getTemplate } from '../../workspace/templates';
import { addScenario, MAX_SCENARIOS, structuredCloneJson } from '../../workspace/workspace';
import { getIn } from './schemaFields';
import { ResultSummary } from './ResultSummary';
import { ScenarioForm } from './ScenarioForm';
import { useTimedEvaluations } from './perf';
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
        microBatchSeqs: 'auto',
      },
      parallelism: 'auto',
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
        <Tabs
          className="sc-tabs"
          selectedKey={active?.id ?? ''}
          onSelectionChange={(k: Key) => setActive(String(k))}
        >
          <TabList
            className="sc-tablist"
            aria-label="Open scenarios"
            items={evaluations}
            dependencies={[baselineId]}
          >
            {(e) => (
              <Tab id={e.id} className="sc-tab">
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
              </Tab>
            )}
          </TabList>
          {evaluations.map((e) => (
            <TabPanel key={e.id} id={e.id} className="sc-panel">
              <div className="sc-layout">
                <section className="panel sc-editor" aria-label={`Inputs of ${e.name}`}>
                  <ScenarioForm key={e.id} evaluation={e} />
                </section>
                <ResultSummary
                  evaluation={e}
                  currency={
                    typeof getIn(e.draft.doc, ['finance', 'currency']) === 'string'
                      ? String(getIn(e.draft.doc, ['finance', 'currency']))
                      : 'USD'
                  }
                />
              </div>
            </TabPanel>
          ))}
        </Tabs>
      )}
    </div>
  );
}

function AddMenu(props: { disabled: boolean }) {
  const addFromTemplate = useAppStore((s) => s.addFromTemplate);
  const apply = useAppStore((s) => s.apply);
  const setActive = useAppStore((s) => s.setActive);
  return (
    <MenuTrigger>
      <Button className="btn sc-btn-primary" isDisabled={props.disabled}>
        Add scenario ▾
      </Button>
      <Popover className="select-popover sc-menu-popover">
        <Menu
          className="select-list"
          aria-label="Add a scenario"
          onAction={(key: Key) => {
            const k = String(key);
            if (k.startsWith('template:')) {
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
        >
          <MenuSection>
            <Header className="sc-menu-header">From a template</Header>
            {SCENARIO_TEMPLATES.map((t) => (
              <MenuItem key={t.id} id={`template:${t.id}`} className="select-item">
                {t.label}
              </MenuItem>
            ))}
          </MenuSection>
          <MenuSection>
            <Header className="sc-menu-header">Pre-train a model preset</Header>
            {modelPresets.map((p) => (
              <MenuItem key={p.id} id={`preset:${p.id}`} className="select-item">
                {p.label}
              </MenuItem>
            ))}
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
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

function RenameField(props: { id: string; name: string }) {
  const rename = useAppStore((s) => s.rename);
  const [text, setText] = useState(props.name);
  const commit = () => {
    if (text !== props.name) rename(props.id, text);
  };
  return (
    <TextField
      className="sc-rename"
      value={text}
      onChange={setText}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      data-testid="scenario-name"
    >
      <Label className="visually-hidden">Scenario name</Label>
      <Input
        className="field-input sc-rename-input"
        onInput={(e) => {
          e.currentTarget.dataset.dirty = 'true';
        }}
        onBlur={(e) => {
          delete e.currentTarget.dataset.dirty;
        }}
      />
    </TextField>
  );
}

function DeleteButton(props: { id: string; name: string }) {
  const remove = useAppStore((s) => s.remove);
  return (
    <DialogTrigger>
      <Button className="btn sc-btn-danger">Delete…</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal sc-modal">
          <Dialog className="sc-dialog" role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="sc-dialog-title">
                  Delete “{props.name}”?
                </Heading>
                <p>The scenario is closed. You can bring it back with Undo (Ctrl+Z).</p>
                <div className="toolbar sc-dialog-actions">
                  <Button className="btn" onPress={close} autoFocus>
                    Cancel
                  </Button>
                  <Button
                    className="btn sc-btn-danger"
                    onPress={() => {
                      remove(props.id);
                      close();
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
