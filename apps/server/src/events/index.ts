/**
 * Side effects of writes hang off one typed list of events. A service collects the events of a
 * write, the repository stores the stored kinds (audit entries) in the write's own transaction
 * (`storeEvents`), and the service emits the list after the commit (`EventBus.emit`), where
 * listeners (the server log, the live connection) react. Services never
 * call a side effect by hand.
 */
import type { ChatMessage, PostComment, PostUpdate, Rating } from '@civicpulse/shared';
import type { AuditLogTable, MailOutboxTable, NotificationTable } from '../db/types.js';

export type DomainEvent =
  /** An admin action: stored in audit_log with the write. */
  | { type: 'audit'; entry: AuditLogTable }
  /**
   * A notification for one recipient: stored in notifications with the write (storeEvents drops the
   * ones the recipient switched off, the actor's own, and a second one for the same recipient), then
   * emitted live to `user:<recipient>`.
   */
  | { type: 'notify'; row: NotificationTable }
  /** A saved Community Chat message (the write itself is the row): emitted as receive_message. */
  | { type: 'chat'; message: ChatMessage }
  /** A post's counts or state changed: emitted as post_update to the post's room. */
  | { type: 'postChanged'; postId: string; reason: PostUpdate['reason']; comment?: PostComment }
  /**
   * A department's figures move (issue 16 item 7): a take-over, a finish or a rating, stored in
   * department_metrics with the write (storeEvents), so the figures never disagree with the reports.
   */
  | {
      type: 'departmentMetric';
      departmentId: string;
      at: string;
      taken?: MetricTiming;
      finished?: MetricTiming;
      rating?: Rating;
      /** Department teams: the member the figures are also kept for (member_metrics), and a rejected fix of theirs. */
      memberId?: string;
      rejected?: boolean;
    }
  /**
   * An email to send (issue 27): stored in mail_outbox with the write (storeEvents also adds one per
   * notification its recipient wants mailed right away), then the mail sender is woken.
   */
  | { type: 'mail'; row: MailOutboxTable }
  /**
   * A new report to match against area alerts (issue 27 item 6): stored in alert_scans with the
   * report, worked after the commit by the alert matcher (off the request path), then the row goes.
   */
  | { type: 'alertScan'; postId: string }
  /** An account follows a report (issue 27 item 5; a new report's reporter): stored with the counter. */
  | { type: 'follow'; postId: string; accountId: string }
  /**
   * A move its report's followers hear of (issue 27 item 5): stored in follow_fanouts with the move and
   * worked after the commit by the follow notifier. `except`: accounts told otherwise (reporter, actor).
   */
  | { type: 'followFanout'; postId: string; note: FanoutNote; except: string[] }
  /** Pushes were queued (storeEvents adds it when a delivered notification's recipient has browsers subscribed). */
  | { type: 'pushQueued' }
  /** The account's tokens stopped working (deleted, password changed): its live connections are closed. */
  | { type: 'sessionsEnded'; accountId: string; exceptToken?: string };

/** What a follower's notification says (a notification row's facts without its recipient). */
export interface FanoutNote {
  /** null: someone not named (the reporter of an anonymous report). */
  actorId: string | null;
  actorName: string;
  caption: string;
  toState: string | null;
  reason: string | null;
}

/** How long a step took from the report, and whether it was within its service level. */
export interface MetricTiming {
  seconds: number;
  within: boolean;
}

export type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** The events of one write, in order. */
export class EventList {
  readonly items: DomainEvent[] = [];
  add(event: DomainEvent): this {
    this.items.push(event);
    return this;
  }
  /** Keeps only the events `keep` accepts (storeEvents drops notifications that must not be sent). */
  retain(keep: (event: DomainEvent) => boolean): void {
    const kept = this.items.filter(keep);
    this.items.length = 0;
    this.items.push(...kept);
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
