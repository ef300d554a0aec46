// Loaded into the soaked server with NODE_OPTIONS=--import (beside eld-probe.mjs): every
// BENCH_MEM_INTERVAL_MS (default 1000) it appends one JSON line of process.memoryUsage() and the time
// (epoch ms) to BENCH_MEM_FILE, so the bench can follow the V8 heap over the run; and after each
// major (mark-sweep-compact) garbage collection a line `{ t, afterMajorGc, rssAfterMajorGc }` with the
// heap used and the RSS then: the live heap's floor and the process's, without the saw-tooth of
// allocation between collections (a 10-minute run holds only a few of its teeth, so a slope over
// samples at any time mostly says where in a tooth the run began and ended). The timer is
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
      const m = process.memoryUsage();
      appendFileSync(file, `${JSON.stringify({ t: Date.now(), afterMajorGc: m.heapUsed, rssAfterMajorGc: m.rss })}\n`);
    } catch {
      // As above.
    }
  }).observe({ entryTypes: ['gc'] });
}
