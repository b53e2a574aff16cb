/**
 * Runs untrusted-input work (parsing a PDF, OCR of a page) in a CHILD PROCESS that can die alone.
 * A worker thread is not enough: its heap limit does not contain every allocation (a 40 MB string
 * built by pdf.js aborts the whole process with "Reached heap limit"), and a fatal V8 error in a
 * thread takes its process with it. A child process has its own heap (`--max-old-space-size`),
 * a wall-clock deadline, a resident-memory ceiling (polled where the OS exposes it) and a cap on
 * the bytes it may answer with; on any overrun it is killed with SIGKILL and replaced on the next
 * request, so the caller gets one coded reason for that input and carries on.
 *
 * Protocol: requests go to the child's stdin and replies come back on file descriptor 3, each a
 * frame of a 4-byte big-endian length and a `v8.serialize`d value (binary data travels as is).
 * The child's stdout is discarded (libraries print there) and the tail of its stderr is kept
 * for diagnostics. The child side is {@link serveIsolated}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, createWriteStream } from 'node:fs';
import { serialize, deserialize } from 'node:v8';

/** Why an isolated request failed without an answer from the handler. */
export type IsolatedFailure = 'timeout' | 'output' | 'memory' | 'crashed' | 'cancelled';

/** A request that ended without a reply: the child was killed, crashed or was cancelled. */
export class IsolatedProcessError extends Error {
  constructor(
    readonly reason: IsolatedFailure,
    message: string,
    /** Last lines the child wrote to stderr (e.g. V8's "Reached heap limit"). */
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'IsolatedProcessError';
  }
  /** True when the child died of memory exhaustion (heap limit, allocation failure, RSS ceiling). */
  get outOfMemory(): boolean {
    return this.reason === 'memory' || /heap limit|out of memory|allocation failed|invalid (typed )?array length/i.test(this.stderr);
  }
}

/** The handler threw: its error's name and message cross the process boundary. */
export class IsolatedHandlerError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'IsolatedHandlerError';
  }
}

export interface IsolatedProcessOptions {
  /** A Node script that calls {@link serveIsolated}. */
  script: string;
  /** V8 old-space limit of the child in MB (default 512). */
  maxHeapMb?: number;
  /** Resident memory ceiling of the child in MB, polled every 100 ms where /proc exists (default 1536). */
  maxRssMb?: number;
  /** Extra Node flags for the child (e.g. a loader in tests). */
  execArgv?: string[];
}

export interface IsolatedRequestOptions {
  /** Wall-clock deadline for this request, child start-up included. */
  timeoutMs: number;
  /** Largest reply accepted, in bytes; a larger one kills the child ('output'). */
  maxOutputBytes: number;
  signal?: AbortSignal;
}

const STDERR_TAIL = 4096;

/**
 * One child process, started on first use, serving one request at a time (callers queue).
 * `close()` kills it; a later request starts a new one.
 */
