/**
 * Every shared text object in Hindi. The server imports it whole; the web app loads it as its own chunk
 * only when Hindi is chosen (`@civicpulse/shared/i18n/hi`).
 */
import { ALERT_TEXTS_HI, ALERT_UI_HI } from './alerts.js';
import { PUSH_TEXTS_HI, PUSH_UI_HI } from './push.js';
import { FOLLOW_TEXTS_HI, FOLLOW_UI_HI } from './follows.js';
import { INTERNAL_NOTES_TEXTS_HI, INTERNAL_NOTES_UI_HI } from './internalNotes.js';
import { TEAM_TEXTS_HI, TEAM_UI_HI } from './team.js';
import { MODERATION_TEXTS_HI, MODERATION_UI_HI } from './moderation.js';
import { DUPLICATE_TEXTS_HI, DUPLICATE_TIMELINE_UI_HI, DUPLICATE_UI_HI } from './duplicates.js';
import { REOPEN_UI_HI } from './reopenUi.js';
import { REDACTION_TEXTS_HI, REDACTION_UI_HI } from './redaction.js';
import { ANONYMITY_TEXTS_HI, ANONYMITY_UI_HI } from './anonymity.js';
import { CREATE_POST_UI_HI } from './createPostUi.js';
import { REPORTS_TEXTS_HI, REPORTS_UI_HI } from './reportsUi.js';
import { ACCOUNT_EMAIL_TEXTS_HI, ACCOUNT_EMAIL_UI_HI, LOGIN_LINKS_UI_HI } from './mail.js';
import { SHARED_EN, type SharedTexts } from '../en.js';
import type { Localized } from '../localized.js';
import { TEXTS_HI } from './texts.js';
import { ADMIN_TEXTS_HI } from './admin.js';
import { ADMIN_UI_HI } from './admin.js';
import { ASSISTANT_TEXTS_HI } from './assistantTexts.js';
import { ASSISTANT_SUGGESTIONS_HI } from './assistant.js';
import { HELP_UI_HI } from './assistant.js';
import { CATEGORY_TEXTS_HI } from './categories.js';
import { CATEGORY_UI_HI } from './categories.js';
import { GOV_UI_HI } from './govUi.js';
import { JURISDICTION_TEXTS_HI } from './jurisdictions.js';
import { LIVE_TEXTS_HI } from './live.js';
import { CHAT_TEXTS_HI } from './live.js';
import { NOTIFICATION_TEXTS_HI } from './live.js';
import { LIVE_UI_HI } from './liveUi.js';
import { MY_POSTS_UI_HI } from './myPostsUi.js';
import { OPEN_DATA_TEXTS_HI } from './open311.js';
import { OPEN311_ADMIN_TEXTS_HI } from './open311Admin.js';
import { POST_TEXTS_HI, RESOLVED_POST_TEXTS_HI } from './postRules.js';
import { POST_UI_HI } from './postUi.js';
import { ACKNOWLEDGEMENT_UI_HI } from './acknowledgementUi.js';
import { PUBLIC_POST_UI_HI, PUBLIC_READ_TEXTS_HI } from './publicPostUi.js';
import { PROFILE_TEXTS_HI } from './profiles.js';
import { SETTINGS_TEXTS_HI } from './profiles.js';
import { PROFILE_UI_HI } from './profiles.js';
import { SETTINGS_UI_HI } from './profiles.js';
import { EDITOR_UI_HI } from './profiles.js';
import { NOTIFICATION_LABELS_HI } from './profiles.js';
import { PROGRESS_TEXTS_HI } from './progress.js';
import { SERVICE_LEVEL_TEXTS_HI } from './serviceLevelTexts.js';
import { RATING_TEXTS_HI } from './serviceLevels.js';
import { METRICS_TEXTS_HI } from './serviceLevels.js';
import { LENGTH_TEXTS_HI } from './validation.js';
import { CONTACT_TEXTS_HI } from './validation.js';
import { NAMES_HI } from './names.js';
import { OVERDUE_TEXTS_HI, PLACE_UI_HI, POST_CARD_UI_HI, TIMELINE_UI_HI } from './postCardUi.js';
import { ASSISTANT_BUTTON_TEXTS_HI } from './assistantButton.js';

