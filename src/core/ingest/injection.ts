/**
 * Passages that address a language model instead of a reader ("ignore previous instructions",
 * a "SYSTEM:" or `{"role":"system"}` line, a "note for AI assistants", forged evidence fences).
 * Documents are untrusted data: such a passage is still shown as data, but it never vouches for
 * a claim, so an answer that obeys it is not "supported" just because it repeats the injected text.
 *
 * Detection runs on normalised text (NFKC, invisible characters removed, look-alike angle
 * brackets folded), so full-width letters, zero-width splits and `＜＜＜` fences match like the
 * plain forms; a letters-only squeeze also catches instructions split by punctuation or spaces.
 */
import { stripInvisible } from './hiddenText';

const INJECTION_MARKERS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\s+(all\s+|any\s+|every\s+)?(of\s+)?(the\s+|your\s+|these\s+|those\s+)?(previous|prior|above|earlier|preceding|system|original|other)\s+(instructions|rules|prompts?|messages|directions|guidelines|context)\b/i,
  /^\s*[[(<{#*]*\s*(system|assistant)\s*(prompt|message)?\s*[\])>}*]*\s*:/im,
  /<<<\s*(end\s+)?evidence\b/i,
  /<{2,}\s*\/?\s*(end\s+)?evidence\b/i,
  /\byou are now (in\s+)?(debug|developer|admin|god|jailbreak|unrestricted|dan)\b/i,
  // Chat-format messages pasted into a document: {"role": "system", ...}
  /["']?\brole\b["']?\s*[:=]\s*["']?(system|developer|assistant|tool)\b/i,
  // Chat-template control tokens.
  /<\|\s*(im_start|im_end|system|assistant|user|endoftext|begin_of_text|start_header_id|eot_id)\s*\|>|\[\/?INST\]|<<\/?SYS>>|^\s*#{2,}\s*(instruction|system)\b/im,
  // Text addressed to the model rather than to a reader.
  /\b(note|message|instructions?|reminder|attention|notice)\s+(to|for)\s+(any\s+|all\s+|the\s+)?(ai|a\.i\.|llms?|gpts?|chat\s*bots?|(large\s+)?language\s+models?|ai\s+(assistants?|models?|agents?|systems?))\b/i,
  /\bif\s+you\s+are\s+(an?\s+)?(ai|llm|gpt|chat\s*bot|(large\s+)?language\s+model|ai\s+assistant|assistant)\b/i,
  /\b(ai|llm|gpt|language\s+model|chat\s*bot)s?\s+(assistants?\s+)?(reading|processing|summari[sz]ing|answering)\s+(this|these)\b/i,
  /\b(when|while|if)\s+(summari[sz]ing|answering|asked about|quoting)\s+(this|these)\b[^.]{0,60}\b(say|state|claim|answer|tell|respond|reply|write)\b/i,
  /\b(do\s+not|don't|never)\s+(tell|reveal|mention|disclose)\s+(this|these)\s+(instructions?|rules?)\b/i,
  /\bnew\s+(system\s+)?instructions?\s*:/i,
  // A model addressed by name at the start of a sentence ("Assistant, important: …", "Dear AI, …").
  /(^|[.!?:>]\s+|<!--\s*)((dear|hey|hello|attention)\s+(ai|assistant|model|chatbot|llm)|assistant|chatbot|chat\s*gpt|copilot)\s*[,!]\s/im,
];

/**
 * Text a reader never sees (an HTML comment, a hidden element) is held to a lower bar: telling
 * whoever answers what to answer is an instruction there, whatever words carry it.
 */
const HIDDEN_MARKERS: readonly RegExp[] = [
  /\b(answer|respond|reply|say|state|write)\s+(with\s+)?(exactly|verbatim|only)\b/i,
  /\bcite\s+(only\s+)?(this|these)\s+(passages?|documents?|pages?|files?|sources?|sections?)\b/i,
];

/** Letters-only forms of the core instruction, matched after squeezing out everything else. */
const SQUEEZED_MARKERS: readonly RegExp[] = [
  /(ignore|disregard|forget|override)(all|any)?(the|your)?(previous|prior|above|earlier|system)(instructions|rules|prompts?)/,
  /noteforai(assistants?|models?)/,
  /(end)?evidence[0-9]*>>>|<<<(end)?evidence/,
];

/**
 * One pattern that matches where any of `markers` matches: their alternation, in one pass over the
 * text instead of one pass each. Flags `i` and `m` only (`m` changes nothing in a pattern with no
 * `^` or `$`), checked here; the patterns capture nothing that a back-reference reads.
 */
export function anyOf(markers: readonly RegExp[]): RegExp {
  const flags = new Set(markers.flatMap((re) => [...re.flags]));
  for (const f of flags) if (f !== 'i' && f !== 'm') throw new Error(`anyOf: flag ${f} is not supported`);
  const i = markers.every((re) => re.flags.includes('i'));
  if (!i && markers.some((re) => re.flags.includes('i'))) throw new Error('anyOf: markers differ in case sensitivity');
  if (markers.some((re) => /\\\d/.test(re.source))) throw new Error('anyOf: a back-reference would be renumbered');
  // a line anchor outside a character class in a pattern without `m` would change meaning
  const anchored = (re: RegExp): boolean => /(^|[^\\])[$^]/.test(re.source.replace(/\\./g, '').replace(/\[[^\]]*\]/g, ''));
  if (flags.has('m') && markers.some((re) => !re.flags.includes('m') && anchored(re))) throw new Error('anyOf: an anchor would read lines');
  return new RegExp(markers.map((re) => `(?:${re.source})`).join('|'), `${i ? 'i' : ''}${flags.has('m') ? 'm' : ''}`);
}
const ANY_INJECTION = anyOf(INJECTION_MARKERS);
const ANY_SQUEEZED = anyOf(SQUEEZED_MARKERS);

/** Text every character of which is ASCII. */
const ASCII = /^[\x00-\x7f]*$/;
/** Look-alike angle brackets that NFKC leaves alone. */
const ANGLE_LEFT = /[\u2039\u2329\u27e8\u3008\u276e\u29fc\u00ab\u300a]/g;
const ANGLE_RIGHT = /[\u203a\u232a\u27e9\u3009\u276f\u29fd\u00bb\u300b]/g;

/**
 * The form detection runs on: NFKC (full-width and compatibility letters become plain), invisible
 * characters removed, look-alike angle brackets folded to `<` and `>`.
 */
export function normaliseForDetection(text: string): string {
  // plain ASCII is its own normal form and holds no invisible or look-alike character
  if (ASCII.test(text)) return text;
  return stripInvisible(text.normalize('NFKC')).replace(ANGLE_LEFT, '<').replace(ANGLE_RIGHT, '>');
}

/** Whether text hidden from a reader (a comment, a hidden element) reads as instructions to a model. */
export function looksLikeHiddenInstruction(text: string): boolean {
  if (looksLikeInjection(text)) return true;
  const norm = normaliseForDetection(text);
  return HIDDEN_MARKERS.some((re) => re.test(norm));
}

/** Whether `text` reads as instructions to a language model (a likely prompt injection). */
export function looksLikeInjection(text: string): boolean {
  const norm = normaliseForDetection(text);
  if (ANY_INJECTION.test(norm)) return true;
  return ANY_SQUEEZED.test(squeeze(norm));
}

/** Room for the squeezed form of an ASCII text, grown when a longer one comes. */
let squeezeBuffer = new Uint8Array(4096);

/**
 * The letters-only form the squeezed markers read: lower case, every character but `a-z`, `0-9`,
 * `<` and `>` left out. Plain ASCII (most passages) is squeezed in one pass into a reused buffer:
 * one new string, not a lower-case copy and a string rebuilt around every gap between words.
 */
export function squeeze(norm: string): string {
  if (!ASCII.test(norm)) return norm.toLowerCase().replace(/[^a-z0-9<>]+/g, '');
  if (squeezeBuffer.length < norm.length) squeezeBuffer = new Uint8Array(norm.length * 2);
  const buf = squeezeBuffer;
  let n = 0;
  for (let i = 0; i < norm.length; i++) {
    const c = norm.charCodeAt(i);
    if (c >= 0x61 ? c <= 0x7a : c >= 0x41 ? c <= 0x5a : (c >= 0x30 && c <= 0x39) || c === 0x3c || c === 0x3e) buf[n++] = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
  }
  return latin1.decode(buf.subarray(0, n));
}
const latin1 = new TextDecoder('latin1');
