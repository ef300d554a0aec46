/**
 * What the chat bench reads about the processes it measures (Linux /proc): open files, CPU time of a
 * process and of the whole machine, and the percentiles of its samples.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The soft open-files limit (ulimit -n): every socket is a file descriptor here and one more in the server. */
export function openFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return Infinity;
  }
}

export const openFds = (pid: number | 'self'): number => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
};

export interface Cpu {
  user: number;
  system: number;
}
/** User and system CPU time of a process in ms (Linux /proc, USER_HZ = 100). */
export function cpuMs(pid: number): Cpu {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: NaN, system: NaN };
  }
}
/** CPU over a phase as % of one core. */
export const cpuShare = (before: Cpu, after: Cpu, wallMs: number): Cpu => ({
  user: ((after.user - before.user) / wallMs) * 100,
  system: ((after.system - before.system) / wallMs) * 100,
});

/** CPU time every process on the machine used, in ms (Linux /proc/stat, USER_HZ = 100): what others ran beside the bench. */
export function machineCpuMs(): number {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10;
  } catch {
    return NaN;
  }
}

/** This process's own CPU time in ms. */
export const benchCpuMs = (): Cpu => {
  const { user, system } = process.cpuUsage();
  return { user: user / 1000, system: system / 1000 };
};
export const total = (c: Cpu) => c.user + c.system;

/** Event-loop delay percentiles, ms. */
export interface Eld {
  p50: number;
  p99: number;
  max: number;
}

export function pct(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return NaN;
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((q / 100) * values.length) - 1))]!;
}
export const sorted = (values: Float64Array | number[]): Float64Array => Float64Array.from(values).sort();
