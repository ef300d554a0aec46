/** Photo redaction's queries: the report and photo it is about, and the swap of a photo's keys as one compare-and-set. */
import type { Kysely } from 'kysely';
import type { ImageRow } from '../../db/rows.js';
import type { DB } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export interface NewImageKeys {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

export class RedactionRepo {
  private readonly db: Kysely<DB>;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
  }

  /** Whom the report is assigned to and what it is called (the audit entry's label); undefined: no such report. */
  subject(postId: string): Promise<{ id: string; caption: string; assigned_government: string | null } | undefined> {
    return this.db.selectFrom('posts').select(['id', 'caption', 'assigned_government']).where('id', '=', postId).executeTakeFirst();
  }

  image(postId: string, imageId: string): Promise<ImageRow | undefined> {
    return this.db.selectFrom('post_images').selectAll().where('post_id', '=', postId).where('id', '=', imageId).executeTakeFirst();
  }

  /**
   * Points every row of the report that shows the old photo (a final update may reuse a rejected one's
   * files) at the new files, only while they still show the old ones; the events are stored with it.
   * False: another redaction (or a deletion) changed them first, and nothing was written.
   */
  swap(postId: string, from: Pick<ImageRow, 'key' | 'thumb_key'>, to: NewImageKeys, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const result = await trx
        .updateTable('post_images')
        .set({ key: to.key, thumb_key: to.thumbKey, width: to.width, height: to.height })
        .where('post_id', '=', postId)
        .where('key', '=', from.key)
        .where('thumb_key', '=', from.thumb_key)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }
}
