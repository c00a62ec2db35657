import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes, from /proc (Linux); undefined elsewhere or once gone. */
export function residentBytes(pid: number): { rss: number; peak: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rss = kb('VmRSS');
  const peak = kb('VmHWM');
  return Number.isFinite(rss) && Number.isFinite(peak)
    ? { rss: rss * 1024, peak: peak * 1024 }
    : undefined;
}

/**
 * Samples a process's RSS every `everyMs` until stopped; answers the highest and the median
 * seen. The peak lands wherever V8's heap happened to be in its grow-then-collect cycle (it
 * swings by 80 MiB within one scenario here); a leak lifts every sample, so the median is the
 * steadier witness of growth.
 */
export function sampleMemory(pid: number, everyMs = 200) {
  const samples: number[] = [];
  const take = () => {
    const now = residentBytes(pid);
    if (now) samples.push(now.rss);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): { maxRss: number; medianRss: number } {
      clearInterval(timer);
      take();
      const sorted = [...samples].sort((a, b) => a - b);
      return {
        maxRss: sorted.at(-1) ?? 0,
        medianRss: sorted[Math.floor(sorted.length / 2)] ?? 0,
      };
    },
  };
}
