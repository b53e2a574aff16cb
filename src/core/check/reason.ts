/**
 * The one line a person reads beside a verdict. Only a clear finding speaks for the source ("the
 * source says …"); whatever the checker only suspects is asked about the closest passage, never
 * stated as what the source says.
 */
import type { Verdict } from '../types';
import type { Analysis, Contradiction } from './features';
import { codeEditReason } from './code';

const short = (s: string, n = 90): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? one.slice(0, n - 1).trimEnd() + '…' : one;
};
const list = (xs: string[], n = 3): string => xs.slice(0, n).map((x) => `'${x}'`).join(', ');

export interface ReasonInput {
  verdict: Verdict;
  analysis: Analysis;
  certainty: 'clear' | 'uncertain';
  /** The deciding window as quoted, and the text of its best sentence. */
  quote?: string;
  unitText?: string;
  /** The text itself says its sources do not state it. */
  admitted?: boolean;
  /** A step, or a name of another thing (verdict.ts asked), written another way in the closest passage: unsupported, named like a contradiction, as a question. */
  asked?: boolean;
  /** A clear edit too loosely restated to decide made the claim unsupported (verdict.ts suspected). */
  suspected?: boolean;
  /** Whether the workspace holds a word at all: a word out of the candidates' reach is not called absent. */
  inIndex?: (word: string) => boolean;
}

/** The reason for a verdict (see the file comment). */
export function explain(r: ReasonInput): string {
  const { verdict, analysis: a, quote } = r;
  const clear = r.certainty === 'clear';
  // a step (or a name of another document) written another way: named like a contradiction, in the closest passage's words
  if (verdict === 'unsupported' && r.asked && a.contradiction) return contradictionReason(a.contradiction, r.unitText ?? quote ?? '', false);
  if (verdict === 'supported') {
    if (!quote) return 'supported by the evidence';
    if (clear) return `the source says it: "${short(quote)}"`;
    const m = a.windowMissing;
    // a phrase it leaves out is named first: an added detail ("… by drone") reads as one
    const gaps = [...(m.phrase ? [m.phrase] : []), ...m.values, ...m.names].filter((g, i, all) => all.findIndex((x) => x.toLowerCase().includes(g.toLowerCase())) === i);
    // a window that states less than half the claim's weight is named as what it is: a part
    const share = a.features.recallWin >= 0.5 ? 'most of it' : 'only part of it';
    return `the closest passage states ${share}${gaps.length ? ` (not ${list(gaps, 2)})` : ''}: "${short(quote)}"`;
  }
  if (verdict === 'contradicted' && a.contradiction) return contradictionReason(a.contradiction, r.unitText ?? quote ?? '', clear);
  if (r.admitted) return 'the text itself says its sources do not state this';
  // a suspected contradiction (see verdict.ts suspected): asked about the sentence, never asserted
  if (verdict === 'unsupported' && r.suspected && a.contradiction) return contradictionReason(a.contradiction, a.contradiction.unit.profile.text, false);
  if (a.codeEdit) return codeEditReason(a.codeEdit);
  if (a.substitution) return `the closest passage says '${a.substitution.sourceText}' where this says '${a.substitution.claimText}': "${short(a.substitution.unit.profile.text)}"`;
  if (a.addition) return `the closest passage states the rest, not '${a.addition.claimText}': "${short(a.addition.unit.profile.text)}"`;
  if (a.alignments.length === 0) return 'no passage is about this';
  const inIndex = r.inIndex ?? (() => false);
  const absent = (xs: string[]): string[] => xs.filter((x) => !inIndex(x));
  const held = (xs: string[]): string[] => xs.filter(inIndex);
  if (absent(a.unseenNames).length > 0) return `no passage mentions ${list(absent(a.unseenNames), 2)}`;
  if (absent(a.unseenValues).length > 0) return `no passage mentions ${list(absent(a.unseenValues), 2)}`;
  const m = a.windowMissing;
  const gaps = [...m.values, ...m.names, ...held(a.unseenNames)];
  if (gaps.length > 0) return `the closest passage does not state ${list([...new Set(gaps)], 2)}`;
  if (a.unseenTerms.length > 0) return `the closest passage does not mention ${list(a.unseenTerms)}`;
  if (m.specific.length > 0) return `the closest passage does not state ${list(m.specific)}`;
  return `the closest passage covers only ${Math.round(a.features.recallWin * 100)}% of it`;
}

/**
 * A contradiction's reason: a clear one says what the source says; an uncertain one asks whether
 * the closest passage speaks of the same thing.
 */
function contradictionReason(c: Contradiction, unitText: string, clear: boolean): string {
  if (c.kind === 'negation' || c.sourceText === '') {
    return clear ? `the source says the opposite: "${short(unitText)}"` : `the closest passage may say the opposite — is it about the same thing? "${short(unitText)}"`;
  }
  // two words each in the other's place: the source has them the other way round
  if (c.display === 'order') {
    const pair = `'${c.sourceText}' and '${c.claimText}'`;
    return clear ? `the source has ${pair} the other way round: "${short(unitText)}"` : `the closest passage has ${pair} the other way round — is it about the same thing? "${short(unitText)}"`;
  }
  const verb = c.kind === 'names' || c.kind === 'swaps' ? 'names' : 'says';
  if (clear) return `the source ${verb} ${c.sourceText}, not ${c.claimText}`;
  return `the closest passage ${verb} ${c.sourceText} where this says ${c.claimText} — is it about the same thing?`;
}

/** A supported claim that another source contradicts: both named, so a reader can weigh them. */
export function disagreementReason(supportedBy: string, contradictedBy: string, c: Contradiction): string {
  return `supported by ${supportedBy}, contradicted by ${contradictedBy} (${c.sourceText ? `${c.sourceText}, not ${c.claimText}` : 'the opposite'})`;
}
