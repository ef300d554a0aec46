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

// The caption's category guess (its keyword rules are several KB) lives in its own module: the feed's
// cards import this one, and only Create Civic Issue and the server need the guess.
export { suggestCategory } from './categorySuggestion.js';
