/**
 * What kind of problem a report is (issue 16). A fixed set, so departments can declare which ones they
 * handle, service levels can be kept per category and Open311 can offer them as services. zod-free so the
 * web bundle's first paint can use it.
 *
 * `icon` is the path data of a 24 px outline icon (stroke, no fill), drawn inline by the web app like its
 * other icons: no icon font, no emoji font needed.
 */

export const CATEGORY_CODES = [
  'roads',
  'garbage',
  'streetlights',
  'water',
  'drainage',
  'encroachment',
  'parks',
  'animals',
  'traffic',
  'toilets',
  'noise',
  'other',
] as const;

export type Category = (typeof CATEGORY_CODES)[number];

export interface CategoryInfo {
  code: Category;
  name: string;
  description: string;
  icon: string;
}

export const CATEGORIES: Record<Category, CategoryInfo> = {
  roads: {
    code: 'roads',
    name: 'Roads and potholes',
    description: 'Potholes, broken or unfinished roads, damaged footpaths and speed breakers.',
    icon: 'M4 21 9 3M20 21 15 3M12 5v2M12 11v2M12 17v2',
  },
  garbage: {
    code: 'garbage',
    name: 'Garbage and sanitation',
    description: 'Uncollected garbage, overflowing bins, dumping on open ground and dead animals on the street.',
    icon: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  },
  streetlights: {
    code: 'streetlights',
    name: 'Streetlights',
    description: 'Streetlights that are off, flickering, broken or on during the day.',
    icon: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z',
  },
  water: {
    code: 'water',
    name: 'Water supply',
    description: 'No water, low pressure, dirty water, leaking pipes and broken taps.',
    icon: 'M12 3s6 6.6 6 11a6 6 0 0 1-12 0c0-4.4 6-11 6-11Z',
  },
  drainage: {
    code: 'drainage',
    name: 'Drainage and sewage',
    description: 'Blocked or open drains, overflowing sewers, open manholes and waterlogging.',
    icon: 'M3 8c3 0 3 2 6 2s3-2 6-2 3 2 6 2M3 14c3 0 3 2 6 2s3-2 6-2 3 2 6 2',
  },
  encroachment: {
    code: 'encroachment',
    name: 'Encroachment',
    description: 'Footpaths, roads or public land taken over by stalls, shops, construction or parking.',
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6l12.8 12.8',
  },
  parks: {
    code: 'parks',
    name: 'Parks and trees',
    description: 'Fallen or dangerous trees, neglected parks, broken play equipment and illegal tree cutting.',
    icon: 'M12 21v-6M12 3 6 11h3l-4 5h14l-4-5h3l-6-8Z',
  },
  animals: {
    code: 'animals',
    name: 'Stray animals',
    description: 'Stray dogs, cattle on the road, monkeys and injured animals.',
    icon: 'M5 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM19 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM9 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM15 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM12 12c-3 0-5 3.5-5 6a2.5 2.5 0 0 0 3.3 2.3 5 5 0 0 1 3.4 0A2.5 2.5 0 0 0 17 18c0-2.5-2-6-5-6Z',
  },
  traffic: {
    code: 'traffic',
    name: 'Traffic and signals',
    description: 'Signals not working, missing signs or road markings, dangerous junctions and traffic jams.',
    icon: 'M8 3h8v18H8V3ZM12 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2ZM12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2ZM12 18a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
  toilets: {
    code: 'toilets',
    name: 'Public toilets',
    description: 'Dirty, locked, broken or missing public toilets and urinals.',
    icon: 'M7 6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17 6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM5 21v-6H4V9h6v6H9v6M15 21v-5h-2l2-7h4l2 7h-2v5M12 3v18',
  },
  noise: {
    code: 'noise',
    name: 'Noise',
    description: 'Loudspeakers, construction at night, honking and other noise beyond permitted limits.',
    icon: 'M4 9v6h4l5 4V5L8 9H4ZM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
  },
  other: {
    code: 'other',
    name: 'Other',
    description: 'Anything that fits none of the other categories.',
    icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM8 12h.01M12 12h.01M16 12h.01',
  },
};

export const CATEGORY_LIST: readonly CategoryInfo[] = CATEGORY_CODES.map((c) => CATEGORIES[c]);

export const CATEGORY_TEXTS = {
  invalidCategory: 'Please choose one of the categories.',
} as const;

/** What the web app shows around categories: the picker, the card badge and the list filters. */
export const CATEGORY_UI = {
  legend: 'Category',
  /** Beside the picker's legend while the choice still follows the caption. */
  suggested: 'Suggested from your caption',
  filterLabel: 'Category',
  allCategories: 'All categories',
  chip: (name: string) => `Category: ${name}`,
  /** The card's badge, read as one phrase by screen readers. */
  badgeLabel: (name: string) => `Category: ${name}`,
} as const;

/** A category's display name (an unknown code, e.g. from a newer server, reads as Other). */
export function categoryName(code: string): string {
  return isCategory(code) ? CATEGORIES[code].name : CATEGORIES.other.name;
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORY_CODES as readonly string[]).includes(value);
}

