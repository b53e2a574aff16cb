/**
 * The checker over a search port (a team index on a server answers asynchronously, the checker
 * reads its evidence source synchronously). The checker runs over a recording source: a first
 * run learns the terms it weighs (one statistics round trip), a second the queries it asks (one
 * search per query, concurrently), a third checks with everything at hand; terms that only the
 * hits brought in are fetched and the check runs once more. The verdicts are those of a
 * synchronous source holding the same passages.
 *
 * The `check` branch brings the lead's createAsyncChecker (src/core/check/asyncChecker.ts), the
 * same three passes; a SearchPort already has the shape of its AsyncEvidenceSource, so once that
 * lands this file reduces to a call of it.
 */
import { createChecker, type CheckOpts } from '../check/checker';
import type { CheckResult, SearchHit, SearchOptions } from '../types';
import type { SearchPort } from './port';

type Source = NonNullable<Parameters<typeof createChecker>[0]>;

const keyOf = (q: string, o?: SearchOptions): string => `${o?.k ?? ''}\u0000${o?.pathPrefix ?? ''}\u0000${o?.kind ?? ''}\u0000${q}`;

/** Checks `text` against the passages of `port`. */
export async function checkOverPort(port: Pick<SearchPort, 'search' | 'termStats'>, text: string, opts: CheckOpts = {}): Promise<CheckResult> {
  const df = new Map<string, number>();
  const wanted = new Set<string>();
  const hits = new Map<string, SearchHit[]>();
  const asked = new Map<string, [string, SearchOptions | undefined]>();
  const first = await port.termStats([]);
  const source: Source = {
    termStats: () => ({
      docCount: first.docCount,
      avgLength: first.avgLength,
      df: (t: string) => {
        const d = df.get(t);
        if (d === undefined) wanted.add(t);
        return d ?? 0;
      },
    }),
    search: (q: string, so?: SearchOptions) => {
      const k = keyOf(q, so);
      const h = hits.get(k);
      if (h) return h;
      asked.set(k, [q, so]);
      return [];
    },
  };
  const run = (): CheckResult => createChecker(source).check(text, opts);
  const fetchTerms = async (): Promise<boolean> => {
    if (wanted.size === 0) return false;
    const s = await port.termStats([...wanted]);
    for (const t of wanted) df.set(t, s.df.get(t) ?? 0);
    wanted.clear();
    return true;
  };
  run();
  await fetchTerms();
  asked.clear();
  run();
  await Promise.all([...asked].map(async ([k, [q, so]]) => hits.set(k, await port.search(q, { ...so, signal: opts.signal }))));
  const result = run();
  return (await fetchTerms()) ? run() : result;
}
