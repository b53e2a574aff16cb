/**
 * CPU time for the PostgreSQL benchmarks: this process's (process.cpuUsage) and the throwaway
 * server's, read from /proc: the postmaster's own and reaped children's time plus the live
 * backends' (a backend's time reaches the postmaster's cutime/cstime when it exits). Linux only;
 * elsewhere, or without VERITY_PG_DIR (a server not started by scripts/pg/cluster.sh), the
 * server's figure is undefined.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let ticks: number | undefined;
const hz = (): number => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

/** utime, stime, cutime, cstime (ticks) and ppid of a process, or undefined when it is gone. */
function stat(pid: number): { ppid: number; own: number; reaped: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces), from field 3 on
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined;
  }
}

/** The server's CPU seconds so far, or undefined when it cannot be read. */
export function serverCpuSeconds(): number | undefined {
  const dir = process.env.VERITY_PG_DIR;
  const pidFile = dir ? path.join(dir, 'data', 'postmaster.pid') : '';
  if (!dir || !existsSync(pidFile)) return undefined;
  const master = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const m = stat(master);
  if (!m) return undefined;
  let t = m.own + m.reaped;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === master) t += s.own;
  }
  return t / hz();
}

/** A stopwatch of wall, this process's CPU and the server's CPU. */
export function cpuClock(): () => { wall: number; cpu: number; server: number | undefined } {
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const s0 = serverCpuSeconds();
  return () => {
    const c = process.cpuUsage(c0);
    const s1 = serverCpuSeconds();
    return { wall: (performance.now() - w0) / 1000, cpu: (c.user + c.system) / 1e6, server: s0 !== undefined && s1 !== undefined ? s1 - s0 : undefined };
  };
}