/** A category from a query or form value: undefined when absent or empty, null when not one of ours. */
export function parseCategory(value: unknown): Category | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return isCategory(value) ? value : null;
}

/**
 * Keyword rules over the caption, English and common Hinglish (romanised Hindi) words, lower-cased.
 *
 * A term is a word or a phrase. It matches whole words, with an optional plural ending ("pothole" matches
 * "potholes", "light" matches "lights", but "tap" does not match "tapri" and "park" does not match
 * "parking"); a term ending in `*` matches any word starting with it ("waterlog*" matches "waterlogging").
 * Each term has a weight: 3 for words that name the problem itself (pothole, kachra, manhole), 2 for strong
 * hints, 1 for weak ones, and 0.5 for words that mostly say WHERE a problem is (road, sadak, footpath: "a
 * cow in the middle of the road" is about the cow). The category with the highest total wins, ties going to
 * the earlier category in this list; nothing matched: 'other'.
 */
type Rule = readonly [term: string, weight: number];

const RULES: ReadonlyArray<readonly [Category, readonly Rule[]]> = [
  [
    'roads',
    [
      ['pothole', 3], ['gaddha', 3], ['gadda', 3], ['gaddhe', 3], ['gadde', 3], ['khadda', 3], ['khadde', 3],
      ['crater', 2], ['speed breaker', 2], ['speedbreaker', 2], ['tar road', 2], ['asphalt', 2], ['tarmac', 2],
      ['road broken', 2], ['broken road', 2], ['road kharab', 2], ['resurfac*', 2], ['paver block', 2],
      ['cracked', 1], ['uneven', 1], ['uprooted', 1], ['tiles', 1], ['patchwork', 1], ['dug up', 1], ['digging', 1],
      ['road', 0.5], ['roads', 0.5], ['sadak', 0.5], ['sadke', 0.5], ['footpath', 0.5], ['pavement', 0.5],
      ['sidewalk', 0.5], ['gali', 0.25], ['lane', 0.25], ['highway', 0.5], ['flyover', 0.25],
    ],
  ],
  [
    'garbage',
    [
      ['garbage', 3], ['kachra', 3], ['kachda', 3], ['kooda', 3], ['kuda', 3], ['trash', 3], ['rubbish', 3],
      ['litter', 2], ['dustbin', 2], ['bin', 2], ['waste', 2], ['debris', 2], ['dump*', 2], ['sanitation', 2],
      ['safai', 2], ['sweep*', 2], ['sweeper', 2], ['dead animal', 3], ['carcass', 3], ['plastic', 1],
      ['burnt', 1], ['burning', 1], ['badbu', 1], ['stink*', 1], ['smell*', 0.5], ['flies', 1], ['dher', 1],
      ['bikhra', 1], ['collected', 1], ['collection', 1], ['truck', 0.5],
    ],
  ],
  [
    'streetlights',
    [
      ['streetlight', 3], ['street light', 3], ['streetlamp', 3], ['street lamp', 3], ['lamp post', 3],
      ['lamppost', 3], ['batti', 3], ['light pole', 3], ['khamba', 2], ['lamp', 2], ['bulb', 2], ['light', 1.5],
      ['andhera', 2], ['andhere', 2], ['dark', 1.5], ['fused', 2], ['flicker*', 2], ['jalti', 1.5], 
      ['bijli', 1],
    ],
  ],
  [
    'water',
    [
      ['water supply', 3], ['no water', 3], ['paani nahi', 3], ['pani nahi', 3], ['drinking water', 3],
      ['pipeline', 3], ['pipe', 2], ['tap', 2], ['nal', 2], ['tanker', 2], ['water line', 2], ['pressure', 2],
      ['water meter', 3], ['contaminated', 2], ['dirty water', 2], ['muddy', 2], ['leak*', 2], ['burst', 2],
      ['overhead tank', 2], ['borewell', 2], ['paani', 1.5], ['pani', 1.5], ['water', 1], ['supply', 1],
      
    ],
  ],
  [
    'drainage',
    [
      ['drain', 3], ['drainage', 3], ['sewage', 3], ['sewer', 3], ['manhole', 3], ['gutter', 3], ['naali', 3],
      ['nali', 3], ['nala', 3], ['naala', 3], ['nallah', 3], ['nalla', 3], ['waterlog*', 3], ['water logging', 3],
      ['water logged', 3], ['flooded', 2], ['flooding', 2], ['stagnant', 2], ['choked', 2], ['clogged', 2],
      ['blocked', 1], ['overflow*', 1], ['mosquito*', 1.5], ['dhakkan', 2], ['cover', 1], 
      ['ganda paani', 1], ['rain', 1], ['rains', 1], ['baarish', 1],
    ],
  ],
  [
    'encroachment',
    [
      ['encroach*', 3], ['kabza', 3], ['kabja', 3], ['atikraman', 3], ['hawker', 3], ['vendor', 2],
      ['illegal stall', 3], ['illegal construction', 3], ['occupied', 2], ['occupy*', 2], ['stall', 2],
      ['thela', 2], ['thele', 2], ['rehri', 2], ['shopkeeper', 2], ['extended', 2], ['government land', 3],
      ['public land', 3], ['public road', 1], ['wall', 1], ['shed', 1], ['blocking the footpath', 2],
      ['blocking footpath', 2], ['parked permanently', 2],
    ],
  ],
  [
    'parks',
    [
      ['park', 2], ['garden', 3], ['playground', 3], ['tree', 3], ['ped', 3], ['pedh', 3], ['branch', 2],
      ['dali', 2], ['daal', 1], ['swing', 2], ['jhoola', 2], ['bagicha', 3], ['green belt', 3], ['lawn', 2],
      ['grass', 2], ['bench', 1.5], ['benches', 1.5], ['storm', 1], ['fell', 1], ['fallen', 1], ['cutting', 1],
    ],
  ],
  [
    'animals',
    [
      ['stray', 3], ['dog', 3], ['kutta', 3], ['kutte', 3], ['kutton', 3], ['cattle', 3], ['cow', 3], ['gaay', 3],
      ['gai', 2], ['bull', 3], ['saand', 3], ['sand', 0.5], ['buffalo', 3], ['bhains', 3], ['monkey', 3],
      ['bandar', 3], ['pig', 3], ['suar', 3], ['snake', 3], ['saanp', 3], ['animal', 2], ['aawara', 3],
      ['awara', 3], ['bite', 2], ['bitten', 2], ['kaata', 2], ['injured', 1], ['chasing', 1], ['rabies', 3],
    ],
  ],
  [
    'traffic',
    [
      ['traffic', 1.5], ['signal', 3], ['zebra crossing', 3], ['road sign', 3], ['jam', 2], ['junction', 1],
      ['chauraha', 1], ['one way', 2], ['wrong side', 3], ['u turn', 2], ['parking', 2], ['divider', 2],
      ['crossing', 1], ['red light', 3], ['traffic police', 3], ['congestion', 2], ['overspeed*', 2],
      ['jump*', 1], ['vehicles', 1],
    ],
  ],
  [
    'toilets',
    [
      ['toilet', 3], ['urinal', 3], ['washroom', 3], ['restroom', 3], ['shauchalay', 3], ['shauchalaya', 3],
      ['sulabh', 3], ['bathroom', 2], ['latrine', 3], ['loo', 2], ['peshab', 2],
    ],
  ],
  [
    'noise',
    [
      ['noise', 3], ['noisy', 3], ['loud', 2], ['loudspeaker', 3], ['dj', 3], ['honk*', 3], ['horn', 2],
      ['shor', 3], ['speaker', 2], ['firecracker', 3], ['pataakhe', 3], ['patakhe', 3], ['music', 2],
      ['drilling', 2], ['midnight', 1], ['at night', 0.5], ['raat bhar', 1], ['so nahi', 2],
      ['sleep', 1.5], ['decibel', 3],
    ],
  ],
];

function normalise(caption: string): string {
  return ` ${caption.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')} `;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The rules compiled once: a whole-word pattern per term, plural endings allowed unless it is a prefix. */
const COMPILED: ReadonlyArray<readonly [Category, ReadonlyArray<readonly [RegExp, number]>]> = RULES.map(
  ([category, rules]) => [
    category,
    rules.map(([term, weight]) => {
      const prefix = term.endsWith('*');
      const body = escape(prefix ? term.slice(0, -1) : term);
      return [new RegExp(` ${body}${prefix ? '' : '(?:s|es)? '}`, 'u'), weight] as const;
    }),
  ],
);

/** The category a caption most likely belongs to (the web app pre-selects it; the server stores it when a
 * client sends none). */
export function suggestCategory(caption: string): Category {
  const text = normalise(caption.slice(0, 2000));
  let best: Category = 'other';
  let bestScore = 0;
  for (const [category, rules] of COMPILED) {
    let score = 0;
    for (const [pattern, weight] of rules) if (pattern.test(text)) score += weight;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}
