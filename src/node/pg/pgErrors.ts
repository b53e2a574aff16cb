/**
 * Errors of a PostgreSQL store as Verity reports them: one coded line naming the store (never
 * its password), and which failures a reader retries (the connection, not the query).
 */
import { isVerityError, VerityError } from '../../core/errors';
import { redact, type PgStoreConfig } from './pgConfig';

const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENOENT']);

/** Whether `e` is a lost or refused connection (worth a retry), rather than a failed statement. */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  if (NET_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  const msg = typeof err?.message === 'string' ? err.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(msg);
}

function isAuthError(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === '28P01' || code === '28000' || /password authentication failed|SASL|no password/i.test(String((e as { message?: unknown })?.message ?? ''));
}

/** `e` as a VerityError about `cfg`'s store, its text scrubbed of credentials. */
export function storeError(e: unknown, cfg: PgStoreConfig, doing: string): VerityError {
  if (isVerityError(e)) return new VerityError(e.code, redact(e.message, cfg));
  const detail = redact(e instanceof Error ? e.message.split('\n')[0]! : String(e), cfg);
  if (isAuthError(e)) return new VerityError('STORE_UNREACHABLE', `${cfg.describe} refused the credentials while ${doing} (${detail}); set PGPASSWORD or PGPASSFILE, or put the user in the URL`);
  if (isConnectionError(e)) return new VerityError('STORE_UNREACHABLE', `cannot reach ${cfg.describe} while ${doing}: ${detail}`);
  return new VerityError('INTERNAL', `${cfg.describe} failed while ${doing}: ${detail}`);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Whether a read that failed with `e` may succeed when run again: a lost connection, or a read
 * cancelled by a hot standby's replay (SQLSTATE 40001, "canceling statement due to conflict with
 * recovery", as a read replica cancels long reads; docs/scaling.md).
 */
export function isTransientRead(e: unknown): boolean {
  return isConnectionError(e) || (e as { code?: unknown })?.code === '40001';
}

/**
 * Runs a read, retrying a lost connection or a cancelled read ({@link isTransientRead}) with
 * backoff (`delays` ms between attempts); any other failure, or the last one, becomes a coded error.
 */
export async function withRetry<T>(cfg: PgStoreConfig, doing: string, read: () => Promise<T>, delays: readonly number[] = [100, 400, 1600]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      if (attempt >= delays.length || !isTransientRead(e) || isAuthError(e)) throw storeError(e, cfg, doing);
      await sleep(delays[attempt]!);
    }
  }
}
