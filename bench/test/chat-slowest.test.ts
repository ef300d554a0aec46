/**
 * The chat bench's slowest-messages line (bench/src/chat-report.ts, issue 31 item 4): it names the
 * messages behind the tail, so a run tells one shared stall (consecutive messages, both processes'
 * POSTs slow together) from fan-out work (slow last receipts after quick POSTs).
 */
import { describe, expect, it } from 'vitest';
import { slowestLine, slowestMessages } from '../src/chat-report.js';

describe('the slowest messages of a chat run', () => {
  it('orders messages by their last receipt, names the process each was posted to, and skips undelivered ones', () => {
    const sendAt = Float64Array.from([1000, 1010, 1020, 1030, 1040]);
    const postMs = Float64Array.from([4, 180, 170, 5, NaN]);
    const first = Float64Array.from([1012, 1200, 1195, 1045, Infinity]);
    const last = Float64Array.from([1030, 1225, 1210, 1090, 0]);
    const got = Uint32Array.from([1000, 1000, 1000, 1000, 0]);
    const slowest = slowestMessages({ sendAt, postMs, first, last, got, processes: 2 }, 3);
    expect(slowest).toEqual([
      { seq: 1, sentAtMs: 10, process: 1, postMs: 180, firstMs: 190, lastMs: 215 },
      { seq: 2, sentAtMs: 20, process: 0, postMs: 170, firstMs: 175, lastMs: 190 },
      { seq: 3, sentAtMs: 30, process: 1, postMs: 5, firstMs: 15, lastMs: 60 },
    ]);
    expect(slowestLine(slowest.slice(0, 2))).toBe('#1 @0.01 s → 2: POST 180 / first 190 / last 215 ms; #2 @0.02 s → 1: POST 170 / first 175 / last 190 ms');
  });
});
