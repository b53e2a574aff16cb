/**
 * The claim filter: decides which segments state something checkable. Questions, greetings,
 * offers of help, headings, code and talk about the sources themselves are not claims. A
 * leading meta phrase ("Based on the passages provided, X") is stripped and X is checked.
 */
import { profile } from './profile';
import type { SegmentKind } from './segment';

export interface ClaimDecision {
  /** Text to check, or undefined when the segment is not a claim. */
  claim?: string;
  /** Why it is not a claim (one line). */
  reason?: string;
  /**
   * The text itself says the sources do not state the claim ("… (not mentioned in the
   * passages)", "…, although this is not stated in the sources"): it is unsupported as written.
   */
  admitted?: boolean;
  /**
   * A step in a user interface ("Select the … checkbox", "Click Save"): checked for support (an
   * invented step is unsupported) but never contradicted, since documents describe opposite steps
   * ("Select …" to turn a plugin off, "Clear …" to turn it back on) side by side.
   */
  step?: boolean;
}

const GREETING = /^(hi|hello|hey|greetings|good (morning|afternoon|evening|luck)|best of luck|enjoy|thanks?( you)?|thank you|you're welcome|congrat(ulation)?s|sure|certainly|of course|absolutely|great question)\b[^.!?]{0,40}[.!?]?$/i;
/**
 * An acknowledgement in conversation ("Ok great!", "Yes, that is correct.", "No problem."): it
 * answers the other speaker and states nothing on its own.
 */
const ACK = /^(ok(ay)?|yes|yeah|yep|yup|no|nope|sure|right|correct|great|perfect|alright|all right|exactly|of course|indeed|good|fine|thanks?|thank you|you'?re welcome|no problem|not a problem)\b([\s,.!]+(that('s| is)? (correct|right|true|it|fine|ok(ay)?|great|good)|great|good|perfect|thanks?|sure|no problem|with that|please|indeed|correct|right)\b)*[\s.!]*$/i;
/** An acknowledgement that opens a sentence ("Okay, VA life insurance can …", "No You may be able to …"). */
const ACK_PREFIX = /^((ok(ay)?|yes|yeah|yep|yup)\b(?:[,.!]+\s*|\s+)|(sure|well|alright|all right|great|perfect|right)[,.!]+\s*|no\b(?:[,.!]+\s*|\s+(?=(you|i|it|that|this|we|they|he|she|there)\b)))/i;
const HELP = /\b(i hope (this|that) helps|let me know|feel free to|(?:happy|glad|pleased|delighted) to (?:help|assist)|(?:gladly|happily) (?:help|assist)|if you have (any )?(other|more|further|additional) questions|don't hesitate to|hope this (helps|answers)|is there anything else)\b/i;
const META_PREFIX = /^(based (solely |only )?(on|upon) (the )?(given |provided |available |above |retrieved )?(passages?|information|context|sources?|documents?|text|evidence|search results?)( (provided|given|above))?|according to (the )?(given |provided |above )?(passages?|information|context|sources?|documents?|text)( (provided|given|above))?|from (the )?(given |provided )?(passages?|information|context)( provided| given)?|as (stated|mentioned) in (the )?(passages?|context|sources?)|in (the )?(given |provided )?(passages?|context))(\s+\d+(?:\s*(?:,|and|&)\s*\d+)*)?\s*(\[[\d,\s]+\]\s*)?,?\s*/i;
const META_WHOLE = /^(i('m| am) (sorry|unable|not able)|i (cannot|can't|could not|couldn't) (answer|find|determine|provide)|unfortunately,? (the |there|i)|(the )?(given |provided )?(passages?|context|information|sources?|documents?) (do(es)? not|don't|doesn't|did not) (provide|contain|mention|include|specify|say|state|give|have)|there is no (specific |direct |additional |further |other )?(information|mention)|no (specific )?information (is|was) (provided|given|available)|it is (not|unclear) (possible|clear) (to determine |from )|(the )?answer (is|was) not (provided|given|available|mentioned))/i;
const LEAD_IN = /:["'”’)\]]*$/;
/**
 * Connectives that open a sentence without adding content ("Therefore, X" checks X). "Also" is one
 * before a comma or a pronoun ("Also, you can …"); before a noun it says who ("Also administrators
 * can …" is not "Only administrators can …") and stays in the claim.
 */
const CONNECTIVE = /^(therefore|thus|hence|so|additionally|also(?=\s*,|\s+(?:you|we|they|it|i|he|she|this|these|there)\b)|moreover|furthermore|however|overall|in (summary|conclusion|short|addition|general)|to (summarize|sum up|conclude)|(please )?note that|note:|it is (worth noting|important to note) that|finally|first(ly)?|second(ly)?|third(ly)?|lastly|then|next|in other words|for example|for instance|as a result|consequently)\s*,?\s+/i;
/** A citation of a source by name inside a sentence: "(Passage 2)", "according to passage 1", "in passage 3". */
const SOURCE_MENTION = /\s*\(?\b((according to|as (stated|mentioned|described) in|based on|in|from|see) )?(the )?(passage|source|document) \d+\b\)?,?/gi;
/** A parenthetical that cites or discusses the sources: "(Passage 2)", "(Ref: Passage 1)", "(as mentioned in passage 3)". */
const SOURCE_PAREN = /\s*\([^()]*\b(passages?|sources?|documents?|ref)\b[^()]*\)/gi;
/** Sentences that only point at the sources or say what they lack. */
const POINTER = /^(this|that|it|these|which)( information)? (is|are|was|were|can be) (described|mentioned|stated|explained|found|noted|listed|shown|seen)\b|\bis not (explicitly|specifically|directly|clearly) (stated|mentioned|specified|described)\b|\bno (specific |further |additional |detailed )?(information|instructions|details|data) (is|are|was|were) (provided|given|mentioned|available)\b/i;
/** Saying the sources do not state something ("not explicitly mentioned", "unspecified"). */
const NOT_STATED = String.raw`(?:(?:is|are|was|were|has|have|been)\s+)?(?:not|n't)\s+(?:been\s+)?(?:explicitly\s+|specifically\s+|directly\s+|clearly\s+)?(?:mentioned|stated|specified|provided|included|covered|found|given|supported|discussed)|unspecified|unmentioned`;
const SOURCE_WORD = String.raw`passages?|sources?|context|documents?|(?:given|provided)\s+(?:text|information)`;
/** A parenthetical admitting that the sources do not state what it is attached to. */
const ADMIT_PAREN = new RegExp(String.raw`\s*\((?=[^()]*\b(?:${SOURCE_WORD})\b)[^()]*\b(?:${NOT_STATED})\b[^()]*\)`, 'i');
/** A trailing clause admitting the same ("…, although this is not mentioned in the passages."). */
const ADMIT_CLAUSE = new RegExp(String.raw`,?\s+(?:although|though|even though|but|however,?)\s+(?:this|that|it|these|they)\s+(?:${NOT_STATED})\b(?=[^.!?]*\b(?:${SOURCE_WORD})\b)[^.!?]*[.!?]?\s*$`, 'i');

/**
 * Generic advice and caveats that answers append ("consult a professional locksmith", "these
 * signs do not necessarily mean …", "by following these steps you should …"): they state
 * nothing about the documents' subject that a source could support or contradict. On the
 * RAGTruth QA dev answers these patterns matched 16 sentences, none inside a human-labelled
 * hallucination span; broader hedges ("it is important to …", "may vary") did overlap labelled
 * spans and stay claims.
 */
const ADVICE = [
  /\b(consult|contact|see|ask|speak (to|with)|talk (to|with)|call|visit|seek (the )?(help|advice|assistance|guidance|services) (of|from))\s+(a|an|your|the|with a)?\s*(qualified |licensed |local |certified |medical |healthcare |health care |trained |reputable |experienced |professional )?(professional|doctor|physician|expert|specialist|lawyer|attorney|accountant|pharmacist|vet|veterinarian|dentist|locksmith|carpenter|technician|mechanic|electrician|plumber|therapist|counselou?r|provider|advisor|adviser|framer|sewer|dermatologist|nutritionist|dietitian|trainer)s?\b/i,
  /\bseek(ing)? (professional|medical|expert|further|additional|legal|immediate) (help|advice|assistance|guidance|attention|care|treatment)\b/i,
  /\b(consult|refer to|check|look (at|for)|research) (further|additional|other|more) (resources|sources|information|research)\b/i,
  /\b(do|does|did|is|are|will|may|might)\s+not necessarily\b|\bnot necessarily (mean|indicate|imply)/i,
  /^(by following|following) these (steps|tips|methods|instructions|guidelines)\b|^these (steps|tips|methods|instructions) should help\b/i,
  /\b(these|this|the above) (are|is) (only |just )?(generali[sz]ations?|general (guidelines?|information|tips|advice))\b|\beveryone is different\b/i,
];

/**
 * What may come before a step's verb: "In the Control Panel, ", "Then ", "From the Developer
 * perspective in the OpenShift Container Platform web console, " (a place on screen can take
 * most of a line).
 */
const STEP_LEAD = String.raw`^(?:(?:in|from|on|under|within|inside|at) [^,.;:]{1,120},\s*)?(?:(?:then|next|now|first|finally),?\s+)?`;

/**
 * An instruction to operate a user interface: an imperative that opens the sentence with a verb of
 * clicking, choosing, typing or moving around a screen ("Select the Disable the plugin checkbox",
 * "Click Save", "Expand Root Schema → global"). It tells the reader what to do, not what is true:
 * whether the documents describe the same step is a question for the reader, not a contradiction.
 */
const UI_STEP = new RegExp(STEP_LEAD + String.raw`(?:click|double-click|right-click|tap|press|select|deselect|clear|check|uncheck|tick|untick|toggle|expand|collapse|choose|pick|navigate|scroll|drag|hover|type|enter|open|close|go)\b(?!\s+(?:is|are|was|were|has|have|can|will|may)\b)`, 'i');

/** The step's verb (after any lead-in) and the gap and word after it. */
const STEP_VERB_AND_NEXT = new RegExp(STEP_LEAD + String.raw`[\p{L}-]+(\s*)(\S*)`, 'iu');

/** Words an imperative's object or direction starts with ("Click the …", "Go to …", "Scroll down"). */
const STEP_OBJECT = new Set([
  'the', 'a', 'an', 'your', 'this', 'that', 'these', 'those', 'each', 'every', 'all', 'any', 'one', 'it', 'them', 'and', 'or',
  'to', 'on', 'in', 'into', 'onto', 'at', 'through', 'down', 'up', 'back', 'out', 'over', 'off', 'from', 'with', 'for', 'again',
]);

/**
 * Whether what follows a step verb reads as its object: a determiner, a direction, a label in
 * capitals or quotes, or nothing. "Open-access texts are …" and "Clear skies are …" open with an
 * adjective, not an instruction.
 */
function objectFollows(t: string): boolean {
  const m = STEP_VERB_AND_NEXT.exec(t);
  if (!m) return true;
  const [, gap, next] = m;
  if (next === '' || /^[.!:;]/.test(next!)) return true;
  if (gap === '' || /^[-–]/.test(next!)) return false;
  if (/^[\p{Lu}"'“‘`*_[<\d]/u.test(next!)) return true;
  return STEP_OBJECT.has(next!.toLowerCase().replace(/[,.;:]$/, ''));
}

/**
 * An evaluation with a pronoun for its subject and nothing else to check ("This makes it easier.",
 * "It is very useful.", "That helps a lot."): it praises what came before and states nothing a
 * source could state. One with content ("This makes deployment easier.") is a claim, checked with
 * the previous sentence's subject in view (context.ts).
 */
const EVALUATIVE = /\b(helps?|easier|easy|simpler|simple|better|faster|quicker|convenient|more convenient|helpful|useful|beneficial|important|essential|straightforward|efficient|flexible|seamless|powerful|handy|great|good|nice|valuable|practical|smoother|cleaner|safer|clearer)\b/i;
const PRONOUN_SUBJECT = /^(this|that|it|these|those|they|doing so|which)\b/i;
const LIGHT = /^(this|that|it|these|those|they|doing|so|which|is|are|was|were|be|makes?|making|made|helps?|helping|allows?|lets?|keeps?|ensures?|can|will|would|should|may|might|very|much|really|quite|more|also|even|lot|a|an|the|for|to|of|you|your|users?|things?|everything|process|work|life|it|them|job|task)$/i;

/** Whether a sentence is an evaluation with a pronoun for its subject (see {@link EVALUATIVE}). */
function evaluation(t: string): boolean {
  if (!PRONOUN_SUBJECT.test(t) || !EVALUATIVE.test(t) || /\d/.test(t)) return false;
  const rest = (t.match(/[\p{L}'’-]+/gu) ?? []).filter((w) => !LIGHT.test(w) && !EVALUATIVE.test(w));
  return rest.length === 0;
}

/**
 * The sources an answer was given, named as such: "the passages", "Passage 2", "both passages",
 * "the given text", "the context". Not any passage: "the passage of the bill", "on what passage
 * should be retrieved" are about the world.
 */
const ABOUT_SOURCES = /\b((the|these|those|this|that|each|both|all|other|above|given|provided|retrieved|first|second|third|last|any|no|none of the) (\w+ )?passages?\b(?! of\b)|passages? \d|passages\b(?! of\b)|the (given|provided) (information|context|text|documents?)|the context)\b/i;

/** Whether a segment is a claim, and the text to check when it is. */
export function filterClaim(text: string, kind: SegmentKind): ClaimDecision {
  if (kind === 'code') return { reason: 'code block' };
  if (kind === 'heading') return { reason: 'heading' };
  const t = text.trim();
  if (!/[\p{L}\p{N}]/u.test(t)) return { reason: 'no words to check' };
  // content the text itself says the sources lack: check the content, marked as admitted
  const admitted = t.replace(ADMIT_PAREN, '').replace(ADMIT_CLAUSE, '').trim();
  if (admitted !== t) {
    const rest = filterClaim(/[.!?]$/.test(admitted) ? admitted : `${admitted}.`, kind);
    return rest.claim === undefined ? rest : { ...rest, admitted: true };
  }
  if (/\?["'”’)\]]*$/.test(t)) return { reason: 'question' };
  if (GREETING.test(t)) return { reason: 'greeting' };
  if (ACK.test(t)) return { reason: 'an acknowledgement, nothing checkable on its own' };
  if (evaluation(t)) return { reason: 'an evaluation of what came before, nothing a source could state' };
  if (/^(yes|no|yeah|nope|true|false)[.!]?$/i.test(t)) return { reason: 'a bare yes/no says nothing checkable on its own' };
  if (HELP.test(t)) return { reason: 'offer of help' };
  if (ADVICE.some((re) => re.test(t))) return { reason: 'general advice or caveat, nothing the sources could state' };
  if (META_WHOLE.test(t)) return { reason: 'talk about the sources, not a claim' };
  if (LEAD_IN.test(t)) return { reason: 'lead-in to a list' };
  // a step that states a value ("Enter 30 in the Timeout field", "… from its default of one hour") is still checked
  if (UI_STEP.test(t) && objectFollows(t) && profile(t).values.length === 0) return { claim: t, step: true };
  if (POINTER.test(t)) return { reason: 'talk about the sources, not a claim' };
  let rest = t.replace(SOURCE_PAREN, '');
  for (let i = 0; i < 3; i++) rest = rest.replace(ACK_PREFIX, '').replace(CONNECTIVE, '').replace(META_PREFIX, '').replace(/^(it seems|it appears|it is clear)( that)?\s*/i, '');
  rest = rest.replace(SOURCE_MENTION, '').trim();
  if (rest !== t && META_WHOLE.test(rest)) return { reason: 'talk about the sources, not a claim' };
  if (!/[\p{L}\p{N}]{3,}/u.test(rest)) return { reason: 'talk about the sources, not a claim' };
  // what is left still talks about the sources ("Passage 3 provides steps for …"): not a claim about the world
  if (ABOUT_SOURCES.test(rest)) return { reason: 'talk about the sources, not a claim' };
  return { claim: rest === t ? t : rest.charAt(0).toUpperCase() + rest.slice(1) };
}
