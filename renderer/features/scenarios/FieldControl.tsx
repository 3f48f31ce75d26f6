import { useId, useState, type ReactNode } from 'react';
import { describeDefault } from '../../../model/scenario/defaultSources';
import { displayUnit } from '../../components/metricFormat';
import { FieldError } from '../../components/ui';
import { formatNumber, parseLocaleNumber } from '../../format/format';
import type { FieldNode } from './schemaFields';

/**
 * One scenario field, rendered from its schema metadata: number (with `auto` and default),
 * choice, on/off or text. The value is committed on Enter or blur (never per keystroke), so
 * every committed change is one undoable edit. While the user types, the input carries
 * `data-dirty` so the global Ctrl+Z leaves the native field undo alone (see HelpPanel).
 */

export type CatalogChoice = { readonly id: string; readonly label: string };

export type FieldControlProps = {
  readonly node: FieldNode;
  readonly value: unknown;
  readonly error: string | undefined;
  readonly currency: string;
  readonly onCommit: (path: readonly string[], value: unknown) => void;
  /** Catalog entries to choose from (for `…Id` fields). */
  readonly choices?: readonly CatalogChoice[] | undefined;
  /** Shown under the field (e.g. the catalog figure with its source). */
  readonly hint?: ReactNode;
};

const UNSET = '__unset';
/** Select value standing for null in a nullable catalog choice. */
const NONE = '__none';

function markDirty(e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) {
  e.currentTarget.dataset.dirty = 'true';
}
function clearDirty(e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) {
  delete e.currentTarget.dataset.dirty;
}

type InputEvent = { currentTarget: HTMLInputElement };

/**
 * The typed text of one field until it is committed: `value` shows the draft or, with none, the
 * committed text; Enter or blur hands a changed draft to `commit` (one undoable edit); Escape
 * drops the draft. The input is marked dirty while a draft exists (see the module comment).
 */
function useDraft(committed: string, commit: (draft: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const finish = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft !== committed) commit(draft);
  };
  return {
    draft,
    input: {
      value: draft ?? committed,
      onChange: (e: InputEvent) => {
        markDirty(e);
        setDraft(e.currentTarget.value);
      },
      onBlur: (e: InputEvent) => {
        clearDirty(e);
        finish();
      },
      onKeyDown: (e: InputEvent & { key: string }) => {
        if (e.key === 'Enter') {
          clearDirty(e);
          finish();
        } else if (e.key === 'Escape' && draft !== null) {
          clearDirty(e);
          setDraft(null);
        }
      },
    },
  };
}

export function testIdOf(path: readonly string[]): string {
  return `field-${path.join('.')}`;
}

/** "· default", with where the default comes from on hover (model/scenario/defaultSources). */
function DefaultBadge(props: { node: FieldNode }) {
  const n = props.node;
  const text = describeDefault(n.path.join('.'), n.defaultValue) ?? 'Default value of the schema.';
  return (
    <span className="sc-default-badge" title={text} data-default-source="">
      {' '}
      · default
    </span>
  );
}

export function FieldControl(props: FieldControlProps) {
  const n = props.node;
  const isDefault = props.value === undefined && n.hasDefault;
  return (
    <div className="sc-field-wrap">
      <FieldBody {...props} />
      {props.hint ? <div className="field-description sc-hint">{props.hint}</div> : null}
      {isDefault ? (
        // The hover title's text, shown while the field has keyboard focus (keyboard users
        // never see a title tooltip).
        <div className="field-description sc-default-source" data-testid="default-source">
          {describeDefault(n.path.join('.'), n.defaultValue) ?? 'Default value of the schema.'}
        </div>
      ) : null}
    </div>
  );
}

