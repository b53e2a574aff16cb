/**
 * What the search-port tests share: a small corpus of markdown files, and the adapters under
 * test. The PostgreSQL adapter runs against the server named by VERITY_TEST_PG (scripts/pg/cluster.sh
 * starts a throwaway one; .ci/run sets it); without it those tests are skipped with a message.
 */
import { ingestMarkdown } from '../../../src/core/ingest/markdown';
import { createLocalPort } from '../../../src/core/search/localPort';
import type { SearchPort } from '../../../src/core/search/port';
import type { FileRecord, Passage } from '../../../src/core/types';
import { openPgPort, type PgPortOptions } from '../../../src/node/pg/pgPort';

export const PG_URL = process.env.VERITY_TEST_PG;
export const PG_SKIP = PG_URL ? false : 'no PostgreSQL server configured: set VERITY_TEST_PG (scripts/pg/cluster.sh start prints it; .ci/run sets it)';

let n = 0;
/** A fresh corpus name, so tests (and test files running at once) do not meet. */
export function freshCorpus(label: string): string {
  return `t-${label}-${process.pid}-${Date.now().toString(36)}-${n++}`;
}

/** The store URL of `corpus` on the test server. */
export function urlOf(corpus: string): string {
  const u = new URL(PG_URL!);
  u.searchParams.set('corpus', corpus);
  return u.href;
}

export interface Adapter {
  name: string;
  /** A writer on a fresh corpus, and a way to open readers of it. */
  open(label: string, opts?: PgPortOptions): Promise<{ writer: SearchPort; reader(): Promise<SearchPort>; url?: string }>;
  skip: false | string;
}

export const ADAPTERS: Adapter[] = [
  {
    name: 'local',
    skip: false,
    async open() {
      const writer = createLocalPort();
      return { writer, reader: async () => writer };
    },
  },
  {
    name: 'postgres',
    skip: PG_SKIP,
    async open(label, opts) {
      const url = urlOf(freshCorpus(label));
      const writer = await openPgPort(url, { ...opts, mode: 'write' });
      return { writer, reader: () => openPgPort(url, { mode: 'read' }), url };
    },
  },
];

/** A file record and passages of markdown `source` at `path`. */
export function fileOf(path: string, source: string): { record: FileRecord; passages: Passage[] } {
  const { title, passages } = ingestMarkdown(path, source, { minWords: 1, maxWords: 120 });
  const record: FileRecord = { path, kind: 'md', hash: `h-${source.length}-${passages.length}`, size: source.length, mtime: 1, state: 'indexed', passages: passages.length, ...(title ? { title } : {}) };
  return { record, passages };
}

export const CORPUS: Array<[string, string]> = [
  ['handbook/leave.md', '# Leave\n\n## Annual leave\n\nEmployees get 25 days of annual leave per year. Unused days carry over until March.\n\n## Sick leave\n\nSick leave needs a doctor\'s note after three days of absence.\n'],
  ['handbook/expenses.md', '# Expenses\n\n## Travel\n\nTravel expenses are reimbursed within 30 days when receipts are submitted.\n\n## Meals\n\nMeals on business trips are covered up to 40 euros per day.\n'],
  ['handbook/security.md', '# Security\n\n## Passwords\n\nPasswords must be rotated every 90 days and never shared.\n\n## Laptops\n\nLaptops are encrypted; report a lost laptop within one hour.\n'],
  ['guides/install.md', '# Installing the app\n\n## Linux\n\nInstall the package with apt and start the service with systemctl.\n\n## Windows\n\nRun the installer and restart when asked. The service starts on its own.\n'],
  ['guides/upgrade.md', '# Upgrading\n\nBack up the database before upgrading. The upgrade migrates the schema; it cannot be undone.\n\n## Rollback\n\nTo roll back, restore the backup taken before the upgrade.\n'],
];

export const QUERIES = ['how many days of annual leave', 'reimbursed travel expenses receipts', 'lost laptop report', 'install service linux', 'roll back an upgrade restore backup', 'passwords rotated days', 'doctor note sick'];

/** Writes every file of CORPUS into `port`. */
export async function writeCorpus(port: SearchPort): Promise<void> {
  for (const [path, src] of CORPUS) {
    const f = fileOf(path, src);
    await port.writeFile(f.record, f.passages);
  }
  await port.flush();
}
