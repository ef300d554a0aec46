// Loaded into the soaked server with NODE_OPTIONS=--import (beside eld-probe.mjs): every
// BENCH_MEM_INTERVAL_MS (default 1000) it appends one JSON line of process.memoryUsage() and the time
// (epoch ms) to BENCH_MEM_FILE, so the bench can follow the V8 heap over the run; and after each
// major (mark-sweep-compact) garbage collection a line `{ t, afterMajorGc }` with the heap used then:
// the live heap's floor, without the saw-tooth of allocation between collections. The timer is
// unref'd: it never keeps the process alive, and a line is a few hundred bytes a second.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = process.env.BENCH_MEM_FILE;
const interval = Number(process.env.BENCH_MEM_INTERVAL_MS ?? 1000);
if (file && interval > 0) {
  const sample = () => {
    const m = process.memoryUsage();
    const line = { t: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The bench removed its directory (it is ending): nothing to record.
    }
  };
  sample();
  setInterval(sample, interval).unref();
  new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
    try {
      appendFileSync(file, `${JSON.stringify({ t: Date.now(), afterMajorGc: process.memoryUsage().heapUsed })}\n`);
    } catch {
      // As above.
    }
  }).observe({ entryTypes: ['gc'] });
}