function FieldBody(props: FieldControlProps) {
  const { node, value, error, currency } = props;
  const unit = displayUnit(node.unit, currency);
  const isDefault = value === undefined && node.hasDefault;
  const shown = value === undefined ? node.defaultValue : value;
  const commit = (v: unknown) => props.onCommit(node.path, v);
  const testId = testIdOf(node.path);
  const errorText = error ? `${node.label} ${error}` : undefined;
  const vk = node.value;

  if (props.choices) {
    return (
      <ChoiceSelect
        node={node}
        unit=""
        isDefault={isDefault}
        testId={testId}
        errorText={errorText}
        selected={
          typeof shown === 'string' ? shown : shown === null && node.nullable ? NONE : UNSET
        }
        options={[
          ...(node.optional ? [{ id: UNSET, label: '(default)' }] : []),
          ...(node.nullable ? [{ id: NONE, label: 'none' }] : []),
          ...props.choices,
          ...(typeof shown === 'string' && !props.choices.some((c) => c.id === shown)
            ? [{ id: shown, label: `${shown} (unknown)` }]
            : []),
        ]}
        onSelect={(k) => commit(k === UNSET ? undefined : k === NONE ? null : k)}
      />
    );
  }

  if (vk.type === 'number') {
    return (
      <NumberNodeField
        node={node}
        unit={unit || 'number'}
        isDefault={isDefault}
        shown={shown}
        testId={testId}
        errorText={errorText}
        commit={commit}
      />
    );
  }

  if (vk.type === 'enum' || (vk.type === 'boolean' && node.auto)) {
    const base = vk.type === 'enum' ? vk.options.map(String) : ['true', 'false'];
    const opts = [...(node.auto ? ['auto'] : []), ...base, ...(node.nullable ? ['null'] : [])].map(
      (o) => ({ id: o, label: o === 'null' ? 'none' : o }),
    );
    if (node.optional) opts.unshift({ id: UNSET, label: '(default)' });
    const sel = shown === undefined ? UNSET : String(shown);
    return (
      <ChoiceSelect
        node={node}
        unit={unit}
        isDefault={isDefault}
        testId={testId}
        errorText={errorText}
        selected={sel}
        options={opts}
        onSelect={(k) => {
          if (k === UNSET) return commit(undefined);
          if (k === 'null') return commit(null);
          if (k === 'auto') return commit('auto');
          if (vk.type === 'boolean') return commit(k === 'true');
          const original = vk.options.find((o) => String(o) === k);
          commit(original ?? k);
        }}
      />
    );
  }

  if (vk.type === 'boolean') {
    return (
      <BooleanNodeField
        node={node}
        isDefault={isDefault}
        checked={shown === true}
        testId={testId}
        errorText={errorText}
        commit={commit}
      />
    );
  }

  return (
    <TextNodeField
      node={node}
      unit={unit}
      isDefault={isDefault}
      shown={typeof shown === 'string' ? shown : shown == null ? '' : String(shown)}
      testId={testId}
      errorText={errorText}
      commit={commit}
    />
  );
}

function ChoiceSelect(props: {
  node: FieldNode;
  unit: string;
  isDefault: boolean;
  testId: string;
  errorText: string | undefined;
  selected: string;
  options: readonly CatalogChoice[];
  onSelect: (key: string) => void;
}) {
  // A native <select>: keyboard and screen-reader support of the platform, and no collection
  // to build per closed dropdown (a dozen of them render with the editor at start-up).
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className="field" data-testid={props.testId}>
      <FieldLabelFor htmlFor={id} node={props.node} unit={props.unit} isDefault={props.isDefault} />
      <select
        id={id}
        className="select-button field-select"
        value={props.selected}
        aria-invalid={props.errorText !== undefined || undefined}
        aria-describedby={props.errorText !== undefined ? errId : undefined}
        onChange={(e) => {
          if (e.currentTarget.value !== props.selected) props.onSelect(e.currentTarget.value);
        }}
      >
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errId}>{props.errorText}</FieldError>
    </div>
  );
}

