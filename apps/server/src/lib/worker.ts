/**
 * The loop of a background worker that works a durable queue in the database (the mail sender, the
 * alert matcher, the push sender): rounds run one process at a time across every process sharing the
 * database (`exclusive`: an advisory lock on PostgreSQL), every `pollMs` and whenever a write in this
 * process queued work (`nudge`, after a short settle so the request that queued it answers first and a
 * burst shares one round). One round at a time in a process; a nudge during a round asks for another.
 * A failed round is logged and the next poll tries again. The timer never keeps the process alive.
 */
export type Exclusive = <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;

export interface WorkerOptions {
  /** The advisory lock's name, and the log's. */
  name: string;
  pollMs: number;
  /** Delay between a nudge and its round (ms). */
  settleMs?: number;
}

export abstract class QueueWorker<R> {
  private timer: NodeJS.Timeout | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private running: Promise<R | undefined> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly exclusive: Exclusive,
    private readonly workerLog: { warn(obj: object, msg: string): void },
    private readonly workerOptions: WorkerOptions,
  ) {}

  /** One round's work (the subclass's queue). */
  protected abstract round(): Promise<R>;

  /** True once stop() was called: a round checks it between items and ends early. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    if (this.workerOptions.pollMs <= 0) return;
    this.timer = setInterval(() => this.kick(), this.workerOptions.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    this.timer = undefined;
    this.scheduled = undefined;
    await this.idle();
  }

  /** Resolves when no round is running in this process. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Work was queued in this process (a write's event): a round soon. */
  nudge(): void {
    if (this.stopped || this.scheduled) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.kick();
    }, this.workerOptions.settleMs ?? 0);
    this.scheduled.unref();
  }

  /** One round now, unless another process holds the queue (then undefined). For tests and benches. */
  runOnce(): Promise<R | undefined> {
    return this.exclusive(this.workerOptions.name, () => this.round());
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((err: unknown) => {
        this.workerLog.warn({ err }, `${this.workerOptions.name} round failed`);
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }
}
