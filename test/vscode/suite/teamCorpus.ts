/**
 * Writes one markdown file into a team index on PostgreSQL, as `verity index` would: the corpus
 * the team-index suites point the editor at (its file is not in the workspace).
 */
import { ingestMarkdown } from '../../../src/core/ingest/markdown';
import { openPgPort } from '../../../src/node/pg/pgPort';

export async function writeTeamFile(url: string, path: string, source: string, hash: string): Promise<void> {
  const port = await openPgPort(url, { mode: 'write' });
  try {
    const { title, passages } = ingestMarkdown(path, source, { minWords: 1, maxWords: 200 });
    await port.writeFile({ path, kind: 'md', hash, size: source.length, mtime: 1, state: 'indexed', passages: passages.length, ...(title ? { title } : {}) }, passages);
    await port.flush();
  } finally {
    await port.close();
  }
}
