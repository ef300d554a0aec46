/** The Contact page's messages: anyone may write (rate limited by the route), admins read them. */
import { LIMITS, normalizeEmail } from '@civicpulse/shared';
import type { AccountRow } from '../../db/rows.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { ContactRepo } from './repo.js';

export class ContactService {
  constructor(
    private readonly repo: ContactRepo,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Fields already passed the route's schema (contactBody); the sender's account, when signed in, goes with it. */
  async send(input: { name: string; email: string; message: string }, account: AccountRow | null): Promise<void> {
    await this.repo.insert({
      id: newId(),
      name: input.name.trim().slice(0, LIMITS.nameMaxChars),
      email: normalizeEmail(input.email),
      message: input.message.trim(),
      account_id: account?.id ?? null,
      created_at: isoAt(this.clock.now()),
    });
  }

  /** Newest first, `limit` a page, with the cursor of the next page. */
  async page(limit: number, cursor: string | undefined) {
    const rows = await this.repo.list(limit + 1, cursor);
    const page = rows.slice(0, limit);
    return {
      messages: page.map((m) => ({ _id: m.id, name: m.name, email: m.email, message: m.message, accountId: m.account_id, createdAt: m.created_at })),
      nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }
}
