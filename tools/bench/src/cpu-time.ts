import { readdirSync, readFileSync } from 'node:fs';

/** The servers whose CPU is counted beside the platform's processes, when they run on this machine. */
export const SERVERS = ['postgres', 'nats-server'];

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a process has used so far, read from /proc, so that the CPU
 * each process of a path spends per request can be computed around a measurement.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds used so far by each process of this machine running the command (`postgres`
 * for the database server and its backends, `nats-server`), by pid: the servers' share of a
 * path's cost, when they run here.
 */
export function commandCpuMs(command: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) byPid.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return byPid;
}

/** CPU milliseconds the processes of `after` used since `before` (a process that exited meanwhile takes its share with it). */
export function cpuMsSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU milliseconds per unit of work, by platform process and by server command. */
export interface CpuShares {
  processes: Record<string, number>;
  servers: Record<string, number>;
}

/**
 * Starts counting the CPU of the given processes (name → pid) and of the servers running here;
 * the function it answers gives what each spent since, divided by the units of work done.
 */
export function startCpuCount(pids: Record<string, number>): (units: number) => CpuShares {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const serversBefore = Object.fromEntries(SERVERS.map((command) => [command, commandCpuMs(command)]));
  return (units) => {
    const per = Math.max(1, units);
    return {
      processes: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, (cpuMs(pid) - before[name]) / per])),
      servers: Object.fromEntries(SERVERS.map((command) => [command, cpuMsSince(serversBefore[command], commandCpuMs(command)) / per])),
    };
  };
}