export const SHARED_HI: { readonly [K in keyof SharedTexts]: Localized<SharedTexts[K]> } = {
  TEXTS: TEXTS_HI,
  ADMIN_TEXTS: ADMIN_TEXTS_HI,
  ADMIN_UI: ADMIN_UI_HI,
  ASSISTANT_TEXTS: ASSISTANT_TEXTS_HI,
  ASSISTANT_SUGGESTIONS: ASSISTANT_SUGGESTIONS_HI,
  HELP_UI: HELP_UI_HI,
  CATEGORY_TEXTS: CATEGORY_TEXTS_HI,
  CATEGORY_UI: CATEGORY_UI_HI,
  GOV_UI: GOV_UI_HI,
  JURISDICTION_TEXTS: JURISDICTION_TEXTS_HI,
  LIVE_TEXTS: LIVE_TEXTS_HI,
  CHAT_TEXTS: CHAT_TEXTS_HI,
  NOTIFICATION_TEXTS: NOTIFICATION_TEXTS_HI,
  LIVE_UI: LIVE_UI_HI,
  MY_POSTS_UI: MY_POSTS_UI_HI,
  OPEN_DATA_TEXTS: OPEN_DATA_TEXTS_HI,
  OPEN311_ADMIN_TEXTS: OPEN311_ADMIN_TEXTS_HI,
  POST_TEXTS: POST_TEXTS_HI,
  RESOLVED_POST_TEXTS: RESOLVED_POST_TEXTS_HI,
  POST_UI: POST_UI_HI,
  ACKNOWLEDGEMENT_UI: ACKNOWLEDGEMENT_UI_HI,
  PUBLIC_POST_UI: PUBLIC_POST_UI_HI,
  PUBLIC_READ_TEXTS: PUBLIC_READ_TEXTS_HI,
  ACCOUNT_EMAIL_TEXTS: ACCOUNT_EMAIL_TEXTS_HI,
  ACCOUNT_EMAIL_UI: ACCOUNT_EMAIL_UI_HI,
  LOGIN_LINKS_UI: LOGIN_LINKS_UI_HI,
  ALERT_TEXTS: ALERT_TEXTS_HI,
  ALERT_UI: ALERT_UI_HI,
  PUSH_TEXTS: PUSH_TEXTS_HI,
  PUSH_UI: PUSH_UI_HI,
  FOLLOW_TEXTS: FOLLOW_TEXTS_HI,
  FOLLOW_UI: FOLLOW_UI_HI,
  INTERNAL_NOTES_TEXTS: INTERNAL_NOTES_TEXTS_HI,
  INTERNAL_NOTES_UI: INTERNAL_NOTES_UI_HI,
  TEAM_TEXTS: TEAM_TEXTS_HI,
  TEAM_UI: TEAM_UI_HI,
  MODERATION_TEXTS: MODERATION_TEXTS_HI,
  MODERATION_UI: MODERATION_UI_HI,
  DUPLICATE_TEXTS: DUPLICATE_TEXTS_HI,
  DUPLICATE_UI: DUPLICATE_UI_HI,
  DUPLICATE_TIMELINE_UI: DUPLICATE_TIMELINE_UI_HI,
  REOPEN_UI: REOPEN_UI_HI,
  REDACTION_TEXTS: REDACTION_TEXTS_HI,
  REDACTION_UI: REDACTION_UI_HI,
  ANONYMITY_TEXTS: ANONYMITY_TEXTS_HI,
  ANONYMITY_UI: ANONYMITY_UI_HI,
  CREATE_POST_UI: CREATE_POST_UI_HI,
  REPORTS_UI: REPORTS_UI_HI,
  REPORTS_TEXTS: REPORTS_TEXTS_HI,
  PROFILE_TEXTS: PROFILE_TEXTS_HI,
  SETTINGS_TEXTS: SETTINGS_TEXTS_HI,
  PROFILE_UI: PROFILE_UI_HI,
  SETTINGS_UI: SETTINGS_UI_HI,
  EDITOR_UI: EDITOR_UI_HI,
  NOTIFICATION_LABELS: NOTIFICATION_LABELS_HI,
  PROGRESS_TEXTS: PROGRESS_TEXTS_HI,
  SERVICE_LEVEL_TEXTS: SERVICE_LEVEL_TEXTS_HI,
  RATING_TEXTS: RATING_TEXTS_HI,
  METRICS_TEXTS: METRICS_TEXTS_HI,
  LENGTH_TEXTS: LENGTH_TEXTS_HI,
  CONTACT_TEXTS: CONTACT_TEXTS_HI,
  NAMES: NAMES_HI,
  TIMELINE_UI: TIMELINE_UI_HI,
  PLACE_UI: PLACE_UI_HI,
  OVERDUE_TEXTS: OVERDUE_TEXTS_HI,
  ASSISTANT_BUTTON_TEXTS: ASSISTANT_BUTTON_TEXTS_HI,
  POST_CARD_UI: POST_CARD_UI_HI,
};

/** English object → its Hindi version, for `localized(obj)` in the web app. */
export const HI_BY_EN: ReadonlyMap<object, object> = new Map(
  (Object.keys(SHARED_EN) as (keyof SharedTexts)[]).map((k) => [SHARED_EN[k] as object, SHARED_HI[k] as object]),
);

export { notificationTextHi } from './live.js';
export { MAIL_TEXTS_HI } from './mail.js';
