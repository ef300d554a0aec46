import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_accounts.js';
import * as m002 from './002_posts.js';
import * as m003 from './003_progress.js';
import * as m004 from './004_scale.js';
import * as m005 from './005_admin.js';
import * as m006 from './006_profiles.js';
import * as m007 from './007_live.js';
import * as m008 from './008_categories.js';
import * as m009 from './009_category_lists.js';
import * as m010 from './010_jurisdictions.js';
import * as m011 from './011_service_levels.js';
import * as m012 from './012_open311.js';
import * as m013 from './013_route_keys.js';
import * as m014 from './014_account_language.js';
import * as m015 from './015_idempotency_keys.js';
import * as m016 from './016_route_filter_orders.js';
import * as m017 from './017_reference_numbers.js';
import * as m018 from './018_mail.js';
import * as m019 from './019_area_alerts.js';
import * as m020 from './020_push.js';
import * as m021 from './021_follows.js';
import * as m022 from './022_public_map.js';
import * as m023 from './023_internal_notes.js';
import * as m024 from './024_department_teams.js';
import * as m025 from './025_moderation.js';
import * as m026 from './026_duplicates.js';
import * as m027 from './027_anonymous.js';
import * as m028 from './028_notification_groups.js';
import * as m029 from './029_phones_normalised.js';
import * as m030 from './030_audit_actor.js';

/** Migrations are imported statically so they work the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_posts': m002,
  '003_progress': m003,
  '004_scale': m004,
  '005_admin': m005,
  '006_profiles': m006,
  '007_live': m007,
  '008_categories': m008,
  '009_category_lists': m009,
  '010_jurisdictions': m010,
  '011_service_levels': m011,
  '012_open311': m012,
  '013_route_keys': m013,
  '014_account_language': m014,
  '015_idempotency_keys': m015,
  '016_route_filter_orders': m016,
  '017_reference_numbers': m017,
  '018_mail': m018,
  '019_area_alerts': m019,
  '020_push': m020,
  '021_follows': m021,
  '022_public_map': m022,
  '023_internal_notes': m023,
  '024_department_teams': m024,
  '025_moderation': m025,
  '026_duplicates': m026,
  '027_anonymous': m027,
  '028_notification_groups': m028,
  '029_phones_normalised': m029,
  '030_audit_actor': m030,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
