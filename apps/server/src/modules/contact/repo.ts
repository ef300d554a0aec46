import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ContactMessageTable, DB } from '../../db/types.js';

export type ContactMessageRow = Selectable<ContactMessageTable>;

export class ContactRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Insertable<ContactMessageTable>): Promise<void> {
    await this.db.insertInto('contact_messages').values(row).execute();
  }

  /** Newest first, keyset-paged by id (ids sort by creation time). */
  list(limit: number, before?: string): Promise<ContactMessageRow[]> {
    let q = this.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(limit);
    if (before) q = q.where('id', '<', before);
    return q.execute();
  }
}