function NumberNodeField(props: {
  node: FieldNode;
  unit: string;
  isDefault: boolean;
  shown: unknown;
  testId: string;
  errorText: string | undefined;
  commit: (v: unknown) => void;
}) {
  const { node, shown } = props;
  const isAuto = shown === 'auto';
  const num = typeof shown === 'number' ? shown : NaN;
  const vk = node.value;
  const int = vk.type === 'number' && vk.int;
  const min = vk.type === 'number' ? vk.min : null;
  const id = useId();
  const errId = `${id}-err`;
  // A value the document holds that is not a number (text typed earlier) is shown as typed.
  const formatted = Number.isFinite(num)
    ? formatNumber(num, int && Number.isInteger(num) ? 0 : 6)
    : typeof shown === 'string' && shown !== 'auto'
      ? shown
      : '';
  // Commit the typed text as one undoable edit: a number as typed (1.5 GPUs stays 1.5, and the
  // schema says it must be a whole number), empty (null/default), or text that is not a number
  // kept as typed, so its error shows beside it instead of the old value coming back silently.
  const { draft, input } = useDraft(formatted, (text) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (shown !== undefined && shown !== null) props.commit(node.nullable ? null : undefined);
      return;
    }
    const v = parseLocaleNumber(trimmed);
    if (Number.isNaN(v)) {
      if (trimmed !== shown) props.commit(trimmed);
      return;
    }
    if (v !== num) props.commit(v);
  });
  return (
    <div className="sc-number" data-testid={props.testId}>
      <div className="field">
        <FieldLabelFor htmlFor={id} node={node} unit={props.unit} isDefault={props.isDefault} />
        <div className="field-group">
          <input
            id={id}
            className="field-input"
            type="text"
            inputMode={int ? 'numeric' : 'decimal'}
            autoComplete="off"
            disabled={isAuto}
            placeholder={isAuto ? 'auto' : shown === null ? 'none (default)' : ''}
            aria-invalid={props.errorText !== undefined || undefined}
            aria-describedby={props.errorText !== undefined ? errId : undefined}
            {...input}
            onKeyDown={(e) => {
              input.onKeyDown(e);
              if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && draft === null) {
                // Step by one unit, as a spin button does (integers; decimals by 1 as well).
                if (!Number.isFinite(num)) return;
                e.preventDefault();
                const next = num + (e.key === 'ArrowUp' ? 1 : -1);
                if (min === null || next >= min) props.commit(next);
              }
            }}
          />
          <span className="field-unit" aria-hidden="true">
            {props.unit}
          </span>
        </div>
        <FieldError id={errId}>{props.errorText}</FieldError>
      </div>
      {node.auto ? (
        <label className="sc-check sc-auto">
          <input
            type="checkbox"
            className="visually-hidden sc-check-input"
            checked={isAuto}
            onChange={(e) => props.commit(e.currentTarget.checked ? 'auto' : Math.max(min ?? 1, 1))}
          />
          <span className="sc-check-box" aria-hidden="true">
            {isAuto ? '✓' : ''}
          </span>
          auto<span className="visually-hidden"> ({node.label})</span>
        </label>
      ) : null}
    </div>
  );
}

/** The label of a field, with its unit and default badge. */
function FieldLabelFor(props: {
  htmlFor: string;
  node: FieldNode;
  unit: string;
  isDefault: boolean;
}) {
  return (
    <label className="field-label" htmlFor={props.htmlFor}>
      {props.node.label}
      {props.unit ? <span className="unit"> ({props.unit})</span> : null}
      {props.isDefault ? <DefaultBadge node={props.node} /> : null}
    </label>
  );
}

/** An on/off field: a native checkbox (platform keyboard: Space toggles) with a drawn box. */
function BooleanNodeField(props: {
  node: FieldNode;
  isDefault: boolean;
  checked: boolean;
  testId: string;
  errorText: string | undefined;
  commit: (v: unknown) => void;
}) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className="field sc-field-check" data-testid={props.testId}>
      <label className="sc-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="visually-hidden sc-check-input"
          checked={props.checked}
          aria-invalid={props.errorText !== undefined || undefined}
          aria-describedby={props.errorText !== undefined ? errId : undefined}
          onChange={(e) => props.commit(e.currentTarget.checked)}
        />
        <span className="sc-check-box" aria-hidden="true">
          {props.checked ? '✓' : ''}
        </span>
        {/* One flex item, so a wrapped label keeps its default badge after its last word. */}
        <span>
          {props.node.label}
          {props.isDefault ? <DefaultBadge node={props.node} /> : null}
        </span>
      </label>
      <FieldError id={errId}>{props.errorText}</FieldError>
    </div>
  );
}

/**
 * A text field: the typed text is committed on Enter or blur (one undoable edit), Escape
 * restores the committed text.
 */
function TextNodeField(props: {
  node: FieldNode;
  unit: string;
  isDefault: boolean;
  shown: string;
  testId: string;
  errorText: string | undefined;
  commit: (v: unknown) => void;
}) {
  const id = useId();
  const errId = `${id}-err`;
  const { input } = useDraft(props.shown, (text) =>
    props.commit(text === '' && props.node.optional ? undefined : text),
  );
  return (
    <div className="field" data-testid={props.testId}>
      <FieldLabelFor htmlFor={id} node={props.node} unit={props.unit} isDefault={props.isDefault} />
      <div className="field-group">
        <input
          id={id}
          type="text"
          autoComplete="off"
          className="field-input sc-text-input"
          aria-invalid={props.errorText !== undefined || undefined}
          aria-describedby={props.errorText !== undefined ? errId : undefined}
          {...input}
        />
      </div>
      <FieldError id={errId}>{props.errorText}</FieldError>
    </div>
  );
}
