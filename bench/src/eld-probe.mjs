// Loaded into the benchmarked server with NODE_OPTIONS=--import: measures the event loop's delay
// (perf_hooks monitorEventLoopDelay). On SIGUSR2 it writes the figures since the last signal to
// BENCH_ELD_FILE and starts over, so the bench can read them phase by phase.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
  if (process.env.BENCH_ELD_FILE) writeFileSync(process.env.BENCH_ELD_FILE, JSON.stringify(figures));
  histogram.reset();
});
