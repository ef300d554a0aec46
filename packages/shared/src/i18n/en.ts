/**
 * Every text object of the shared package, by name: the English (spec) side of the translations. The
 * server and the tests use it whole; the web app never imports it (each screen imports only the objects
 * it shows, and `localized(obj)` swaps in the current language's version), so the first paint stays small.
 */
import { ALERT_TEXTS, ALERT_UI } from '../alertsUi.js';
import { PUSH_TEXTS, PUSH_UI } from '../pushUi.js';
import { FOLLOW_TEXTS, FOLLOW_UI } from '../followUi.js';
import { INTERNAL_NOTES_TEXTS, INTERNAL_NOTES_UI } from '../internalNotesUi.js';
import { TEAM_TEXTS, TEAM_UI } from '../teamUi.js';
import { MODERATION_TEXTS, MODERATION_UI } from '../moderationUi.js';
import { DUPLICATE_TEXTS, DUPLICATE_UI } from '../duplicatesUi.js';
import { DUPLICATE_TIMELINE_UI } from '../duplicateTimeline.js';
import { REOPEN_UI } from '../reopenUi.js';
import { REDACTION_TEXTS, REDACTION_UI } from '../redactionUi.js';
import { ANONYMITY_TEXTS, ANONYMITY_UI } from '../anonymityUi.js';
import { CREATE_POST_UI } from '../createPostUi.js';
import { REPORTS_TEXTS, REPORTS_UI } from '../reportsUi.js';
import { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, LOGIN_LINKS_UI } from '../mail.js';
import { ADMIN_TEXTS, ADMIN_UI } from '../adminUi.js';
import { ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS, HELP_UI } from '../assistant.js';
import { CATEGORY_TEXTS, CATEGORY_UI } from '../categories.js';
import { GOV_UI } from '../govUi.js';
import { ASSISTANT_BUTTON_TEXTS } from '../assistantButton.js';
import { JURISDICTION_TEXTS } from '../jurisdictionTexts.js';
import { CHAT_TEXTS, LIVE_TEXTS, NOTIFICATION_TEXTS } from '../liveTexts.js';
import { LIVE_UI } from '../liveUi.js';
import { MY_POSTS_UI } from '../myPostsUi.js';
import { OPEN311_ADMIN_TEXTS, OPEN_DATA_TEXTS } from '../open311Texts.js';
import { POST_TEXTS, RESOLVED_POST_TEXTS } from '../postRules.js';
import { POST_UI } from '../postUi.js';
import { OVERDUE_TEXTS, PLACE_UI, POST_CARD_UI, TIMELINE_UI } from '../postCardUi.js';
import { ACKNOWLEDGEMENT_UI } from '../acknowledgementUi.js';
import { PUBLIC_POST_UI, PUBLIC_READ_TEXTS } from '../publicPostUi.js';
import { PROFILE_TEXTS } from '../profiles.js';
import { NOTIFICATION_LABELS, SETTINGS_TEXTS } from '../settingsTexts.js';
import { EDITOR_UI, PROFILE_UI, SETTINGS_UI } from '../profileUi.js';
import { PROGRESS_TEXTS } from '../progress.js';
import { METRICS_TEXTS, RATING_TEXTS, SERVICE_LEVEL_TEXTS } from '../serviceLevels.js';
import { TEXTS } from '../texts.js';
import { CONTACT_TEXTS, LENGTH_TEXTS } from '../validation.js';
import { NAMES } from './names.js';

export const SHARED_EN = {
  TEXTS,
  ADMIN_TEXTS,
  ADMIN_UI,
  ASSISTANT_TEXTS,
  ASSISTANT_SUGGESTIONS,
  HELP_UI,
  CATEGORY_TEXTS,
  CATEGORY_UI,
  GOV_UI,
  JURISDICTION_TEXTS,
  LIVE_TEXTS,
  CHAT_TEXTS,
  NOTIFICATION_TEXTS,
  LIVE_UI,
  MY_POSTS_UI,
  OPEN_DATA_TEXTS,
  OPEN311_ADMIN_TEXTS,
  POST_TEXTS,
  RESOLVED_POST_TEXTS,
  POST_UI,
  ACKNOWLEDGEMENT_UI,
  PUBLIC_POST_UI,
  PUBLIC_READ_TEXTS,
  ACCOUNT_EMAIL_TEXTS,
  ACCOUNT_EMAIL_UI,
  LOGIN_LINKS_UI,
  ALERT_TEXTS,
  ALERT_UI,
  PUSH_TEXTS,
  PUSH_UI,
  FOLLOW_TEXTS,
  FOLLOW_UI,
  INTERNAL_NOTES_TEXTS,
  INTERNAL_NOTES_UI,
  TEAM_TEXTS,
  TEAM_UI,
  MODERATION_TEXTS,
  MODERATION_UI,
  DUPLICATE_TEXTS,
  DUPLICATE_UI,
  DUPLICATE_TIMELINE_UI,
  REOPEN_UI,
  REDACTION_TEXTS,
  REDACTION_UI,
  ANONYMITY_TEXTS,
  ANONYMITY_UI,
  CREATE_POST_UI,
  REPORTS_UI,
  REPORTS_TEXTS,
  PROFILE_TEXTS,
  SETTINGS_TEXTS,
  PROFILE_UI,
  SETTINGS_UI,
  EDITOR_UI,
  NOTIFICATION_LABELS,
  PROGRESS_TEXTS,
  SERVICE_LEVEL_TEXTS,
  RATING_TEXTS,
  METRICS_TEXTS,
  LENGTH_TEXTS,
  CONTACT_TEXTS,
  NAMES,
  TIMELINE_UI,
  PLACE_UI,
  OVERDUE_TEXTS,
  ASSISTANT_BUTTON_TEXTS,
  POST_CARD_UI,
};

export type SharedTexts = typeof SHARED_EN;
export type SharedTextName = keyof SharedTexts;
