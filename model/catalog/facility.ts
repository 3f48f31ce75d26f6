import { derived, estimate, read } from './build';
import type {
  CatalogColocationPrice,
  CatalogConstructionCost,
  CatalogCooling,
  CatalogElectricityPrice,
  CatalogFacilityPreset,
  CatalogGridCarbon,
} from './schemas';

/**
 * Facility data: cooling types with planning PUE/WUE/rack density, facility presets,
 * electricity prices, grid carbon intensity, colocation and construction prices.
 * Seeded from shared/research/catalog.json `facility`. PUE by cooling type is a planning
 * value (soft): surveys do not split PUE by cooling type (catalog.md §5).
 */

export const coolingItems: readonly CatalogCooling[] = [
  {
    id: 'air',
    name: 'Air cooling (CRAH/CRAC, hot/cold aisle)',
    pue: read(1.56, '1', ['statista-pue2024'], {
      soft: true,
      note: 'Uptime 2024 survey average (1.58 in 2023); proxy for a mostly air-cooled installed base. New large builds reach <= 1.3',
    }),
    wueLPerKwh: estimate(
      1.8,
      'L/kWh',
      ['techtarget-wue', 'planning-estimate'],
      'often-cited industry average ~1.8 L/kWh (LBNL 2016), not found in the store',
    ),
    rackLimitKw: read(30, 'kW', ['flashgenius-power'], {
      note: 'air practical maximum ~25-30 kW per rack',
    }),
    serverFanFraction: derived(
      0.07,
      '1',
      ['vertiv-nvidia-dlc', 'eweek-fans'],
      'fan power of air-cooled servers at full heat, share of input: moving 75 % of the heat to cold plates cut IT power by 1 − 0.898 / 0.967 ≈ 7.1 % in the Vertiv/NVIDIA study (total −10.2 %, PUE −3.3 %), the fans it removed; eWeek’s 10–15 % is for 1U CPU servers (2009)',
    ),
  },
  {
    id: 'rear-door',
    name: 'Rear-door heat exchanger (RDHx) on air-cooled servers',
    pue: estimate(
      1.27,
      '1',
      ['asme-rdhx', 'planning-estimate'],
      'planning range 1.2-1.35 (memory), midpoint',
    ),
    wueLPerKwh: estimate(
      1.0,
      'L/kWh',
      ['planning-estimate'],
      'chilled-water plant with partial free cooling; planning value',
    ),
    rackLimitKw: read(50, 'kW', ['asme-rdhx', 'coolnet-rdhx'], {
      soft: true,
      note: '~100 % effective to 27 kW (passive); active doors 35-55 and 55-75 kW; 50 kW planning value',
    }),
    serverFanFraction: derived(
      0.07,
      '1',
      ['vertiv-nvidia-dlc', 'eweek-fans'],
      'servers keep their fans, as under air cooling (7 % of input at full heat, Vertiv/NVIDIA study)',
    ),
  },
  {
    id: 'direct-liquid',
    name: 'Direct-to-chip liquid cooling (cold plates, CDU)',
    pue: estimate(
      1.15,
      '1',
      ['vertiv-nvidia-dlc', 'planning-estimate'],
      'planning range 1.1-1.2 (memory), midpoint; PUE understates DLC gains because server fans leave the IT load',
    ),
    wueLPerKwh: estimate(
      0.2,
      'L/kWh',
      ['planning-estimate'],
      'closed loops with dry coolers ~0-0.2 L/kWh (memory), upper end',
    ),
    rackLimitKw: read(132, 'kW', ['flashgenius-power', 'sth-gb200-techradar'], {
      soft: true,
      note: 'DLC racks 50-120 kW (study guide); GB200 NVL72 racks run ~120-132 kW',
    }),
    serverFanFraction: derived(
      0.0175,
      '1',
      ['vertiv-nvidia-dlc'],
      'residual fans for what stays air-cooled (memory, NICs, drives, PSUs): sized for the quarter of the heat left to air in the Vertiv/NVIDIA study, 0.25 × the 7 % of an air-cooled server',
    ),
  },
  {
    id: 'immersion',
    name: 'Immersion cooling (single- or two-phase)',
    pue: derived(
      1.05,
      '1',
      ['energies-2phase'],
      'two-phase system partial PUE 1.037-1.053 (read), rounded; facility overhead beyond the tank adds more',
    ),
    wueLPerKwh: estimate(0.1, 'L/kWh', ['planning-estimate'], 'dry coolers; planning value'),
    rackLimitKw: read(100, 'kW', ['flashgenius-power'], { note: '100+ kW per tank' }),
    serverFanFraction: estimate(0, '1', ['planning-estimate'], 'server fans removed in immersion'),
  },
];

const FLOOR_NOTE = 'white space per rack incl. aisles ~25-30 sq ft (2.3-2.8 m^2), planning value';

