/**
 * A first-come-first-served cap on concurrent work: at most `capacity` holders at a time, the rest wait
 * in order. Nothing is ever refused or dropped; a waiter is let in as soon as a holder releases.
 */
export class Gate {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error(`a gate needs a capacity of at least 1, not ${capacity}`);
  }

  /** How many are waiting to get in (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  /** How many hold the gate now. */
  get active(): number {
    return this.held;
  }

  /** Resolves once the caller holds the gate; call the answer exactly once to release it (more calls are ignored). */
  async enter(): Promise<() => void> {
    if (this.held < this.capacity) this.held++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so a newcomer cannot overtake the queue.
      if (next) next();
      else this.held--;
    };
  }
}
