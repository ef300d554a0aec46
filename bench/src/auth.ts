/**
 * Health vs login throughput in one run. Login cost is dominated by scrypt on purpose; this shows
 * how much, and that one login stays well under 100 ms on this machine.
 */
import { measure, table } from './measure.js';
import { startServer } from './server.js';

const admin = { email: 'bench-admin@example.in', password: 'bench-admin-password', secretKey: 'bench-admin-secret' };
const server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ADMIN_SECRET: admin.secretKey });

/** Medians of sequential calls, the cases interleaved so that load drift on the machine hits them alike. */
async function interleavedMedians(url: string, cases: object[], rounds = 21): Promise<number[]> {
  const times = cases.map((): number[] => []);
  for (let i = 0; i < rounds; i++) {
    for (const [k, payload] of cases.entries()) {
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      await res.arrayBuffer();
      times[k]!.push(performance.now() - t0);
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
}

try {
  const email = 'bench@example.in';
  const password = 'bench-password';
  const signup = await fetch(`${server.url}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
  const body = JSON.stringify({ email, password });
  const headers = { 'content-type': 'application/json' };

  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers, body });
    await res.arrayBuffer();
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);

  const rows = [
    await measure('GET /api/health', { url: `${server.url}/api/health` }),
    await measure('POST /api/user/login', { url: `${server.url}/api/user/login`, method: 'POST', body, headers }),
  ];
  console.log(`\nCivicPulse auth benchmark (${new Date().toISOString()}, 10 connections, 5 s each)\n`);
  console.log(table(rows, 'GET /api/health'));
  console.log(
    `\nOne login at a time (20 runs): median ${single[10]!.toFixed(1)} ms, max ${single[19]!.toFixed(1)} ms (scrypt N=16384, r=8, p=1)`,
  );

  // Admin login must not tell a wrong secret key from a wrong password by time (issue 9, item 10).
  const adminUrl = `${server.url}/api/admin/login`;
  const [wrongPassword, wrongSecret, unknownEmail] = (await interleavedMedians(adminUrl, [
    { ...admin, password: 'not-the-password' },
    { ...admin, secretKey: 'not-the-secret' },
    { ...admin, email: 'nobody@example.in' },
  ])) as [number, number, number];
  console.log('\n| admin login attempt | median ms | vs wrong password |\n|---|---:|---:|');
  for (const [name, ms] of [['wrong password', wrongPassword], ['wrong secret key', wrongSecret], ['unknown email', unknownEmail]] as const) {
    console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / wrongPassword).toFixed(2)}x |`);
  }
} finally {
  await server.stop();
}
