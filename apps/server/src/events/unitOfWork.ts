/**
 * The one way a write is committed with its side effects (DESIGN: "side effects hang off one typed
 * event list, stored in the write's transaction and emitted after the commit"):
 *
 *   repository:  return this.work.run(events, async (trx) => { ...queries on trx...; return result })
 *
 * `run` opens the transaction (re-run whole when PostgreSQL picks it as a deadlock's victim, see
 * db/transaction.ts), runs the repository's queries, stores the stored kinds of events (audit entries,
 * notifications, department figures) in the same transaction stamped with the injected clock's time,
 * commits, and only then hands the list to the EventBus (live connection, server log). A write that
 * changed nothing (its compare-and-set lost, its row was gone) answers false or null, or what
 * `wrote` says: then nothing is stored and nothing is emitted. Services build the events; no service
 * or repository calls `bus.emit` itself.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/index.js';
import { transact } from '../db/transaction.js';
import type { DB } from '../db/types.js';
import { isoAt, systemClock, type Clock } from '../lib/clock.js';
import type { EventBus, EventList } from './index.js';
import { storeEvents } from './store.js';

export class UnitOfWork {
  constructor(
    readonly db: Kysely<DB>,
    readonly engine: Engine,
    private readonly bus?: EventBus,
    readonly clock: Clock = systemClock,
  ) {}

  /**
   * `events`: the write's list, or several lists of one batch (each stored as its own write: a
   * notification per recipient per list); the array may be filled by `work` as its rows are written.
   */
  async run<T>(
    events: EventList | EventList[] | undefined,
    work: (trx: Transaction<DB>) => Promise<T>,
    wrote: (result: T) => boolean = (r) => r !== false && r !== null,
  ): Promise<T> {
    const lists = events === undefined ? [] : Array.isArray(events) ? events : [events];
    const result = await transact(this.db, async (trx) => {
      const r = await work(trx);
      if (wrote(r)) {
        const at = isoAt(this.clock.now());
        for (const list of lists) await storeEvents(trx, list, at);
      }
      return r;
    });
    if (wrote(result)) for (const list of lists) this.bus?.emit(list);
    return result;
  }
}
