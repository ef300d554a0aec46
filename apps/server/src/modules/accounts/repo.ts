import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AccountTable, DB } from '../../db/types.js';

export type AccountRow = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;

export class AccountsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async insert(account: NewAccount): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async update(id: string, patch: Updateable<AccountTable>): Promise<void> {
    await this.db.updateTable('accounts').set(patch).where('id', '=', id).execute();
  }
}
