/**
 * The editor's sections and problems in the user's words. The wording itself lives with the
 * scenario format (model/scenario/issueText.ts), so the CLI's reports use the same words; this
 * module adds which sections the editor opens first.
 */
import { SCENARIO_SECTIONS } from '../../../model/scenario/issueText';

export * from '../../../model/scenario/issueText';

/** Sections the editor shows open when a scenario is first opened. */
const OPEN_AT_START: ReadonlySet<string> = new Set(['workload', 'compute', 'network']);

/** Editor sections, in order, with the document path each holds and whether it starts open. */
export const SECTIONS = SCENARIO_SECTIONS.map((s) => ({ ...s, open: OPEN_AT_START.has(s.id) }));
