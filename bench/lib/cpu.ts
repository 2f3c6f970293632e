import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent on the work a benchmark drives, for figures that a busy, shared machine does
// not distort as much as throughput: this thread (the Foyer server runs on the main thread, the
// load on a worker) and the PostgreSQL backends connected to the benchmark's database (read from
// /proc, so only when PostgreSQL runs on this machine; other databases' backends are left out).
// Backends come and go as the connection pool grows and shrinks, and one that has ended can no
// longer be read: so they are sampled every SAMPLE_MS while counting, each backend counted from
// its first sample to its last (what an ended one spent after its last sample is lost; one that
// started meanwhile counts from 0, as its CPU was all spent since).

const TICKS_PER_S = 100; // USER_HZ on Linux
const SAMPLE_MS = 100;

/** utime + stime of one process in ticks, or undefined when it has ended. */
const ticksOf = (pid: string): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
};

/** The CPU (user + system) a process of this machine has spent, in ms; undefined once it has ended. */
export const processCpuMs = (pid: number): number | undefined => {
  const ticks = ticksOf(String(pid));
  return ticks === undefined ? undefined : (ticks * 1000) / TICKS_PER_S;
};

/**
 * Whether a process is a backend of `database`; 'never' when it is no PostgreSQL process at all
 * (a backend just forked still shows the server's command line until it names its database).
 */
const servesDatabase = (pid: string, database: string): boolean | 'never' => {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!title.includes('postgres')) return 'never';
    // Autovacuum workers are left out: when they run is up to PostgreSQL, not the load.
    if (title.startsWith('postgres: autovacuum')) return false;
    return title.startsWith('postgres: ') && title.split(' ').includes(database);
  } catch {
    return 'never';
  }
};

/**
 * The backends serving `database`, followed over time: per backend, its ticks at the first
 * sample and the last. Undefined without /proc.
 */
const followBackends = (database: string) => {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const others = new Set<string>(); // processes that are not PostgreSQL's
  let started = true;
  const sample = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || others.has(pid)) continue;
      if (!last.has(pid)) {
        const serves = servesDatabase(pid, database);
        if (serves === 'never') others.add(pid);
        if (serves !== true) continue;
      }
      const ticks = ticksOf(pid);
      if (ticks === undefined || ticks < (last.get(pid) ?? 0)) continue; // ended (or pid reused)
      // A backend seen at the start counts from there; one seen later started meanwhile.
      if (!first.has(pid)) first.set(pid, started ? ticks : 0);
      last.set(pid, ticks);
    }
    started = false;
  };
  try {
    sample();
  } catch {
    return undefined;
  }
  return {
    sample,
    spentMs: () => {
      let ticks = 0;
      for (const [pid, at] of last) ticks += at - first.get(pid)!;
      return (ticks * 1000) / TICKS_PER_S;
    },
  };
};

export interface CpuSpent {
  /** This thread's CPU since start, in ms. */
  readonly threadMs: number;
  /** The database's backends' CPU since start, in ms (undefined when not readable). */
  readonly databaseMs: number | undefined;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Starts counting; the returned function stops and tells what was spent since. The sampling
 * runs on this thread too: what it costs is left out of threadMs.
 */
export const countCpu = (database: string): (() => CpuSpent) => {
  const backends = followBackends(database);
  let samplingMs = 0;
  const sample = () => {
    const before = process.threadCpuUsage();
    backends?.sample();
    samplingMs += cpuMs(process.threadCpuUsage(before));
  };
  const thread = process.threadCpuUsage();
  const timer = backends ? setInterval(sample, SAMPLE_MS) : undefined;
  timer?.unref();
  return () => {
    clearInterval(timer);
    const spent = process.threadCpuUsage(thread);
    backends?.sample();
    return { threadMs: cpuMs(spent) - samplingMs, databaseMs: backends?.spentMs() };
  };
};
