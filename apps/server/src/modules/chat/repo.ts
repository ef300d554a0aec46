/**
 * Community Chat's queries. Pages walk the primary key (ids sort by time), newest first; the sender's
 * name and photo come from the account by primary key, never from what a client sent.
 */
import type { Kysely } from 'kysely';
import type { ChatMessageTable, DB } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export interface ChatRow {
  id: string;
  author_id: string;
  body: string;
  created_at: string;
  author_name: string;
  author_photo: string | null;
}

export class ChatRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
  ) {}

  private base() {
    return this.db
      .selectFrom('chat_messages')
      .innerJoin('accounts', 'accounts.id', 'chat_messages.author_id')
      .select([
        'chat_messages.id',
        'chat_messages.author_id',
        'chat_messages.body',
        'chat_messages.created_at',
        'accounts.name as author_name',
        (eb) => eb.fn.coalesce('accounts.profile_photo_small', 'accounts.profile_photo').as('author_photo'),
      ]);
  }

  /** Messages not hidden by moderation (they stay for moderators). */
  private visible() {
    return this.base().where('chat_messages.hidden_at', 'is', null);
  }

  /** Saves a message; its `chat` event is emitted once it is committed. */
  async insert(row: ChatMessageTable, events: EventList): Promise<void> {
    await this.work.run(events, async (trx) => {
      await trx.insertInto('chat_messages').values(row).execute();
    });
  }

  /** Deletes a message with its events (the moderator's audit entry); false when it was already gone. */
  async remove(id: string, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => Number((await trx.deleteFrom('chat_messages').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1);
  }

  find(id: string): Promise<ChatRow | undefined> {
    return this.base().where('chat_messages.id', '=', id).executeTakeFirst();
  }

  /**
   * Newest first. `before`: the page older than that id. `after`: the `limit` messages right after
   * that id (a reconnecting client pages forward with the newest it got until a short page), still
   * answered newest first.
   */
  async page(opts: { before?: string | undefined; after?: string | undefined; limit: number }): Promise<ChatRow[]> {
    if (opts.after !== undefined) {
      const rows = await this.visible().where('chat_messages.id', '>', opts.after).orderBy('chat_messages.id', 'asc').limit(opts.limit).execute();
      return rows.reverse();
    }
    let q = this.visible();
    if (opts.before !== undefined) q = q.where('chat_messages.id', '<', opts.before);
    return q.orderBy('chat_messages.id', 'desc').limit(opts.limit).execute();
  }
}