export const facilityPresetItems: readonly CatalogFacilityPreset[] = [
  {
    id: 'enterprise-air-15kw',
    name: 'Enterprise room, air, 15 kW racks',
    coolingType: 'air',
    rackLimitKw: read(15, 'kW', ['schneider-wp156', 'uptime-2024-report'], {
      note: 'average racks < 8-10 kW; many rooms cap at ~15-20 kW',
    }),
    pue: read(1.56, '1', ['statista-pue2024'], { soft: true }),
    floorM2PerRack: estimate(2.5, 'm2', ['planning-estimate'], FLOOR_NOTE),
  },
  {
    id: 'ai-ready-air-40kw',
    name: 'AI-ready hall, air + containment, 40 kW racks (4x DGX H100)',
    coolingType: 'air',
    rackLimitKw: read(40.8, 'kW', ['nv-spod-h100-ra', 'rackula-3287'], {
      note: '4x 10.2 kW DGX H100 per rack',
    }),
    pue: estimate(
      1.35,
      '1',
      ['uptime-2024-report', 'planning-estimate'],
      'modern containment 1.3-1.4 (memory); new large builds <= 1.3',
    ),
    floorM2PerRack: estimate(2.8, 'm2', ['planning-estimate'], FLOOR_NOTE),
  },
  {
    id: 'colo-rdhx-60kw',
    name: 'Colocation with rear-door heat exchangers, 60 kW racks (4x DGX B200)',
    coolingType: 'rear-door',
    rackLimitKw: read(57.2, 'kW', ['rackula-3287'], { note: '4x 14.3 kW DGX B200 per rack' }),
    pue: estimate(1.27, '1', ['planning-estimate'], 'RDHx planning range 1.2-1.35'),
    floorM2PerRack: estimate(2.8, 'm2', ['planning-estimate'], FLOOR_NOTE),
  },
  {
    id: 'ai-factory-dlc-132kw',
    name: 'AI factory, direct liquid cooling, 132 kW racks (GB200 NVL72)',
    coolingType: 'direct-liquid',
    rackLimitKw: read(132, 'kW', ['sth-gb200-techradar', 'flashgenius-power'], { soft: true }),
    pue: estimate(1.15, '1', ['planning-estimate'], 'DLC planning range 1.1-1.2'),
    floorM2PerRack: estimate(
      3,
      'm2',
      ['planning-estimate'],
      'wider racks plus CDUs; planning value',
    ),
  },
];

function usd(
  idv: string,
  name: string,
  region: string,
  v: number,
  sources: readonly string[],
  opts: { note?: string; estimate?: boolean } = {},
): CatalogElectricityPrice {
  return {
    id: idv,
    name,
    region,
    currency: 'USD',
    pricePerKwh: opts.estimate
      ? estimate(v, 'USD/kWh', ['planning-estimate'], opts.note ?? 'memory')
      : read(v, 'USD/kWh', sources, opts.note === undefined ? {} : { note: opts.note }),
  };
}

function eur(
  idv: string,
  name: string,
  region: string,
  v: number,
  sources: readonly string[],
  opts: { note?: string; estimate?: boolean } = {},
): CatalogElectricityPrice {
  return {
    id: idv,
    name,
    region,
    currency: 'EUR',
    pricePerKwh: opts.estimate
      ? estimate(v, 'EUR/kWh', ['planning-estimate'], opts.note ?? 'memory')
      : read(v, 'EUR/kWh', sources, opts.note === undefined ? {} : { note: opts.note }),
  };
}

export const electricityItems: readonly CatalogElectricityPrice[] = [
  usd('us-industrial-2023', 'US average industrial (EIA, 2023)', 'US', 0.0806, [
    'statista-eia-ind',
  ]),
  usd('us-new-england', 'US New England industrial (EIA, YTD Jul 2024)', 'US-NE', 0.1629, [
    'eia-5-6b',
  ]),
  usd('us-new-york', 'US New York industrial (EIA, YTD Jul 2024)', 'US-NY', 0.0826, ['eia-5-6b']),
  usd('us-new-jersey', 'US New Jersey industrial (EIA, YTD Jul 2024)', 'US-NJ', 0.1199, [
    'eia-5-6b',
  ]),
  usd('us-pennsylvania', 'US Pennsylvania industrial (EIA, YTD Jul 2024)', 'US-PA', 0.0779, [
    'eia-5-6b',
  ]),
  usd('us-ohio', 'US Ohio industrial (EIA, YTD Jul 2024)', 'US-OH', 0.0713, ['eia-5-6b']),
  usd('us-illinois', 'US Illinois industrial (EIA, YTD Jul 2024)', 'US-IL', 0.0895, ['eia-5-6b']),
  usd('us-iowa', 'US Iowa industrial (EIA, YTD Jul 2024)', 'US-IA', 0.0679, ['eia-5-6b']),
  usd('us-minnesota', 'US Minnesota industrial (EIA, YTD Jul 2024)', 'US-MN', 0.0922, ['eia-5-6b']),
  usd('us-virginia', 'US Virginia industrial', 'US-VA', 0.085, [], {
    estimate: true,
    note: 'memory; not read',
  }),
  usd('us-texas', 'US Texas industrial', 'US-TX', 0.065, [], {
    estimate: true,
    note: 'memory; not read',
  }),
  eur(
    'eu-finland-h1-2024',
    'Finland non-household (Eurostat H1 2024, lowest in EU)',
    'FI',
    0.0939,
    ['eurostat-elec'],
  ),
  eur(
    'eu-ireland-h1-2024',
    'Ireland non-household (Eurostat H1 2024, highest in EU)',
    'IE',
    0.256,
    ['eurostat-elec'],
  ),
  eur('eu-average-h1-2024', 'EU average non-household (H1 2024)', 'EU', 0.2, [], {
    estimate: true,
    note: 'memory (~0.19-0.20)',
  }),
  eur('eu-germany', 'Germany non-household', 'DE', 0.21, [], {
    estimate: true,
    note: 'memory, band average',
  }),
];

