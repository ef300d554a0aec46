/**
 * The time as the services see it (issue 16: service levels). Production reads the system clock;
 * tests build the app with a ManualClock and move it forward, so a 12-hour service level is tested
 * without sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The system time plus an offset the test moves. */
export class ManualClock implements Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Sets the clock to `ms` since the epoch. */
  set(ms: number): void {
    this.offsetMs = ms - Date.now();
  }
}

export const isoAt = (ms: number): string => new Date(ms).toISOString();
