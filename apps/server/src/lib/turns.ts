/**
 * Turns of the event loop, shared out one at a time. On SQLite every query runs synchronously, so a
 * request's work between two waits for the network is one unbroken stretch; when many requests arrive
 * together, Node would run all their stretches in one turn of the event loop and every timer, socket
 * and other request would wait for the sum. A request (and a long answer between its slices) instead
 * waits for its turn here: the queue hands out one turn per pass of the event loop, first come first
 * served, so a pass holds one stretch of work whatever the concurrency. Nothing is dropped or reordered.
 */
const waiting: Array<() => void> = [];
let pumping = false;

function pump(): void {
  const next = waiting.shift();
  if (!next) {
    pumping = false;
    return;
  }
  // The waiter's work runs in this pass (as a microtask, before the next immediate); the next waiter's
  // in the next pass, after timers and I/O had theirs.
  next();
  setImmediate(pump);
}

/** Resolves on the caller's turn: one waiter per pass of the event loop, in order of arrival. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}

/** How many wait for a turn now (for tests). */
export function turnsWaiting(): number {
  return waiting.length;
}
