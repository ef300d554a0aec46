/**
 * Moderation: flags from anyone signed in (once per item, rate limited), hiding after N distinct flags
 * (MODERATION_HIDE_FLAGS, default 3) with the author told why, the admins' queue with hide, restore,
 * dismiss, delete (one by one or in bulk), suspensions, and the author's request for a review. Every
 * moderator action is audited in its own transaction. Rules: policies/moderation.ts.
 */
import {
  MODERATION_LIMITS,
  MODERATION_TEXTS,
  TEXTS,
  type FlagKind,
  type FlagReason,
  type HiddenNotice,
  type ModerationAction,
  type ModerationFilter,
  type ModerationKind,
  type ModerationPage,
} from '@civicpulse/shared';
import type { AccountRow } from '../../db/rows.js';
import { isRowId } from '../../db/chunks.js';
import { auditEvent } from '../../events/audit.js';
import { EventList, type DomainEvent } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/paging.js';
import { authorize } from '../../policies/index.js';
import { presentQueueItem } from './presenter.js';
import { reasonsOf, type ItemInfo, type ModerationRepo, type QueueKey } from './repo.js';

/** What moderation needs of the modules whose content it deletes (their own deletion paths). */
export interface ContentRemover {
  removePost(admin: AccountRow, postId: string, reason: string): Promise<void>;
  removeComment(admin: AccountRow, item: { postId: string; id: string; parentId: string | null }): Promise<void>;
  removeChatMessage(admin: AccountRow, id: string): Promise<void>;
}

