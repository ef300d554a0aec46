/**
 * The route contract: every JSON API route (and every /api and /open311 route that answers a file)
 * as one definition. The server registers its routes from these (apps/server/src/lib/route.ts; a test
 * checks both lists match) and the web client's calls are typed from them by key.
 */
import { accountApi } from './account.js';
import { adminApi } from './admin.js';
import { assistantApi } from './assistant.js';
import { authApi } from './auth.js';
import { chatApi } from './chat.js';
import { configApi } from './config.js';
import { contactApi } from './contact.js';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf, RouteDef, RouteKeyOf } from './define.js';
import { healthApi } from './health.js';
import { jurisdictionsApi } from './jurisdictions.js';
import { mailApi } from './mail.js';
import { alertsApi } from './alerts.js';
import { pushApi } from './push.js';
import { followsApi } from './follows.js';
import { internalNotesApi } from './internalNotes.js';
import { teamApi } from './team.js';
import { moderationApi } from './moderation.js';
import { duplicatesApi } from './duplicates.js';
import { redactionApi } from './redaction.js';
import { notificationsApi } from './notifications.js';
import { open311Api } from './open311.js';
import { openDataApi } from './opendata.js';
import { postsApi } from './posts.js';
import { profilesApi } from './profiles.js';
import { progressApi } from './progress.js';
import { serviceLevelsApi } from './servicelevels.js';

export * from './define.js';
export { postIdParam, upvotedPostsAnswer, downvotedPostsAnswer, similarPostsAnswer } from './posts.js';
export { progressBody, govListQuery, govListAnswer, govMeAnswer, routeQuery, routeAnswer } from './progress.js';
export { contactMessageSchema, contactMessagesAnswer } from './contact.js';
export { profileParams } from './profiles.js';
export { settingsSavedAnswer, passwordChangedAnswer } from './account.js';
export { chatMessageSchema } from './chat.js';
export { notificationSchema, notificationsAnswer, markReadAnswer } from './notifications.js';
export { askAnswer, helpArticleSummary, helpSlugParam, helpArticlesAnswer, helpArticleAnswer } from './assistant.js';
export { open311FormatParam, open311ServiceParams, open311RequestParams } from './open311.js';
export { openDataQuery } from './opendata.js';
export { clientConfigAnswer } from './config.js';
export { readyAnswer, type ReadyPartState } from './health.js';

export const API = {
  health: healthApi,
  config: configApi,
  auth: authApi,
  contact: contactApi,
  posts: postsApi,
  progress: progressApi,
  admin: adminApi,
  profiles: profilesApi,
  jurisdictions: jurisdictionsApi,
  account: accountApi,
  chat: chatApi,
  notifications: notificationsApi,
  assistant: assistantApi,
  serviceLevels: serviceLevelsApi,
  open311: open311Api,
  openData: openDataApi,
  mail: mailApi,
  alerts: alertsApi,
  push: pushApi,
  follows: followsApi,
  internalNotes: internalNotesApi,
  team: teamApi,
  moderation: moderationApi,
  duplicates: duplicatesApi,
  redaction: redactionApi,
} as const;

type Areas = typeof API;
/** Every route of the contract, as one union. */
export type ApiRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];
/** Every route's key, e.g. `'POST /api/posts/addComment'`. */
export type ApiRouteKey = RouteKeyOf<ApiRoute>;
/** The route a key names. */
export type ApiRouteAt<K extends ApiRouteKey> = K extends `${infer M} ${infer P}` ? Extract<ApiRoute, { method: M; path: P }> : never;
/** What a route answers on success, by key: `ApiAnswer<'GET /api/gov/me'>`. */
export type ApiAnswer<K extends ApiRouteKey> = AnswerOf<ApiRouteAt<K>>;
export type ApiParams<K extends ApiRouteKey> = ParamsOf<ApiRouteAt<K>>;
export type ApiQuery<K extends ApiRouteKey> = QueryOf<ApiRouteAt<K>>;
export type ApiBody<K extends ApiRouteKey> = BodyOf<ApiRouteAt<K>>;

/** Every route of the contract as a list (the server's registration test walks it). */
export function contractRoutes(): RouteDef[] {
  return Object.values(API).flatMap((area) => Object.values(area) as RouteDef[]);
}
