/** The open data export's own query: the newest workflow move, for the ETag. Its rows are the posts module's (PostReads). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export class OpenDataRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** The newest workflow move's id ('' without any): a primary-key lookup. */
  async newestMove(): Promise<string> {
    const h = await this.db.selectFrom('progress_history').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
    return String(h?.m ?? '');
  }
}
