/**
 * Removes stored files that no row references: what an upload leaves behind when the process dies
 * (kill -9, power loss) between writing its files and committing its row, and `*.tmp` files of
 * writes cut short. Runs at start and then periodically.
 *
 * Only files older than ORPHAN_MIN_AGE_MS are considered, which makes it safe next to uploads in
 * flight, in this process or in another one sharing the folder: a request writes its files and
 * commits its row well within the request timeout (120 s), far below the threshold.
 */
import type { Storage } from './storage.js';
import type { MediaRepo } from './repo.js';

export const ORPHAN_MIN_AGE_MS = 10 * 60_000;
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Files checked against the database per query pair. */
export const SWEEP_BATCH = 1000;

/** Runs `fn` unless another process runs it now (PostgreSQL advisory lock; one process on SQLite). */
export type Exclusive = <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;
const alone: Exclusive = (_name, fn) => fn();

export interface SweepResult {
  removed: string[];
  kept: number;
}

export class MediaSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult | undefined> | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly repo: MediaRepo,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
    private readonly minAgeMs = ORPHAN_MIN_AGE_MS,
    /** N processes sharing storage sweep it once at a time, not N times over. */
    private readonly exclusive: Exclusive = alone,
  ) {}

  async sweepOnce(now = Date.now()): Promise<SweepResult> {
    // Old files are checked a batch at a time, each batch's references read after it was listed: a
    // row committed in between is seen, so its file stays. Memory holds one batch, never every key.
    const removed: string[] = [];
    let kept = 0;
    let batch: string[] = [];
    const check = async () => {
      const referenced = await this.repo.referencedAmong(batch);
      for (const key of batch) {
        if (referenced.has(key)) {
          kept += 1;
          continue;
        }
        await this.storage.delete(key);
        removed.push(key);
      }
      batch = [];
    };
    for await (const file of this.storage.list()) {
      if (now - file.modifiedAt < this.minAgeMs) kept += 1;
      else batch.push(file.key);
      if (batch.length >= SWEEP_BATCH) await check();
    }
    if (batch.length > 0) await check();
    if (removed.length > 0) this.log.info({ removed: removed.length }, 'removed orphaned upload files');
    return { removed, kept };
  }

  /** Sweeps now and every intervalMs; the timer never keeps the process alive. */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    this.run();
    this.timer = setInterval(() => this.run(), intervalMs);
    this.timer.unref();
  }

  /** The sweep in progress (if any) finishing: tests wait on it, close() waits before the database goes. */
  async idle(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  private run(): void {
    // One sweep at a time: a slow one (a huge folder) is not overlapped by the next tick.
    if (this.running) return;
    this.running = this.exclusive('media-sweep', () => this.sweepOnce())
      .catch((err: unknown) => {
        this.log.warn({ err }, 'upload sweep failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
