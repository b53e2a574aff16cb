/** Resident memory of another process, read from /proc (Linux); undefined where that is unavailable. */
import { readFileSync } from 'node:fs';

/** The process's resident set size in MB, or undefined (not Linux, or the process is gone). */
export function processRssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