function carbon(
  idv: string,
  name: string,
  region: string,
  g: number,
  sources: readonly string[],
): CatalogGridCarbon {
  return { id: idv, name, region, gCo2PerKwh: read(g, 'gCO2e/kWh', sources) };
}

export const gridCarbonItems: readonly CatalogGridCarbon[] = [
  carbon('world-2023', 'World (Ember 2023)', 'WORLD', 481, ['statista-ember']),
  carbon('france-2023', 'France (2023)', 'FR', 56, ['owid-ci']),
  carbon('germany-2023', 'Germany (2023)', 'DE', 381, ['owid-ci']),
  carbon('ireland-2023', 'Ireland (2023)', 'IE', 291, ['owid-ci']),
  carbon('finland-2023', 'Finland (2023)', 'FI', 79, ['owid-ci']),
  carbon('norway-2023', 'Norway (2023)', 'NO', 30, ['statista-ember']),
  carbon('china-2023', 'China (2023)', 'CN', 582, ['owid-ci']),
  carbon('india-2023', 'India (2023)', 'IN', 713, ['owid-ci', 'statista-ember']),
  carbon('australia-2023', 'Australia (2023)', 'AU', 549, ['owid-ci']),
  carbon('canada-2023', 'Canada (2023)', 'CA', 170, ['owid-ci']),
  carbon('brazil-2023', 'Brazil (2023)', 'BR', 98, ['owid-ci']),
  carbon('sweden', 'Sweden', 'SE', 35, ['emissionsdev']),
  carbon('poland', 'Poland', 'PL', 592, ['emissionsdev']),
  carbon('united-kingdom', 'United Kingdom', 'GB', 217, ['emissionsdev']),
  carbon('iceland', 'Iceland', 'IS', 15, ['emissionsdev']),
  {
    id: 'united-states-2023',
    name: 'United States (2023)',
    region: 'US',
    gCo2PerKwh: estimate(
      369,
      'gCO2e/kWh',
      ['planning-estimate'],
      'OWID 2023 ~369 (memory; not read)',
    ),
  },
];

export const colocationItems: readonly CatalogColocationPrice[] = [
  {
    id: 'na-primary-h2-2024',
    name: 'North America primary markets, wholesale 250-500 kW (CBRE H2 2024)',
    region: 'US',
    usdPerKwMonth: read(184.06, 'USD/kW-month', ['cbre-h2-2024']),
  },
  {
    id: 'northern-virginia-2024',
    name: 'Northern Virginia wholesale (CBRE 2024)',
    region: 'US-VA',
    usdPerKwMonth: read(200, 'USD/kW-month', ['cbre-pr-nova'], {
      note: '$175-225/kW-month, midpoint',
    }),
  },
];

function build(idv: string, name: string, region: string, v: number): CatalogConstructionCost {
  return { id: idv, name, region, usdPerW: read(v, 'USD/W', ['tt-dcci-2025-figs']) };
}

export const constructionItems: readonly CatalogConstructionCost[] = [
  build('tokyo-2025', 'Tokyo (T&T DCCI 2025-26)', 'JP', 15.2),
  build('singapore-2025', 'Singapore (T&T DCCI 2025-26)', 'SG', 14.5),
  build('zurich-2025', 'Zurich (T&T DCCI 2025-26)', 'CH', 14.2),
  build('silicon-valley-2025', 'Silicon Valley (T&T DCCI 2025-26)', 'US-CA', 13.3),
  build('london-2025', 'London (T&T DCCI 2025-26)', 'GB', 12.0),
  build('frankfurt-2025', 'Frankfurt (T&T DCCI 2025-26)', 'DE', 11.6),
];
