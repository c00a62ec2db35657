import { readFileSync } from 'node:fs';
import { childrenOf } from './memory.js';

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const ticksPerSecond = 100;

/**
 * CPU time the server has used so far, in milliseconds: its process and its workers', user and
 * system, from /proc (Linux); undefined elsewhere or once gone. Throughput varies with what else
 * the machine runs; the CPU a request costs the server varies much less.
 */
export function serverCpuMs(pid: number): number | undefined {
  const own = processCpuTicks(pid);
  if (own === undefined) return undefined;
  let ticks = own;
  for (const child of childrenOf(pid)) ticks += processCpuTicks(child) ?? 0;
  return (ticks * 1000) / ticksPerSecond;
}

function processCpuTicks(pid: number): number | undefined {
  try {
    // pid (comm) state ppid … utime stime: fields 14 and 15, counted after comm's parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Measures the server's CPU over a piece of work: microseconds per answer it gave. */
export function cpuMeter(pid: number) {
  const start = serverCpuMs(pid);
  return {
    perAnswerUs(answers: number): number | undefined {
      const end = serverCpuMs(pid);
      if (start === undefined || end === undefined || answers === 0) return undefined;
      return ((end - start) * 1000) / answers;
    },
  };
}
