// Loaded into a benchmarked server with NODE_OPTIONS=--import when BENCH_CHAT_PROFILE_DIR is set
// (--cpu-prof is not allowed in NODE_OPTIONS): a V8 CPU profile of the whole run, written to
// BENCH_PROFILE_DIR/<pid>.cpuprofile as the process exits (open it in Chrome DevTools).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
session.post('Profiler.start');
process.on('exit', () => {
  // An in-process session answers synchronously.
  session.post('Profiler.stop', (err, result) => {
    if (!err && process.env.BENCH_PROFILE_DIR) writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
