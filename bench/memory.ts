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

/** Samples a process's RSS every `everyMs` until stopped; answers the highest and the last seen. */
export function sampleMemory(pid: number, everyMs = 200) {
  let max = 0;
  let last = 0;
  const take = () => {
    const now = residentBytes(pid);
    if (!now) return;
    last = now.rss;
    max = Math.max(max, now.rss);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): { maxRss: number; lastRss: number } {
      clearInterval(timer);
      take();
      return { maxRss: max, lastRss: last };
    },
  };
}