export interface ModerationSettings {
  hideAfterFlags: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class ModerationService {
  constructor(
    private readonly repo: ModerationRepo,
    private readonly remover: ContentRemover,
    private readonly settings: ModerationSettings,
    private readonly clock: Clock,
  ) {}

  /** The item a flag or review names, or 404; a reply is a comment. */
  private async load(kind: FlagKind, id: string): Promise<ItemInfo> {
    if (!isRowId(id)) throw notFound(MODERATION_TEXTS.notFound);
    const item = await this.repo.item(kind === 'reply' ? 'comment' : kind, id);
    if (!item) throw notFound(MODERATION_TEXTS.notFound);
    return item;
  }

  async flag(me: AccountRow, input: { kind: FlagKind; id: string; reason: FlagReason }): Promise<{ message: string }> {
    const item = await this.load(input.kind, input.id);
    // Hidden content is out of sight; to a flagger it is not there (its author sees it, but cannot flag it).
    if (item.hidden_at) throw notFound(MODERATION_TEXTS.notFound);
    authorize(me, 'moderation.flag', { item });
    const now = this.clock.now();
    const windowStart = isoAt(now - MODERATION_LIMITS.flagWindowSeconds * 1000);
    if ((await this.repo.flagsSince(me.id, windowStart)) >= MODERATION_LIMITS.flagsPerWindow) throw new HttpError(429, MODERATION_TEXTS.flagLimited);
    const events = new EventList();
    const at = isoAt(now);
    const outcome = await this.repo.flag(
      item,
      { accountId: me.id, reason: input.reason, at, excerpt: excerptOf(item.text) },
      this.settings.hideAfterFlags,
      events,
      (reasons) => this.hiddenEvents(events, item, reasons),
    );
    if (outcome === 'already') throw conflict(MODERATION_TEXTS.alreadyFlagged);
    return { message: MODERATION_TEXTS.flagged };
  }

  /** The author's notification and the live update of content that was just hidden. */
  private hiddenEvents(events: EventList, item: ItemInfo, reasons: FlagReason[]): void {
    const about = { post: { id: item.kind === 'post' ? item.id : '', caption: item.text }, toState: `${item.kind}/${item.id}`, reason: reasons.join(', ') };
    for (const e of notifyEvent(item.author_id, 'contentHidden', null, about)) events.add(withoutEmptyPost(e));
    if (item.post_id) events.add({ type: 'postChanged', postId: item.post_id, reason: item.kind === 'post' ? 'deleted' : 'commentDeleted' });
  }

  async queue(me: AccountRow, status: ModerationFilter, cursor: string | undefined): Promise<ModerationPage> {
    authorize(me, 'moderation.queue', {});
    const after = cursor ? toQueueKey(decodeCursor(cursor)) : null;
    if (cursor && !after) throw badRequest(TEXTS.http.invalidCursor);
    const rows = await this.repo.page(status, after, MODERATION_LIMITS.pageSize + 1);
    const more = rows.length > MODERATION_LIMITS.pageSize;
    const page = more ? rows.slice(0, MODERATION_LIMITS.pageSize) : rows;
    const last = page[page.length - 1];
    return {
      items: page.map(presentQueueItem),
      nextCursor: more && last ? encodeCursor([Number(last.flag_count), last.first_flagged_at, last.item_kind, last.item_id]) : null,
    };
  }

  /**
   * A moderator's action on up to MODERATION_LIMITS.bulkMax items, each on its own (one transaction and
   * audit entry each, so one gone item does not undo the others). Answers how many changed.
   */
  async act(me: AccountRow, action: ModerationAction, items: Array<{ kind: ModerationKind; id: string }>): Promise<{ message: string; done: number }> {
    authorize(me, 'moderation.act', {});
    let done = 0;
    for (const ref of items) {
      if (!isRowId(ref.id)) continue;
      const item = await this.repo.item(ref.kind, ref.id);
      if (!item) continue;
      if (await this.actOn(me, action, item)) done += 1;
    }
    return { message: MODERATION_TEXTS.done(done), done };
  }

  private async actOn(me: AccountRow, action: ModerationAction, item: ItemInfo): Promise<boolean> {
    const at = isoAt(this.clock.now());
    const label = `${excerptOf(item.text, 120)}`;
    const target = { type: targetType(item), id: item.id, label };
    if (action === 'delete') {
      const reason = 'Moderation';
      if (item.kind === 'post') await this.remover.removePost(me, item.id, reason);
      else if (item.kind === 'comment') await this.remover.removeComment(me, { postId: item.post_id!, id: item.id, parentId: item.parent_id });
      else await this.remover.removeChatMessage(me, item.id);
      await this.repo.markDeleted(item, { id: me.id, at });
      return true;
    }
    const events = new EventList().add(auditEvent(me, action === 'hide' ? 'hideContent' : action === 'restore' ? 'restoreContent' : 'dismissFlags', target));
    if (action === 'hide') {
      const notice = await this.repo.queueRow(item.kind, item.id);
      this.hiddenEvents(events, item, notice ? reasonsOf(notice) : []);
    } else if (item.hidden_at) {
      for (const e of notifyEvent(item.author_id, 'contentRestored', { id: me.id, name: me.name }, { post: { id: item.post_id ?? '', caption: item.text } })) events.add(withoutEmptyPost(e));
      if (item.post_id) events.add({ type: 'postChanged', postId: item.post_id, reason: item.kind === 'post' ? 'edit' : 'comment' });
    }
    return this.repo.decide(item, action, { id: me.id, at, excerpt: excerptOf(item.text) }, events);
  }

  async suspend(me: AccountRow, accountId: string, days: number, reason: string, account: AccountRow | undefined): Promise<{ message: string; suspendedUntil: string }> {
    if (!account) throw notFound(MODERATION_TEXTS.notFound);
    authorize(me, 'moderation.suspend', { account });
    const until = isoAt(this.clock.now() + days * DAY_MS);
    const events = new EventList().add(
      auditEvent(me, 'suspendAccount', { type: account.role === 'government' ? 'government' : 'user', id: accountId, label: `${account.name} (${account.email})` }, reason),
    );
    for (const e of notifyEvent(accountId, 'accountSuspended', { id: me.id, name: me.name }, { toState: until.slice(0, 10), reason })) events.add(e);
    if (!(await this.repo.suspend(accountId, until, reason, events))) throw notFound(MODERATION_TEXTS.notFound);
    return { message: MODERATION_TEXTS.suspendedAccount(account.name, until.slice(0, 10)), suspendedUntil: until };
  }

  async unsuspend(me: AccountRow, accountId: string, account: AccountRow | undefined): Promise<{ message: string }> {
    if (!account) throw notFound(MODERATION_TEXTS.notFound);
    authorize(me, 'moderation.suspend', { account });
    if (!account.suspended_until || account.suspended_until <= isoAt(this.clock.now())) throw conflict(MODERATION_TEXTS.notSuspended);
    const events = new EventList().add(
      auditEvent(me, 'unsuspendAccount', { type: account.role === 'government' ? 'government' : 'user', id: accountId, label: `${account.name} (${account.email})` }),
    );
    if (!(await this.repo.suspend(accountId, null, null, events))) throw notFound(MODERATION_TEXTS.notFound);
    return { message: MODERATION_TEXTS.unsuspended(account.name) };
  }

  /** The author's view of their hidden item: why, and whether a review is asked. 404 to anyone else. */
  async notice(me: AccountRow, kind: FlagKind, id: string): Promise<{ notice: HiddenNotice | null; excerpt: string }> {
    const item = await this.load(kind, id);
    authorize(me, 'moderation.seeHidden', { authorId: item.author_id });
    const row = item.hidden_at ? await this.repo.queueRow(item.kind, item.id) : undefined;
    return {
      excerpt: excerptOf(item.text),
      notice: item.hidden_at ? { hiddenBy: row?.hidden_by ?? 'moderator', reasons: row ? reasonsOf(row) : [], reviewRequestedAt: row?.review_requested_at ?? null } : null,
    };
  }

  async requestReview(me: AccountRow, input: { kind: FlagKind; id: string; note?: string | undefined }): Promise<{ message: string }> {
    const item = await this.load(input.kind, input.id);
    authorize(me, 'moderation.review', { item });
    if (!item.hidden_at) throw conflict(MODERATION_TEXTS.notHidden);
    if (!(await this.repo.requestReview(item, input.note?.trim() || null, isoAt(this.clock.now())))) throw conflict(MODERATION_TEXTS.reviewAlready);
    return { message: MODERATION_TEXTS.reviewRequested };
  }
}

/** A notification about a comment or chat message names no report (its link is the review page). */
function withoutEmptyPost(e: DomainEvent): DomainEvent {
  return e.type === 'notify' && e.row.post_id === '' ? { ...e, row: { ...e.row, post_id: null } } : e;
}

function excerptOf(text: string, max: number = MODERATION_LIMITS.excerptMaxChars): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function targetType(item: ItemInfo): 'post' | 'comment' | 'reply' | 'chat' {
  return item.shownKind;
}

function toQueueKey(parts: ReadonlyArray<string | number> | null): QueueKey | null {
  if (!parts || parts.length !== 4) return null;
  const [count, first, kind, id] = parts;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 2 ** 31 - 1) return null;
  if (typeof first !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(first)) return null;
  if (kind !== 'post' && kind !== 'comment' && kind !== 'chat') return null;
  if (!isRowId(id)) return null;
  return [count, first, kind, id];
}
