import { evaluate, type EvaluationResult } from '../../model/evaluate';
import { parseScenario, type Scenario, type ScenarioIssue } from '../../model/scenario';
import type { ScenarioDraft } from './workspace';

/** What the engine makes of one open scenario: its validation issues or its result. */
export type ScenarioEvaluation = {
  readonly id: string;
  readonly name: string;
  readonly draft: ScenarioDraft;
  /** Validation issues with field paths (empty when the scenario is valid). */
  readonly issues: readonly ScenarioIssue[];
  /** The validated scenario, when valid. */
  readonly scenario: Scenario | null;
  /** The engine's result, when valid and evaluable. */
  readonly result: EvaluationResult | null;
  /** An engine error (input the engine rejects beyond the schema), with the field it names. */
  readonly error: string | null;
};

// Results are derived, never stored: memoised on the identity of the scenario document, which
// the pure workspace commands replace only when that scenario changes.
const cache = new WeakMap<object, Omit<ScenarioEvaluation, 'id' | 'draft'>>();

/** Validate and evaluate one scenario (memoised per document object). */
export function evaluateDraft(draft: ScenarioDraft): ScenarioEvaluation {
  let hit = cache.get(draft.doc);
  if (!hit) {
    const name = typeof draft.doc.name === 'string' ? draft.doc.name : '';
    const parsed = parseScenario(draft.doc);
    if (!parsed.ok) {
      hit = { name, issues: parsed.issues, scenario: null, result: null, error: null };
    } else {
      try {
        hit = {
          name,
          issues: [],
          scenario: parsed.scenario,
          result: evaluate(parsed.scenario),
          error: null,
        };
      } catch (e) {
        hit = {
          name,
          issues: [],
          scenario: parsed.scenario,
          result: null,
          error: (e as Error).message,
        };
      }
    }
    cache.set(draft.doc, hit);
  }
  return { id: draft.id, draft, ...hit };
}

/** Evaluate every open scenario, in workspace order. */
export function evaluateDrafts(drafts: readonly ScenarioDraft[]): ScenarioEvaluation[] {
  return drafts.map(evaluateDraft);
}
