/**
 * Where a PostgreSQL store is: `postgres://[user[:password]@]host[:port]/db?corpus=NAME` (also
 * `postgresql://`, and `?host=/socket/dir` for a Unix socket). What the URL leaves out comes from
 * the standard PG* environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE) and
 * ~/.pgpass, as with psql. Credentials are never printed: every message that names the store
 * uses `describe`, and `redact` scrubs a password from any text that might carry it.
 */
import { VerityError } from '../../core/errors';

export interface PgStoreConfig {
  /** The URL without the `corpus` parameter (handed to the `pg` client). */
  connectionString: string;
  corpus: string;
  /** The password given in the URL, if any (scrubbed from messages). */
  password?: string;
  /** The store for a person: no password. */
  describe: string;
}

const CORPUS_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** Whether `store` names a PostgreSQL store rather than a folder. */
export function isPgUrl(store: string): boolean {
  return /^postgres(ql)?:\/\//i.test(store);
}

/** Parses a store URL; the corpus defaults to `default`. */
export function parsePgUrl(store: string, env: NodeJS.ProcessEnv = process.env): PgStoreConfig {
  let url: URL;
  try {
    url = new URL(store);
  } catch {
    throw new VerityError('BAD_INPUT', `not a valid PostgreSQL store URL: ${redactUrl(store)}`);
  }
  const corpus = url.searchParams.get('corpus') ?? 'default';
  if (!CORPUS_NAME.test(corpus)) throw new VerityError('BAD_INPUT', `corpus names are letters, digits, '.', '_' and '-' (at most 63): ${JSON.stringify(corpus.slice(0, 80))}`);
  url.searchParams.delete('corpus');
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  const shown = new URL(url.href);
  shown.password = '';
  const socket = url.searchParams.get('host');
  const user = url.username || env.PGUSER || '';
  const host = socket ?? (url.hostname || env.PGHOST || 'localhost');
  const port = url.port || env.PGPORT || '5432';
  const db = url.pathname.replace(/^\//, '') || env.PGDATABASE || user;
  return {
    connectionString: url.href,
    corpus,
    password,
    describe: `postgres://${user ? `${decodeURIComponent(user)}@` : ''}${host}:${port}/${decodeURIComponent(db)} (corpus ${corpus})`,
  };
}

/** A store URL with its password replaced by `***` (for messages about a URL that did not parse). */
export function redactUrl(s: string): string {
  return s.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*:)[^@\s]*@/gi, '$1***@').replace(/([?&]password=)[^&\s]*/gi, '$1***');
}

/** `text` with every occurrence of the known passwords (URL and PGPASSWORD) replaced by `***`. */
export function redact(text: string, cfg?: Pick<PgStoreConfig, 'password'>, env: NodeJS.ProcessEnv = process.env): string {
  let out = redactUrl(text);
  for (const secret of [cfg?.password, env.PGPASSWORD]) if (secret && secret.length >= 1) out = out.split(secret).join('***');
  return out;
}
