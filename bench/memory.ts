import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of the server in bytes: its process and its workers' (a cluster primary's
 * children), summed; the peak is the sum of each one's peak, an upper bound. From /proc (Linux);
 * undefined elsewhere or once gone.
 *
 * `rss` is the server's own memory: resident pages less those of mapped files. SQLite reads the
 * database through a memory map (src/server/db/sqlite-map.ts), so every page of it the server
 * has read counts in VmRSS, though it is the kernel's page cache, shared and given back under
 * pressure; counted, it would grow with the pages read and hide the heap's. The peak (VmHWM)
 * has no such split: it includes them.
 */
export function residentBytes(pid: number): { rss: number; peak: number } | undefined {
  const own = processMemory(pid);
  if (!own) return undefined;
  let { rss, peak } = own;
  for (const child of childrenOf(pid)) {
    const memory = processMemory(child);
    if (memory) {
      rss += memory.rss;
      peak += memory.peak;
    }
  }
  return { rss, peak };
}

/** The processes whose parent is `pid`, from each one's /proc/<pid>/stat. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

function processMemory(pid: number): { rss: number; peak: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rss = kb('VmRSS') - kb('RssFile');
  const peak = kb('VmHWM');
  return Number.isFinite(rss) && Number.isFinite(peak)
    ? { rss: rss * 1024, peak: peak * 1024 }
    : undefined;
}

/**
 * Samples the server's own resident memory every `everyMs` until stopped; answers the highest
 * and the median seen. The peak lands wherever V8's heap happened to be in its
 * grow-then-collect cycle (it swings by 80 MiB within one scenario here); a leak lifts every
 * sample, so the median is the steadier witness of growth.
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
