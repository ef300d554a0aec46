// Loaded into a benchmarked server with NODE_OPTIONS=--import when BENCH_CPU_PROF names a directory
// (node refuses --cpu-prof in NODE_OPTIONS): the first SIGUSR2 (which lists.ts sends before its mixed
// phase) starts the inspector's CPU profiler, and the process writes <dir>/server-<pid>.cpuprofile
// when it exits. Read it with Chrome DevTools or a script summing self-time per function.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  let started = false;
  process.on('SIGUSR2', () => {
    if (started) return;
    started = true;
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 250 });
    session.post('Profiler.start');
  });
  process.on('exit', () => {
    if (!started) return;
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
