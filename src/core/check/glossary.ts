/**
 * The workspace's glossary, `verity.glossary.json` beside the documents: names that mean the same
 * ("RHDH" = "Red Hat Developer Hub") and values that exclude each other (`HTTP` / `HTTPS`,
 * `Always` / `IfNotPresent` / `Never`). It is data like the documents: read strictly, bounded, and
 * only ever consulted to relate two words the checker already compares.
 *
 *     { "equivalent": [["RHDH", "Red Hat Developer Hub"]], "exclusive": [["HTTP", "HTTPS"]] }
 */
import { VerityError } from '../errors';
import type { Glossary } from './valueSets';

/** The glossary's file name, at the root of the indexed folder. */
export const GLOSSARY_FILE = 'verity.glossary.json';
const MAX_SETS = 1000;
const MAX_ITEMS = 50;
const MAX_CHARS = 120;

/** Reads a glossary from its JSON text; throws GLOSSARY_INVALID with the reason when it is malformed. */
export function parseGlossary(text: string): Glossary {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new VerityError('GLOSSARY_INVALID', `${GLOSSARY_FILE} is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new VerityError('GLOSSARY_INVALID', `${GLOSSARY_FILE} must hold an object with "equivalent" and/or "exclusive" lists`);
  const obj = raw as Record<string, unknown>;
  const extra = Object.keys(obj).filter((k) => k !== 'equivalent' && k !== 'exclusive');
  if (extra.length) throw new VerityError('GLOSSARY_INVALID', `${GLOSSARY_FILE}: unknown key ${JSON.stringify(extra[0])} (allowed: "equivalent", "exclusive")`);
  const sets = (key: 'equivalent' | 'exclusive'): string[][] => {
    const v = obj[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.length > MAX_SETS) throw new VerityError('GLOSSARY_INVALID', `${GLOSSARY_FILE}: "${key}" must be a list of at most ${MAX_SETS} lists of words`);
    return v.map((set, i) => {
      if (!Array.isArray(set) || set.length < 2 || set.length > MAX_ITEMS || !set.every((w) => typeof w === 'string' && w.trim() !== '' && w.length <= MAX_CHARS)) {
        throw new VerityError('GLOSSARY_INVALID', `${GLOSSARY_FILE}: "${key}"[${i}] must list 2 to ${MAX_ITEMS} words of at most ${MAX_CHARS} characters`);
      }
      return (set as string[]).map((w) => w.trim());
    });
  };
  return { equivalent: sets('equivalent'), exclusive: sets('exclusive') };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with each name the glossary knows written the way the documents write it: a claim
 * that says "RHDH" where the guides say "Red Hat Developer Hub" is checked as the guides word it.
 * `known` tells whether the documents hold a form; a form they hold is left as it is.
 */
export function inDocumentsWords(text: string, glossary: Glossary | undefined, known: (form: string) => boolean): string {
  if (!glossary || glossary.equivalent.length === 0) return text;
  let out = text;
  for (const set of glossary.equivalent) {
    const target = set.find(known);
    if (!target) continue;
    for (const form of set) {
      if (form === target || known(form)) continue;
      out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(form)}(?![\\p{L}\\p{N}])`, 'giu'), target);
    }
  }
  return out;
}
