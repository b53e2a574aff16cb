/**
 * Turns a segment as written (markdown, citations) into the plain claim text that is scored,
 * and extracts the citation numbers it carries.
 */

const CITATION = /\[(\d+(?:\s*[,;–-]\s*\d+)*)\]/g;

/** The citation numbers in `text`: "[2, 3]" → [2, 3]; "[2-4]" → [2, 3, 4]. */
export function extractCitations(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(CITATION)) {
    for (const part of m[1]!.split(/\s*[,;]\s*/)) {
      const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
      if (range) {
        const a = Number(range[1]);
        const b = Number(range[2]);
        // a range wider than a page of evidence is a typo, not a citation list
        for (let n = a; n <= b && n - a < 50; n++) out.push(n);
      } else out.push(Number(part));
    }
  }
  return [...new Set(out)];
}

/** Plain text of a segment for scoring: citations, markdown markers, links and tags removed. */
export function cleanClaim(text: string): string {
  return text
    .replace(CITATION, ' ')
    .replace(/\[\^[^\]]*\]/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]{1,200}>/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_]*?\S)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d{1,9}[.)])\s+/, '')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
