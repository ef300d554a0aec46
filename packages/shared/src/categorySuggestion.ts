/**
 * The category a caption suggests (issue 16), re-exported by categories.ts: on its own so the web app's
 * feed, which shows categories but never guesses one, does not carry these rules
 * (e2e/tests/perf.spec.ts); Create Civic Issue and the server use it.
 */
import type { Category } from './categories.js';

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
