import { readFileSync } from 'node:fs';

/** Resident memory of a process, in MB (Linux: `VmRSS` of `/proc/<pid>/status`). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
