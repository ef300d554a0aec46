/**
 * Open311 and open data: limits, texts and columns, without zod, so the web app's first paint (the
 * footer's Open data link) does not pull in the schemas of open311.ts.
 */

export const OPEN311_LIMITS = {
  /** requests.json without dates covers this many days back from end_date (the standard's suggestion). */
  defaultWindowDays: 90,
  pageSizeDefault: 100,
  pageSizeMax: 1000,
  /** service_request_id may list at most this many ids. */
  idsPerQueryMax: 100,
  keyNameMax: 100,
  keyContactMax: 200,
  /** Keys the admin console lists per page. */
  keysPageMax: 100,
  /** Decimal places kept for an open report's lat/long in public answers (3 ≈ 110 m). */
  openPrecision: 3,
} as const;

export const OPEN_DATA_LIMITS = {
  /** Rows read from the database per batch while an export streams. */
  batch: 500,
  /** An export's Cache-Control max-age, seconds. */
  maxAgeSeconds: 300,
  filterMaxChars: 100,
} as const;

export const OPEN311_TEXTS = {
  notFound: 'Not found',
  formatUnknown: 'Format must be json or xml',
  serviceUnknown: 'service_code is not one of our services',
  serviceRequired: 'service_code is required',
  requestNotFound: 'No service request has that id',
  invalidIds: `service_request_id must be a comma-separated list of at most ${OPEN311_LIMITS.idsPerQueryMax} ids`,
  invalidDate: 'start_date and end_date must be ISO 8601 date-times with an offset, e.g. 2026-11-01T00:00:00+05:30',
  invalidDateRange: 'start_date must be before end_date',
  invalidStatus: 'status must be open or closed (or both, comma-separated)',
  invalidPageSize: `page_size must be a whole number from 1 to ${OPEN311_LIMITS.pageSizeMax}`,
  invalidCursor: 'cursor is not one this server gave',
  keyRequired: 'api_key is required to submit a service request',
  keyInvalid: 'api_key is not valid or has been revoked',
  rateLimited: 'Too many requests for this api_key; try again later',
  descriptionRequired: 'description is required',
  descriptionTooLong: 'description must be at most 2000 characters',
  locationRequired: 'lat and long are required (inside India)',
  outsideIndia: 'lat and long must be inside India',
  invalidState: 'attribute[state] must be the name of an Indian state or union territory',
  addressTooLong: 'address_string must be at most 500 characters',
  invalidZipcode: 'zipcode must be a 6-digit Indian pincode',
  invalidMediaUrl: 'media_url must be an http(s) URL of at most 2000 characters',
  unsupportedMediaType: 'Send the request as application/x-www-form-urlencoded or application/json',
  malformedBody: 'The request body could not be read',
  /** service_notice of a created request. */
  created: 'Thank you. Your request is visible to the departments on CivicPulse.',
  mediaNotFetched: 'media_url was not fetched: photos can be added on CivicPulse.',
  internal: 'Something went wrong on our side',
} as const;

export const OPEN311_ADMIN_TEXTS = {
  title: 'API keys',
  intro: 'Partner systems (a city call centre, a municipal app) file reports through Open311 GeoReport v2 with a key issued here.',
  nameLabel: 'Partner name',
  contactLabel: 'Contact (optional)',
  issue: 'Issue key',
  issued: 'API key issued',
  shownOnce: 'Copy this key now: it is shown only once.',
  copy: 'Copy key',
  copied: 'Key copied',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this key? The partner can no longer submit reports with it.',
  revoked: 'API key revoked',
  alreadyRevoked: 'This key is already revoked',
  keyNotFound: 'API key not found',
  empty: 'No API keys yet.',
  nameRequired: 'Partner name is required',
  nameTooLong: `Partner name must be at most ${OPEN311_LIMITS.keyNameMax} characters`,
  contactTooLong: `Contact must be at most ${OPEN311_LIMITS.keyContactMax} characters`,
  columns: { name: 'Partner', prefix: 'Key starts with', created: 'Issued', lastUsed: 'Last used', requests: 'Requests', status: 'Status' },
  active: 'Active',
  revokedStatus: 'Revoked',
  never: 'Never',
} as const;

export const OPEN_DATA_TEXTS = {
  linkLabel: 'Open data',
  title: 'Open data',
  invalidState: 'state must be the name of an Indian state or union territory',
  invalidCategory: 'category must be one of the category codes',
  invalidDate: 'from and to must be dates (YYYY-MM-DD) or ISO 8601 date-times',
  invalidRange: 'from must be before to',
  cityTooLong: `city must be at most ${OPEN_DATA_LIMITS.filterMaxChars} characters`,
  rateLimited: 'Too many downloads from this address; try again in a minute',
} as const;

/** The export's columns, in order, with what each holds (the /open-data page lists them). */
export const OPEN_DATA_COLUMNS = [
  ['id', 'The report id (the same as Open311 service_request_id)'],
  ['created_at', 'When it was reported (ISO 8601, UTC)'],
  ['category', 'Category code (roads, garbage, streetlights, ...)'],
  ['category_name', 'Category name'],
  ['description', 'The report as written by the reporter'],
  ['priority', 'Low, Medium, High or Critical'],
  ['status', 'open, or closed once the reporter confirmed the fix'],
  ['progress', 'The workflow state (Unseen ... Finished)'],
  ['state', 'Indian state or union territory'],
  ['city', 'City or town (blank when the reporter gave none)'],
  ['pincode', 'Pincode'],
  ['lat', 'Latitude: rounded to 3 decimals (about 100 m) while the report is open'],
  ['lng', 'Longitude: rounded the same way'],
  ['department', 'The department that took the report over (blank while unassigned)'],
  ['upvotes', 'Upvotes'],
  ['downvotes', 'Downvotes'],
  ['comments', 'Number of comments (their text is not exported)'],
  ['resolved_at', 'When the fix was confirmed (blank while open)'],
] as const;

export const OPEN_DATA_LICENCE = 'Open Data Commons Open Database License (ODbL) 1.0';
