/**
 * Passages that address a language model instead of a reader ("ignore previous instructions",
 * a "SYSTEM:" line, forged evidence fences). Documents are untrusted data: such a passage is still
 * shown as data, but it never vouches for a claim, so an answer that obeys it is not "supported"
 * just because it repeats the injected text.
 */

const INJECTION_MARKERS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(of\s+)?(the\s+|your\s+)?(previous|prior|above|earlier|preceding|system)\s+(instructions|rules|prompts?|messages|directions)\b/i,
  /^\s*(system|assistant)\s*:/im,
  /<<<\s*(end\s+)?evidence\b/i,
  /\byou are now (in\s+)?(debug|developer|admin|god|jailbreak|unrestricted)\b/i,
];

/** Whether `text` reads as instructions to a language model (a likely prompt injection). */
export function looksLikeInjection(text: string): boolean {
  return INJECTION_MARKERS.some((re) => re.test(text));
}
