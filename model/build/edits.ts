import { builtinCatalog, mergeUserCatalog } from '../catalog';
import { docValue, followFieldEdit, parseScenario, withDocValue } from '../scenario';
import type { EditNote, EditOutcome } from '../scenario';
import { resolveBuild } from './resolve';

type Doc = Readonly<Record<string, unknown>>;

const TIERS_PATH = ['cluster', 'network', 'scaleOut', 'fatTreeTiers'] as const;
const TIERS_FIELD = TIERS_PATH.join('.');

/**
 * The editor's edit of one field with every follow-on change that keeps the build valid: the
 * scenario format's own (`followFieldEdit`: layout, node shape, platform, preset) and, on top, the
 * ones only the resolved build can tell. A stated number of fat-tree tiers that no longer holds
 * the cluster after a change of GPUs, node shape, accelerator or network (the fabric sizing of
 * model/fabric refuses it: `resolveBuild` names `cluster.network.scaleOut.fatTreeTiers`) becomes
 * automatic, with a note; before, growing the 1,024-GPU two-tier example to 16,384 GPUs refused
 * the build.
 * @param doc - the scenario document (as a file holds it)
 * @param path - the edited field
 * @param value - its new value, as typed
 * @returns the document after the edit and the notes of what else changed
 */
export function followBuildEdit(
  doc: Doc,
  path: readonly (string | number)[],
  value: unknown,
): EditOutcome {
  const out = followFieldEdit(doc, path, value);
  const tiers = docValue(out.doc, TIERS_PATH);
  if (typeof tiers !== 'number' || path[0] !== 'cluster' || path.join('.') === TIERS_FIELD) {
    return out;
  }
  if (!tiersRefused(out.doc)) return out;
  const gpus = docValue(out.doc, ['cluster', 'compute', 'gpus']);
  const whose = typeof gpus === 'number' ? `${gpus.toLocaleString('en-US')} GPUs’` : 'cluster’s';
  const note: EditNote = {
    text: `Fat-tree tiers ${tiers} → automatic: ${tiers === 1 ? 'one switch tier' : `${tiers} switch tiers`} cannot connect the ${whose} network ports with the fabric’s switches, so the number of tiers is now chosen automatically.`,
    paths: [TIERS_FIELD],
  };
  return { doc: withDocValue(out.doc, TIERS_PATH, 'auto'), notes: [...out.notes, note] };
}

/** Whether the resolved build refuses the document's stated fat-tree tiers. */
function tiersRefused(doc: Doc): boolean {
  const parsed = parseScenario(doc);
  if (!parsed.ok) return false;
  const s = parsed.scenario;
  const catalog =
    s.userCatalog.entries.length === 0
      ? builtinCatalog()
      : mergeUserCatalog(builtinCatalog(), s.userCatalog);
  try {
    resolveBuild(s, catalog, { provenance: false });
    return false;
  } catch (e) {
    return e instanceof Error && e.message.startsWith(`${TIERS_FIELD}:`);
  }
}
