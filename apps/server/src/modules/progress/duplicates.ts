/**
 * Duplicate reports. A department holding either report, or an admin, marks a report as a duplicate of
 * another: its voters vote on the original too (same vote, never a second one) and its followers follow
 * it, both timelines say so, its reporter is told. The duplicate keeps its own votes and followers as
 * they were (and takes no new votes), so taking the mark back only has to take back what the mark added
 * to the original: exactly those votes and follows (duplicate_moves), and only while they are still as
 * added. Rules: policies/duplicates.ts; the transaction: duplicatesRepo.ts.
 */
import { DUPLICATE_TEXTS, PROGRESS_TEXTS, parseReference } from '@civicpulse/shared';
import type { AccountRow, HistoryRow, PostRow } from '../../db/rows.js';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { HttpError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { authorize } from '../../policies/index.js';
import { departmentOf } from '../../policies/rule.js';
import type { PostLookup } from '../posts/index.js';
import type { DuplicateOutcome, DuplicatesRepo } from './duplicatesRepo.js';

/** A report's own link (`/post/<id>`, `/reports/<id>`, any origin) or its bare id. */
const ID_IN_TEXT = /(?:^|\/)([0-9a-f]{24})(?:[/?#].*)?$/i;

export class DuplicatesService {
  constructor(
    private readonly repo: DuplicatesRepo,
    private readonly posts: Pick<PostLookup, 'require' | 'find'>,
    private readonly clock: Clock,
    /** A department's name (a member acts in its department's name). */
    private readonly departmentName: (id: string) => Promise<string | undefined>,
  ) {}

  /** The original as typed: a reference number, a report's link or its id; 404 when none is a report. */
  private async original(typed: string): Promise<PostRow> {
    const text = typed.trim();
    const reference = parseReference(text);
    const id = reference ? await this.repo.idByReference(reference) : ID_IN_TEXT.exec(text)?.[1]?.toLowerCase();
    // `require`: a report others may not open (hidden by a moderator) is no original either.
    const row = id ? await this.posts.require(id).catch(() => undefined) : undefined;
    if (!row) throw notFound(DUPLICATE_TEXTS.originalNotFound);
    return row;
  }

  async mark(me: AccountRow, postId: string, typedOriginal: string): Promise<{ message: string }> {
    const duplicate = await this.posts.require(postId);
    const original = await this.original(typedOriginal);
    const hasDuplicates = await this.repo.hasDuplicates(duplicate.id);
    authorize(me, 'duplicate.mark', { duplicate, original, hasDuplicates });
    const by = await this.publicActor(me);
    const events = new EventList()
      .add({ type: 'postChanged', postId: duplicate.id, reason: 'progress' })
      .add({ type: 'postChanged', postId: original.id, reason: 'progress' });
    for (const e of notifyEvent(duplicate.author_id, 'duplicate', by, { post: { id: duplicate.id, caption: duplicate.caption }, toState: original.reference })) events.add(e);
    const nowMs = this.clock.now();
    const outcome = await this.repo.mark(
      {
        duplicateId: duplicate.id,
        originalId: original.id,
        at: isoAt(nowMs),
        duplicateHistory: this.entry(me, by, duplicate, 'duplicate', original, nowMs),
        originalHistory: this.entry(me, by, original, 'merged', duplicate, nowMs),
      },
      events,
    );
    this.refuseUnless(outcome);
    return { message: DUPLICATE_TEXTS.marked(original.reference) };
  }

  async unmark(me: AccountRow, postId: string): Promise<{ message: string }> {
    const duplicate = await this.posts.require(postId);
    const original = duplicate.duplicate_of ? ((await this.posts.find(duplicate.duplicate_of)) ?? null) : null;
    authorize(me, 'duplicate.unmark', { duplicate, original });
    if (!original) throw conflict(DUPLICATE_TEXTS.notDuplicate);
    const by = await this.publicActor(me);
    const events = new EventList()
      .add({ type: 'postChanged', postId: duplicate.id, reason: 'progress' })
      .add({ type: 'postChanged', postId: original.id, reason: 'progress' });
    for (const e of notifyEvent(duplicate.author_id, 'notDuplicate', by, { post: { id: duplicate.id, caption: duplicate.caption }, toState: original.reference })) events.add(e);
    const nowMs = this.clock.now();
    const outcome = await this.repo.unmark(
      {
        duplicateId: duplicate.id,
        originalId: original.id,
        at: isoAt(nowMs),
        duplicateHistory: this.entry(me, by, duplicate, 'notDuplicate', original, nowMs),
        originalHistory: this.entry(me, by, original, 'unmerged', duplicate, nowMs),
      },
      events,
    );
    this.refuseUnless(outcome);
    return { message: DUPLICATE_TEXTS.unmarked };
  }

  private refuseUnless(outcome: DuplicateOutcome): void {
    switch (outcome) {
      case 'ok':
        return;
      case 'gone':
        throw notFound(DUPLICATE_TEXTS.originalNotFound);
      case 'alreadyDuplicate':
      case 'originalIsDuplicate':
      case 'hasDuplicates':
      case 'finished':
      case 'notDuplicate':
        throw conflict(DUPLICATE_TEXTS[outcome]);
      default:
        throw new HttpError(409, PROGRESS_TEXTS.concurrentChange);
    }
  }

  /** Who the reporter and the public see: a member's department, or the admin by name. */
  private async publicActor(account: AccountRow): Promise<{ id: string; name: string; departmentId: string | null }> {
    if (account.role !== 'government') return { id: account.id, name: account.name, departmentId: null };
    const dept = departmentOf(account);
    return { id: dept, name: dept === account.id ? account.name : ((await this.departmentName(dept)) ?? account.name), departmentId: dept };
  }

  /** A timeline entry on `post` naming the other report (`target`, by its reference). */
  private entry(
    me: AccountRow,
    by: { name: string; departmentId: string | null },
    post: PostRow,
    action: 'duplicate' | 'merged' | 'notDuplicate' | 'unmerged',
    other: PostRow,
    nowMs: number,
  ): Omit<HistoryRow, 'post_id'> {
    return {
      id: newId(nowMs),
      actor_id: me.id,
      actor_name: me.name,
      actor_role: me.role,
      action,
      from_state: post.progress_state,
      to_state: post.progress_state,
      note: null,
      final_caption: null,
      created_at: isoAt(nowMs),
      department_id: by.departmentId,
      department_name: by.departmentId ? by.name : null,
      target_id: other.id,
      target_name: other.reference,
    };
  }
}
