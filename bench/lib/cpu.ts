import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent on the work a benchmark drives, for figures that a busy, shared machine does
// not distort as much as throughput: this thread (the Foyer server runs on the main thread, the
// load on a worker) and the PostgreSQL backends connected to the benchmark's database (read from
// /proc, so only when PostgreSQL runs on this machine; other databases' backends are left out).

const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of the `postgres:` backends serving `database`, in ms; undefined without /proc. */
const backendsCpuMs = (database: string): number | undefined => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The backend ended meanwhile.
    }
  }
  return (ticks * 1000) / TICKS_PER_S;
};

export interface CpuSpent {
  /** This thread's CPU since start, in ms. */
  readonly threadMs: number;
  /** The database's backends' CPU since start, in ms (undefined when not readable). */
  readonly databaseMs: number | undefined;
}

/** Starts counting; the returned function tells what was spent since. */
export const countCpu = (database: string): (() => CpuSpent) => {
  const thread = process.threadCpuUsage();
  const backends = backendsCpuMs(database);
  return () => {
    const spent = process.threadCpuUsage(thread);
    const now = backendsCpuMs(database);
    return {
      threadMs: (spent.user + spent.system) / 1000,
      databaseMs: backends === undefined || now === undefined ? undefined : now - backends,
    };
  };
};
