/** Internal notes' queries: a report's notes newest first by (post_id, id), and one insert. */
import type { Kysely, Selectable } from 'kysely';
import type { DB, InternalNoteTable } from '../../db/types.js';

export type NoteRow = Selectable<InternalNoteTable>;

export class NotesRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** Whom the report is assigned to; undefined: no such report. */
  async subject(postId: string): Promise<{ assigned_government: string | null } | undefined> {
    return this.db.selectFrom('posts').select('assigned_government').where('id', '=', postId).executeTakeFirst();
  }

  /** `limit` notes of the report older than `before` (a note id), newest first. */
  page(postId: string, before: string | null, limit: number): Promise<NoteRow[]> {
    let q = this.db.selectFrom('internal_notes').selectAll().where('post_id', '=', postId);
    if (before) q = q.where('id', '<', before);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  /** Stores a note; false when the report is gone (its foreign key refused the row). */
  async add(row: NoteRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('internal_notes')
      .columns(['id', 'post_id', 'author_id', 'author_name', 'author_role', 'body', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('posts')
          .select([
            eb.val(row.id).as('id'),
            'posts.id',
            eb.val(row.author_id).as('author_id'),
            eb.val(row.author_name).as('author_name'),
            eb.val(row.author_role).as('author_role'),
            eb.val(row.body).as('body'),
            eb.val(row.created_at).as('created_at'),
          ])
          .where('posts.id', '=', row.post_id),
      )
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
