/**
 * OCR results cached by the file's content hash and page, in the index's storage (one small
 * JSON blob per file), so a restart, a re-index or a renamed copy never recognises the same page
 * twice. Without storage the cache lives in memory for the facade's lifetime.
 */
import type { StoragePort } from '../ports';
import type { OcrPageResult } from './ocrPort';

export interface OcrCacheEntry {
  /** Content hash of the PDF the results belong to. */
  hash: string;
  pageCount?: number;
  /** True once every page was examined (nothing left to recognise at any page limit). */
  complete: boolean;
  pages: OcrPageResult[];
}

export interface OcrCache {
  get(hash: string): Promise<OcrCacheEntry>;
  put(entry: OcrCacheEntry): Promise<void>;
}

const PREFIX = 'ocr-';

/** The storage name of a file's cache entry. Hashes are hex, so the name is always valid. */
export function ocrCacheName(hash: string): string {
  return `${PREFIX}${hash.replace(/[^\w]/g, '')}.json`;
}

/**
 * Creates the cache. An unreadable or foreign entry counts as empty (the pages are recognised
 * again), never as an error.
 *
 * @param storage where entries persist; undefined keeps them in memory
 */
export function createOcrCache(storage: StoragePort | undefined): OcrCache {
  const memory = new Map<string, OcrCacheEntry>();
  const empty = (hash: string): OcrCacheEntry => ({ hash, complete: false, pages: [] });
  return {
    async get(hash) {
      const held = memory.get(hash);
      if (held) return { ...held, pages: [...held.pages] };
      if (!storage) return empty(hash);
      try {
        const bytes = await storage.read(ocrCacheName(hash));
        if (!bytes) return empty(hash);
        const entry = JSON.parse(new TextDecoder().decode(bytes)) as Partial<OcrCacheEntry>;
        if (entry.hash !== hash || !Array.isArray(entry.pages)) return empty(hash);
        const pages = entry.pages.filter((p) => p && Number.isInteger(p.page) && typeof p.status === 'string');
        return { hash, complete: entry.complete === true, pages, ...(Number.isInteger(entry.pageCount) ? { pageCount: entry.pageCount! } : {}) };
      } catch {
        return empty(hash);
      }
    },
    async put(entry) {
      if (!storage) memory.set(entry.hash, { ...entry, pages: [...entry.pages] });
      else await storage.write(ocrCacheName(entry.hash), new TextEncoder().encode(JSON.stringify(entry)));
    },
  };
}
