import { builtinCatalog, dramWPerGb, getItem } from '../catalog/index';
import type { Catalog, CatalogSystem, CoolingTypeId } from '../catalog/index';
import { validateNodePowerParts } from './node';
import type { NodePowerParts } from './node';

/**
 * Resolve a catalog system into the plain numbers of the node power model. Fan fraction:
 * liquid-cooled systems take the direct-liquid residual; air-cooled systems take the air
 * figure, except in immersion (fans removed).
 * @param systemId - catalog system id (`dgx-h100`, ...)
 * @param facilityCooling - the facility's cooling type
 * @throws naming the unknown system, accelerator, CPU, NIC, transceiver or drive id
 */
export function nodePartsFromCatalog(
  systemId: string,
  facilityCooling: CoolingTypeId = 'air',
  catalog: Catalog = builtinCatalog(),
): NodePowerParts {
  const sys: CatalogSystem = getItem(catalog, 'system', systemId);
  const acc = getItem(catalog, 'acceleratorPower', sys.acceleratorId);
  const cpu = getItem(catalog, 'cpu', sys.cpus.id);
  let nicW = 0;
  for (const n of sys.nics) nicW += n.count * getItem(catalog, 'nic', n.id).powerW.value;
  let opticsW = 0;
  for (const t of sys.nodeTransceivers)
    opticsW += t.count * getItem(catalog, 'transceiver', t.id).powerW.value;
  let drivesActiveW = 0;
  let drivesIdleW = 0;
  for (const d of sys.drives) {
    const drive = getItem(catalog, 'drive', d.id);
    drivesActiveW += d.count * drive.activeW.value;
    drivesIdleW += d.count * drive.idleW.value;
  }
  const fanFraction =
    sys.cooling === 'liquid'
      ? getItem(catalog, 'cooling', 'direct-liquid').serverFanFraction.value
      : facilityCooling === 'immersion'
        ? getItem(catalog, 'cooling', 'immersion').serverFanFraction.value
        : getItem(catalog, 'cooling', 'air').serverFanFraction.value;
  const parts: NodePowerParts = {
    gpus: sys.gpusPerNode,
    gpuTdpW: acc.tdpW.value,
    gpuIdleW: acc.idleW.value,
    cpus: sys.cpus.count,
    cpuTdpW: cpu.tdpW.value,
    cpuIdleW: cpu.idleW.value,
    dimmGb: sys.dimmMemoryGb.value,
    dramWPerGb: dramWPerGb.value,
    nicW,
    opticsW,
    drivesActiveW,
    drivesIdleW,
    platformW: sys.platformW.value,
    fanFraction,
    psuEfficiency: sys.psuEfficiency.value,
  };
  validateNodePowerParts(parts);
  return parts;
}
