/**
 * The segment store behind Orama's component interfaces, so a search still runs through
 * Orama's `search` (create → search → sort → fetch documents):
 *
 * - the index component scores with the segments (retrieve.ts) and returns the final ranking as
 *   Orama's token scores, keyed by document address;
 * - the documents-store component reads a hit's passage from the segment's stored-fields file
 *   by offset when Orama fetches the hits (nothing of the text is kept on the heap);
 * - Orama's internal document-id store, which is not a replaceable component (create.js always
 *   builds one Map of every document id), is swapped after create for one that resolves ids
 *   on demand.
 *
 * Writes do not go through Orama: its insert calls the index component once per property of
 * each document, and its `save`/`load` expect each component to hand over one in-memory value;
 * segments are written by the passage index (flush.ts, commit.ts) instead. The components say so
 * with a coded error rather than pretending.
 */
import { create, type AnyOrama, type IDocumentsStore, type IIndex, type SearchableType, type TokenScore } from '@orama/orama';
import { VerityError } from '../errors';
import type { Passage } from '../types';
import type { QueryContext } from './ranking';

/** What the components need from the passage index. */
export interface ComponentHost {
  /** The final ranking for `ctx` (addresses valid until the next change of the index). */
  rank(ctx: QueryContext, where?: Set<number>): TokenScore[];
  /** Addresses of the live passages matching Orama `where` filters (path prefix, kind). */
  whereAddresses(filters: Record<string, unknown>): Set<number>;
  passageAt(addr: number): Passage | undefined;
  addressOf(id: string): number | undefined;
  get(id: string): Passage | undefined;
  readonly size: number;
  /** The context of a plain `term` search (Orama called without one set). */
  defaultContext(term: string): QueryContext;
}

export interface SegmentIndexStore {
  host: ComponentHost;
  /** Set by the passage index just before it calls Orama's search. */
  query?: QueryContext;
  /** Orama's search reads this; vectors are scored by the passage index itself. */
  vectorIndexes: Record<string, never>;
}

const PROPS: Record<string, SearchableType> = { path: 'enum', kind: 'enum', title: 'string', headings: 'string[]', text: 'string' };
const PROP_NAMES = Object.keys(PROPS);

const writesElsewhere = (what: string): never => {
  throw new VerityError('INTERNAL', `${what}: the passage index writes its segments itself (PassageIndex.add / save), not through Orama`);
};

function indexComponent(host: ComponentHost): IIndex<SegmentIndexStore> {
  const component = {
    create: (): SegmentIndexStore => ({ host, vectorIndexes: {} }),
    insert: () => writesElsewhere('Orama insert'),
    remove: () => writesElsewhere('Orama remove'),
    insertDocumentScoreParameters: () => writesElsewhere('Orama insert'),
    insertTokenScoreParameters: () => writesElsewhere('Orama insert'),
    removeDocumentScoreParameters: () => writesElsewhere('Orama remove'),
    removeTokenScoreParameters: () => writesElsewhere('Orama remove'),
    // scores are final when search returns them
    calculateResultScores: (): void => {},
    search: (s: SegmentIndexStore, term: string, ...rest: unknown[]): TokenScore[] => s.host.rank(s.query ?? s.host.defaultContext(term), rest[8] as Set<number> | undefined),
    searchByWhereClause: (s: SegmentIndexStore, _tokenizer: unknown, filters: Record<string, unknown>) => s.host.whereAddresses(filters),
    getSearchableProperties: () => PROP_NAMES,
    getSearchablePropertiesWithTypes: () => PROPS,
    load: () => writesElsewhere('Orama load'),
    save: () => writesElsewhere('Orama save'),
  };
  return component as unknown as IIndex<SegmentIndexStore>;
}

interface DocsStore {
  host: ComponentHost;
  docs: Record<number, never>;
}

function documentsComponent(host: ComponentHost): IDocumentsStore<DocsStore> {
  const get = (s: DocsStore, id: unknown): Passage | undefined => (typeof id === 'number' ? s.host.passageAt(id) : typeof id === 'string' ? s.host.get(id) : undefined);
  const component = {
    create: (): DocsStore => ({ host, docs: {} }),
    get,
    getMultiple: (s: DocsStore, ids: unknown[]) => ids.map((id) => get(s, id)),
    // every passage, read from disk: only a search without terms or filters asks for this
    getAll: (s: DocsStore) => {
      const out: Record<number, Passage> = {};
      for (const addr of s.host.whereAddresses({})) out[addr] = s.host.passageAt(addr)!;
      return out;
    },
    store: () => writesElsewhere('Orama insert'),
    remove: () => writesElsewhere('Orama remove'),
    count: (s: DocsStore) => s.host.size,
    load: () => writesElsewhere('Orama load'),
    save: () => writesElsewhere('Orama save'),
  };
  return component as unknown as IDocumentsStore<DocsStore>;
}

/**
 * Orama's id store as Orama's search reads it (`internalIdToId[address - 1]` in fetchDocuments,
 * `idToInternalId.get(id)` for string ids), resolved through the passage index on demand.
 */
function lazyIdStore(host: ComponentHost): unknown {
  const internalIdToId = new Proxy([] as string[], {
    get(target, prop, receiver) {
      if (prop === 'length') return Number.MAX_SAFE_INTEGER;
      if (typeof prop === 'string' && /^\d+$/.test(prop)) return host.passageAt(Number(prop) + 1)?.id;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const idToInternalId = {
    get: (id: string) => host.addressOf(id),
    has: (id: string) => host.addressOf(id) !== undefined,
    set: () => writesElsewhere('Orama insert'),
    clear: () => writesElsewhere('Orama load'),
    get size() {
      return host.size;
    },
  };
  return { internalIdToId, idToInternalId, save: () => writesElsewhere('Orama save'), load: () => writesElsewhere('Orama load') };
}

/** An Orama instance whose index and documents store are the segments of `host`. */
export function createSegmentOrama(host: ComponentHost): AnyOrama {
  const db = create({
    schema: { path: 'enum', kind: 'enum', title: 'string', headings: 'string[]', text: 'string' },
    sort: { enabled: false },
    components: { index: indexComponent(host), documentsStore: documentsComponent(host) },
  }) as unknown as AnyOrama;
  (db as { internalDocumentIDStore: unknown }).internalDocumentIDStore = lazyIdStore(host);
  return db;
}
