/**
 * Side effects of writes hang off one typed list of events. A service collects the events of a
 * write, the repository stores the stored kinds (audit entries) in the write's own transaction
 * (`storeEvents`), and the service emits the list after the commit (`EventBus.emit`), where
 * listeners (the server log today; notifications and live updates later) react. Services never
 * call a side effect by hand.
 */
import type { AuditLogTable } from '../db/types.js';

export type DomainEvent =
  /** An admin action: stored in audit_log with the write. */
  { type: 'audit'; entry: AuditLogTable };

export type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** The events of one write, in order. */
export class EventList {
  readonly items: DomainEvent[] = [];
  add(event: DomainEvent): this {
    this.items.push(event);
    return this;
  }
}

type Listener<T extends DomainEvent['type']> = (event: EventOf<T>) => void | Promise<void>;

/**
 * Delivers committed events to listeners in this process. What must reach other processes goes
 * through the database (stored events) or Redis, never through this bus alone.
 */
export class EventBus {
  private readonly listeners = new Map<DomainEvent['type'], Array<Listener<DomainEvent['type']>>>();

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  on<T extends DomainEvent['type']>(type: T, listener: Listener<T>): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener as unknown as Listener<DomainEvent['type']>);
    this.listeners.set(type, list);
  }

  /** After the commit: a failing listener is logged and never fails the request that wrote. */
  emit(events: EventList): void {
    for (const event of events.items) {
      for (const listener of this.listeners.get(event.type) ?? []) {
        Promise.resolve()
          .then(() => listener(event))
          .catch((err: unknown) => this.log.error({ err, event: event.type }, 'event listener failed'));
      }
    }
  }
}
