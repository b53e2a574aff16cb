/**
 * Inline suppressions in checked text, spelled as ESLint and markdownlint users expect, inside
 * HTML comments so rendered markdown never shows them:
 *
 *   <!-- verity-disable-next-line -->                the next non-blank line
 *   <!-- verity-disable-line -->                     the line holding the comment
 *   <!-- verity-disable --> … <!-- verity-enable --> a region
 *
 * Each may name the verdicts it covers (`unsupported`, `contradicted`; none = both) and a reason
 * after `--`: `<!-- verity-disable-next-line unsupported -- reviewed by legal, 2026-03 -->`.
 * Pure functions (no Node imports), so the editor can apply the same rules.
 */
import type { SentenceVerdict, Verdict } from '../core/types';

/**
 * The problems a run reports, by the words directives and baselines use: the two verdicts that
 * are problems, and `disputed` for a supported sentence that another source contradicts.
 */
export type ProblemVerdict = Extract<Verdict, 'unsupported' | 'contradicted'> | 'disputed';
const PROBLEMS: readonly ProblemVerdict[] = ['unsupported', 'contradicted', 'disputed'];

/** The problem a sentence is, if any. */
export function problemOf(s: Pick<SentenceVerdict, 'verdict'> & Partial<Pick<SentenceVerdict, 'disagreement'>>): ProblemVerdict | undefined {
  if (s.verdict === 'unsupported' || s.verdict === 'contradicted') return s.verdict;
  return s.verdict === 'supported' && s.disagreement ? 'disputed' : undefined;
}

export interface InlineSuppressions {
  /** The justification written after `--`, when a sentence is suppressed; undefined otherwise. */
  suppression(sentence: Pick<SentenceVerdict, 'line' | 'endLine' | 'verdict' | 'disagreement'>): { justification: string } | undefined;
  /** Malformed directives, as `line N: …` messages. */
  problems: string[];
}

const DIRECTIVE = /<!--\s*verity-(disable-next-line|disable-line|disable|enable)(?![\w-])([\s\S]*?)-->/g;
const COMMENT = /<!--[\s\S]*?-->/g;

interface Rule {
  verdicts: Set<ProblemVerdict>;
  justification: string;
}

/** Reads the directives of a text. */
export function inlineSuppressions(text: string): InlineSuppressions {
  const problems: string[] = [];
  // per line (1-based): what is suppressed there
  const byLine = new Map<number, Rule[]>();
  // directives are few: counting newlines before each is cheap
  const lineOf = (offset: number): number => {
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  const lines = text.split('\n');
  const add = (line: number, rule: Rule): void => void byLine.set(line, [...(byLine.get(line) ?? []), rule]);
  const regions: Array<{ from: number; to: number; rule: Rule }> = [];
  const open: Array<{ from: number; rule: Rule }> = [];

  for (const m of text.matchAll(DIRECTIVE)) {
    const line = lineOf(m.index);
    const endLine = lineOf(m.index + m[0].length - 1);
    const [words, ...why] = m[2]!.split(/\s--\s?/);
    const names = (words ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = names.filter((n) => !(PROBLEMS as readonly string[]).includes(n));
    if (unknown.length) problems.push(`line ${line}: verity-${m[1]} names "${unknown.join(', ')}": the verdicts are unsupported, contradicted and disputed`);
    const verdicts = new Set(names.length ? names.filter((n): n is ProblemVerdict => (PROBLEMS as readonly string[]).includes(n)) : PROBLEMS);
    const rule: Rule = { verdicts, justification: why.join(' -- ').trim() };
    if (m[1] === 'disable-line') add(line, rule);
    else if (m[1] === 'disable-next-line') {
      let next = endLine + 1;
      while (next <= lines.length && lines[next - 1]!.trim() === '') next++;
      if (next <= lines.length) add(next, rule);
    } else if (m[1] === 'disable') open.push({ from: line, rule });
    else {
      // enable closes the regions it names (all of them when it names none)
      for (let i = open.length - 1; i >= 0; i--) {
        const o = open[i]!;
        const closing = names.length ? [...o.rule.verdicts].filter((v) => verdicts.has(v)) : [...o.rule.verdicts];
        if (closing.length === 0) continue;
        regions.push({ from: o.from, to: line, rule: { ...o.rule, verdicts: new Set(closing) } });
        const left = [...o.rule.verdicts].filter((v) => !closing.includes(v));
        if (left.length) o.rule = { ...o.rule, verdicts: new Set(left) };
        else open.splice(i, 1);
      }
    }
  }
  for (const o of open) regions.push({ from: o.from, to: lines.length, rule: o.rule });

  return {
    problems,
    suppression(s) {
      const v = problemOf(s);
      if (v === undefined) return undefined;
      for (let l = s.line; l <= s.endLine; l++) {
        const rule = byLine.get(l)?.find((r) => r.verdicts.has(v));
        if (rule) return { justification: rule.justification };
      }
      const region = regions.find((r) => r.rule.verdicts.has(v) && s.line >= r.from && s.line <= r.to);
      return region ? { justification: region.rule.justification } : undefined;
    },
  };
}

/**
 * The text with every HTML comment blanked out (spaces, newlines kept), so offsets, lines and
 * columns stay as written while the checker never reads a comment as a claim: comments are
 * invisible in rendered markdown, and directives are not prose.
 */
export function blankComments(text: string): string {
  return text.replace(COMMENT, (c) => c.replace(/[^\n]/g, ' '));
}
