/**
 * Runs the service-level sweep every SLA_SWEEP_INTERVAL_MS (issue 16 item 6), one process at a time
 * across every process sharing the database (exclusiveRunner: a PostgreSQL advisory lock), one run at
 * a time in this process. Each run reads one bounded batch of due reports by index; a backlog is
 * worked off over the next runs.
 */
import type { Exclusive } from '../../media/sweep.js';
import type { ServiceLevelsService, SweepResult } from './service.js';

export class SlaSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult | undefined> | undefined;

  constructor(
    private readonly service: ServiceLevelsService,
    private readonly exclusive: Exclusive,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Sweeps every intervalMs (0: never); the timer never keeps the process alive. */
  start(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => this.run(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private run(): void {
    if (this.running) return;
    this.running = this.exclusive('sla-sweep', () => this.service.sweepOnce())
      .catch((err: unknown) => {
        this.log.warn({ err }, 'service-level sweep failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
