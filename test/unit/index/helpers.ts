/** Test helpers for the passage index: an in-memory StoragePort and passage builders. */
import { hashString } from '../../../src/core/hash';
import type { Logger, RandomAccessBlob, StoragePort } from '../../../src/core/ports';
import type { Passage, PassageKind } from '../../../src/core/types';

/** A StoragePort over a Map; `failAfterWrites` simulates a process killed mid-save. */
export class MemoryStorage implements StoragePort {
  readonly files = new Map<string, Uint8Array>();
  writes: string[] = [];
  failAfterWrites = Infinity;
  async read(name: string): Promise<Uint8Array | undefined> {
    const b = this.files.get(name);
    return b ? b.slice() : undefined;
  }
  async write(name: string, data: Uint8Array): Promise<void> {
    if (this.writes.length >= this.failAfterWrites) throw new Error('killed');
    this.writes.push(name);
    this.files.set(name, data.slice());
  }
  async remove(name: string): Promise<void> {
    this.files.delete(name);
  }
  async list(): Promise<string[]> {
    return [...this.files.keys()];
  }
  async open(name: string): Promise<RandomAccessBlob | undefined> {
    const b = this.files.get(name);
    if (!b) return undefined;
    return {
      size: b.length,
      read: (at, n) => {
        if (at < 0 || n < 0 || at + n > b.length) throw new Error(`read outside ${name}`);
        return b.slice(at, at + n);
      },
      close: () => undefined,
    };
  }
  /** An independent copy of the stored files (writes to it leave this one alone). */
  copy(): MemoryStorage {
    const c = new MemoryStorage();
    for (const [k, v] of this.files) c.files.set(k, v.slice());
    return c;
  }
}

/** A logger that keeps its lines. */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => void lines.push(m), warn: (m) => void lines.push(m), error: (m) => void lines.push(m) };
}

/** A passage with sensible defaults. */
export function passage(path: string, n: number, text: string, extra: { headings?: string[]; title?: string; kind?: PassageKind } = {}): Passage {
  return {
    id: hashString(`${path}#${n}`),
    path,
    kind: extra.kind ?? 'md',
    ...(extra.title !== undefined ? { title: extra.title } : {}),
    headings: extra.headings ?? [],
    startLine: n * 10 + 1,
    endLine: n * 10 + 9,
    text,
    hash: hashString(text),
  };
}

/** Deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'licence renewal vehicle registration insurance benefit payment disability student loan grant appeal ' +
  'office online form deadline address medical record veteran pension tax refund account password ' +
  'plugin catalog cluster deploy config secret token template backup restore upgrade release'
).split(' ');

/** A corpus of `files` files with `per` passages each, from a small vocabulary with a skew. */
export function syntheticCorpus(files: number, per: number, seed = 7): Passage[] {
  const r = rng(seed);
  const out: Passage[] = [];
  for (let f = 0; f < files; f++) {
    const path = `dir${f % 5}/file${f}.md`;
    for (let i = 0; i < per; i++) {
      const len = 20 + Math.floor(r() * 60);
      const words: string[] = [];
      for (let w = 0; w < len; w++) words.push(WORDS[Math.floor(r() ** 2 * WORDS.length)]!);
      out.push(passage(path, i, words.join(' '), { headings: [WORDS[Math.floor(r() * WORDS.length)]!], title: `File ${f}` }));
    }
  }
  return out;
}

export const VOCABULARY = WORDS;
