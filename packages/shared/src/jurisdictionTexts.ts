/**
 * Department jurisdictions' limits and texts (see jurisdictions.ts for the rule and the schemas). No zod
 * here: the texts' Hindi (i18n/hi) loads these without the schemas.
 */
import { LIMITS } from './constants.js';

export const JURISDICTION_LIMITS = {
  citiesMax: 50,
  /** As long as a report's city may be. */
  cityMaxChars: LIMITS.cityMaxChars,
  pincodesMax: 200,
  /** Vertices over every ring of the drawn area. */
  verticesMax: 500,
  polygonsMax: 20,
  /** The GeoJSON text as stored. */
  areaMaxChars: 40_000,
  /** Comma-separated address parts a report is matched on. */
  addressPartsMax: 12,
  /** Departments told of one new report (every match is still routed). */
  notifyMax: 100,
  /** Posts read per batch when a department's reports are re-routed. */
  rerouteBatch: 1000,
} as const;

export const JURISDICTION_TEXTS = {
  heading: 'Jurisdiction',
  intro:
    'Declare where your department works and what it handles. View Issues then shows the reports in your area first, and you are notified of new ones.',
  state: 'State / union territory',
  statePlaceholder: 'Choose a state',
  cities: 'Cities or towns',
  citiesHelp: 'Press Enter or comma after each city.',
  pincodes: 'Pincodes',
  pincodesHelp: 'Six digits each; press Enter after each pincode.',
  categories: 'Categories handled',
  categoriesHelp: 'Leave all unticked to handle every category.',
  area: 'Drawn area (optional)',
  areaHelp: 'Click the map to add corners of your area (at least 3), or paste a GeoJSON Polygon or MultiPolygon.',
  areaPaste: 'GeoJSON of the area',
  areaUndo: 'Remove last point',
  areaClear: 'Clear area',
  areaPoints: (n: number) => `${n} point${n === 1 ? '' : 's'} drawn`,
  save: 'Save jurisdiction',
  saved: 'Jurisdiction saved',
  saveFailed: 'Failed to save jurisdiction',
  remove: (label: string) => `Remove ${label}`,
  none: 'No jurisdiction declared yet',
  wholeState: 'The whole state',
  allCategories: 'All categories',
  // View Issues
  areaFilter: 'Area',
  areaMine: 'My jurisdiction',
  areaAll: 'All of India',
  declarePrompt: 'Declare your jurisdiction in your profile settings to see the reports in your area first. Until then you see all of India.',
  declareLink: 'Declare jurisdiction',
  editJurisdiction: 'Edit jurisdiction',
  /** View Issues' banner: where the list's reports are from (the place is the declared cities, pincodes and state). */
  showingMine: (place: string) => `Showing reports in your jurisdiction: ${place}`,
  showingAll: 'Showing reports from All of India',
  placeMore: (count: number) => `+${count} more`,
  drawnArea: 'a drawn area',
  // Create Civic Issue: the optional city a report is matched on
  reportCity: 'City or town (optional)',
  // Errors (400)
  invalidState: 'Please choose one of the states and union territories of India',
  invalidCity: `Each city must be 1 to ${JURISDICTION_LIMITS.cityMaxChars} characters of text, without commas`,
  tooManyCities: `At most ${JURISDICTION_LIMITS.citiesMax} cities`,
  invalidPincode: 'Each pincode must be exactly 6 digits',
  tooManyPincodes: `At most ${JURISDICTION_LIMITS.pincodesMax} pincodes`,
  invalidCategory: 'Unknown category in the categories handled',
  invalidArea: 'The drawn area must be a GeoJSON Polygon or MultiPolygon with closed rings of at least 4 positions',
  areaTooBig: `The drawn area may have at most ${JURISDICTION_LIMITS.verticesMax} points`,
  areaOutsideIndia: 'The drawn area must lie inside India',
  bodyShape: 'Send the jurisdiction as a JSON object',
  invalidAreaFilter: 'Area filter must be mine or all',
  notFound: 'Department not found',
} as const;
