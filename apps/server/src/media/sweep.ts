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
  ) {}

  async sweepOnce(now = Date.now()): Promise<SweepResult> {
    // List first, then read the references: a row committed in between is seen, so its file stays.
    const candidates: string[] = [];
    let kept = 0;
    for await (const file of this.storage.list()) {
      if (now - file.modifiedAt >= this.minAgeMs) candidates.push(file.key);
      else kept += 1;
    }
    if (candidates.length === 0) return { removed: [], kept };
    const referenced = await this.repo.referencedKeys();
    const removed: string[] = [];
    for (const key of candidates) {
      if (referenced.has(key)) {
        kept += 1;
        continue;
      }
      await this.storage.delete(key);
      removed.push(key);
    }
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
    this.running = this.sweepOnce()
      .catch((err: unknown) => {
        this.log.warn({ err }, 'upload sweep failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