export class IsolatedProcess {
  private child: ChildProcess | undefined;
  private stderrTail = '';
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: IsolatedProcessOptions) {}

  /** Sends `payload` to the handler and resolves with its reply; rejects with IsolatedProcessError or IsolatedHandlerError. */
  request<T>(payload: unknown, opts: IsolatedRequestOptions): Promise<T> {
    const run = this.chain.then(
      () => this.run<T>(payload, opts),
      () => this.run<T>(payload, opts),
    );
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Kills the child (if any). The object stays usable. */
  async close(): Promise<void> {
    this.kill();
  }

  private kill(): void {
    const c = this.child;
    this.child = undefined;
    if (c !== undefined && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }

  private start(): ChildProcess {
    const heap = this.options.maxHeapMb ?? 512;
    const child = spawn(process.execPath, [`--max-old-space-size=${heap}`, '--max-semi-space-size=16', ...(this.options.execArgv ?? []), this.options.script], {
      stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
      // Inside VS Code, execPath is the editor binary: make it behave as plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      windowsHide: true,
    });
    this.stderrTail = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (s: string) => {
      this.stderrTail = (this.stderrTail + s).slice(-STDERR_TAIL);
    });
    // An 'error' (spawn failure, EPIPE) without a listener would crash the caller.
    child.on('error', () => undefined);
    child.stdin!.on('error', () => undefined);
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    this.child = child;
    return child;
  }

  private run<T>(payload: unknown, opts: IsolatedRequestOptions): Promise<T> {
    if (opts.signal?.aborted) return Promise.reject(new IsolatedProcessError('cancelled', 'Cancelled.'));
    const child = this.child ?? this.start();
    const replies = child.stdio[3] as NodeJS.ReadableStream & { ref?: () => void; unref?: () => void };
    const maxRss = (this.options.maxRssMb ?? 1536) * 1024 * 1024;
    child.ref();
    replies.ref?.();
    return new Promise<T>((resolve, reject) => {
      let buffered: Buffer[] = [];
      let bufferedBytes = 0;
      let expected = -1;
      let done = false;
      const finish = (outcome: () => void, killChild: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        replies.off('data', onData);
        child.off('exit', onExit);
        opts.signal?.removeEventListener('abort', onAbort);
        if (killChild) {
          if (this.child === child) this.child = undefined;
          child.kill('SIGKILL');
        } else {
          child.unref();
          replies.unref?.();
        }
        outcome();
      };
      const fail = (reason: IsolatedFailure, message: string): void => finish(() => reject(new IsolatedProcessError(reason, message, this.stderrTail)), true);
      const onData = (chunk: Buffer): void => {
        buffered.push(chunk);
        bufferedBytes += chunk.length;
        if (expected === -1 && bufferedBytes >= 4) {
          const all = Buffer.concat(buffered);
          buffered = [all];
          expected = all.readUInt32BE(0);
          if (expected > opts.maxOutputBytes) return fail('output', `the answer is over the ${opts.maxOutputBytes} byte limit`);
        }
        if (expected >= 0 && bufferedBytes >= 4 + expected) {
          const all = Buffer.concat(buffered);
          let reply: { ok: true; value: T } | { ok: false; name: string; message: string };
          try {
            reply = deserialize(all.subarray(4, 4 + expected)) as typeof reply;
          } catch {
            return fail('crashed', 'the answer could not be decoded');
          }
          finish(() => (reply.ok ? resolve(reply.value) : reject(new IsolatedHandlerError(reply.name, reply.message))), false);
        }
      };
      const onExit = (code: number | null, sig: NodeJS.Signals | null): void => {
        const report = (): void => fail('crashed', `the process stopped (${sig ?? `exit code ${code}`})`);
        // The child's last words (V8's "Reached heap limit") may still be in the pipe when 'exit'
        // fires; on a loaded machine one turn of the event loop was not enough, and a heap overrun
        // was then reported as a crash (PDF_UNREADABLE). Wait for stderr to close, briefly.
        const stderr = child.stderr;
        if (!stderr || stderr.destroyed || stderr.readableEnded) return void setImmediate(report);
        const fallback = setTimeout(report, 2000);
        stderr.once('close', () => {
          clearTimeout(fallback);
          report();
        });
      };
      const onAbort = (): void => fail('cancelled', 'Cancelled.');
      const timer = setTimeout(() => fail('timeout', `no answer within ${opts.timeoutMs} ms`), opts.timeoutMs);
      const poll = setInterval(() => {
        const rss = residentBytes(child.pid);
        if (rss !== undefined && rss > maxRss) fail('memory', `resident memory passed ${Math.round(maxRss / 1048576)} MB`);
      }, 100);
      replies.on('data', onData);
      child.on('exit', onExit);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const body = serialize(payload);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(body.length, 0);
      child.stdin!.write(Buffer.concat([head, body]));
    });
  }
}

/** Resident set size of a process from /proc (Linux); undefined elsewhere. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s*(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The child side: reads request frames from stdin, runs `handler` on each (one at a time) and
 * writes a reply frame to fd 3 — the value, or the thrown error's name and message.
 */
export function serveIsolated(handler: (payload: unknown) => Promise<unknown>): void {
  const out = createWriteStream('', { fd: 3 });
  let pending: Buffer = Buffer.alloc(0);
  let busy: Promise<void> = Promise.resolve();
  const reply = (value: unknown): void => {
    const body = serialize(value);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length, 0);
    out.write(Buffer.concat([head, body]));
  };
  process.stdin.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
      const len = pending.readUInt32BE(0);
      const payload = deserialize(pending.subarray(4, 4 + len)) as unknown;
      pending = pending.subarray(4 + len);
      busy = busy.then(() =>
        handler(payload).then(
          (value) => reply({ ok: true, value }),
          (e: unknown) => reply({ ok: false, ...describe(e) }),
        ),
      );
    }
  });
  // The parent went away: nothing left to serve.
  process.stdin.on('end', () => process.exit(0));
}

function describe(e: unknown): { name: string; message: string } {
  if (e instanceof Error) return { name: e.name, message: e.message };
  const o = e as { name?: unknown; message?: unknown } | undefined;
  return { name: typeof o?.name === 'string' ? o.name : 'Error', message: typeof o?.message === 'string' ? o.message : String(e) };
}
