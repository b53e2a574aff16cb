/**
 * The profile of a passage: its sentence units, terms, values, names and word pairs, cut and
 * profiled once and cached by id and text; whether it reads as instructions to a model (then it
 * vouches for nothing, or only its code block is set aside); windows of consecutive units.
 */
import { looksLikeInjection } from '../ingest/injection';
import { BoundedCache } from '../boundedCache';
import type { Passage } from '../types';
import { profile } from './profile';
import { segmentSentences } from './segment';
import { termSetOf } from './unitWords';
import { codeUnits, coreOf, isProfiled, LazyUnit, mayHold, unglue, unitOf, type Unit } from './units';
import { LazyStringSet } from './lazySet';

export interface PassageProfile {
  passage: Passage;
  units: Unit[];
  terms: ReadonlySet<string>;
  values: ReadonlySet<string>;
  names: ReadonlySet<string>;
  bigrams: ReadonlySet<string>;
  /** The passage reads as instructions to a model (see injection.ts): never evidence for a claim. */
  suspicious: boolean;
}

/** Passage profiles by passage id and text hash: a check meets the same candidates sentence after sentence. */
const profiles = new BoundedCache<string, PassageProfile>(50_000);
/**
 * What a passage's text alone decides (its units, term sets, values, names, word pairs, whether
 * it reads as instructions), by text: the same text under another id (a copied file, a page
 * kept for each version of a product) is cut and profiled once.
 */
const byText = new BoundedCache<string, Omit<PassageProfile, 'passage'>>(5_000);
/** The cached profile of a passage (keyed by id and text hash). */
export function passageProfile(passage: Passage): PassageProfile {
  const key = `${passage.id}\u0000${passage.hash}`;
  let pp = profiles.get(key);
  if (pp) return pp;
  const shape = byText.getOrSet(passage.text, analyzePassage);
  // units of their own (the profiles inside are shared): which passage a unit belongs to is read by identity
  pp = { ...shape, passage, units: shape.units.map((u) => (u instanceof LazyUnit ? new LazyUnit(u.start, u.end, u.core) : { ...u })) };
  profiles.set(key, pp);
  return pp;
}

/**
 * The union of one set of every unit of a passage, built only when read whole: a membership test
 * profiles only the units that may hold the member (`may`).
 */
class UnitsUnion extends LazyStringSet {
  private whole: Set<string> | undefined;
  constructor(
    private readonly units: readonly Unit[],
    private readonly of: (u: Unit) => Iterable<string>,
    private readonly may: (u: Unit, x: string) => boolean,
    private readonly holds: (u: Unit, x: string) => boolean,
    /** Whether unit `u` surely holds `x` without a profile (false: ask `holds`). */
    private readonly surely: (u: Unit, x: string) => boolean = () => false,
  ) {
    super();
  }
  protected all(): Set<string> {
    if (!this.whole) {
      this.whole = new Set();
      for (const u of this.units) for (const x of this.of(u)) this.whole.add(x);
    }
    return this.whole;
  }
  has(x: string): boolean {
    if (this.whole) return this.whole.has(x);
    // units already profiled first: the answer is the same, and often found with no new profile
    for (const u of this.units) if (isProfiled(u) && this.holds(u, x)) return true;
    for (const u of this.units) if (!isProfiled(u) && this.surely(u, x)) return true;
    for (const u of this.units) if (!isProfiled(u) && this.may(u, x) && this.holds(u, x)) return true;
    return false;
  }
}

/** Cuts a passage's text into units and profiles them (see {@link passageProfile}). */
function analyzePassage(text: string): Omit<PassageProfile, 'passage'> {
  const units: Unit[] = [];
  // the text outside code blocks, for the injection scan (see `suspicious` below)
  let prose = '';
  let from = 0;
  let codeQuarantined = false;
  for (const seg of segmentSentences(text)) {
    // a code block is evidence too (a setting, a flag, a command): one unit per line, so a window
    // of lines holds a key and its value ("permission:" / "enabled: true")
    if (seg.kind === 'code') {
      prose += text.slice(from, seg.start) + '\n';
      from = seg.end;
      // a code block that reads as instructions to a model (a sample of chat messages with a
      // "system" role, a quoted prompt) vouches for nothing, but it is the block, not the prose
      // around it, that a model would obey
      if (looksLikeInjection(seg.text)) codeQuarantined = true;
      else units.push(...codeUnits(seg.text, seg.start));
      continue;
    }
    for (const [start, end] of unglue(seg.text)) units.push(new LazyUnit(seg.start + start, seg.start + end, coreOf(seg.text.slice(start, end), false)));
  }
  prose += text.slice(from);
  // instructions in prose may run on into the next sentence ("SYSTEM: reply … The warranty is …"),
  // so they take the whole passage out; so does a quarantined block with nothing else beside it
  const suspicious = looksLikeInjection(prose) || (codeQuarantined && units.length === 0);
  if (units.length === 0) {
    const p = profile(text);
    units.push({ start: 0, end: text.length, profile: p, termSet: termSetOf(p.terms) });
  }
  // names and word pairs are made of terms: a unit that cannot hold the terms holds neither
  const valued = (u: Unit): boolean => u.mayHoldValues !== false;
  // (the pair is split once per look-up, not once per unit asked)
  let split = '';
  let left = '';
  let right: string | undefined;
  const pair = (u: Unit, b: string): boolean => {
    if (b !== split) {
      const sp = b.indexOf(' ');
      split = b;
      left = sp < 0 ? '' : b.slice(0, sp);
      right = sp < 0 ? undefined : b.slice(sp + 1);
    }
    return right === undefined || (mayHold(u, left) && mayHold(u, right));
  };
  return {
    units,
    terms: new UnitsUnion(units, (u) => u.termSet, mayHold, (u, t) => u.termSet.has(t), (u, t) => u.sure?.has(t) === true),
    values: new UnitsUnion(units, (u) => u.profile.values.map((v) => v.v), valued, (u, v) => u.profile.values.some((w) => w.v === v)),
    names: new UnitsUnion(units, (u) => u.profile.names, mayHold, (u, n) => u.profile.names.has(n)),
    bigrams: new UnitsUnion(units, (u) => u.profile.bigrams, pair, (u, b) => u.profile.bigrams.has(b)),
    suspicious,
  };
}

const windowCache = new WeakMap<PassageProfile, Map<string, Unit>>();
/**
 * The window of units [first, last] of a passage as one unit (its sentences profiled together),
 * cached: a claim that joins two sentences of the source is aligned with both at once.
 */
export function windowUnit(pp: PassageProfile, first: number, last: number): Unit {
  if (first === last) return pp.units[first]!;
  let m = windowCache.get(pp);
  if (!m) windowCache.set(pp, (m = new Map()));
  const key = `${first}:${last}`;
  let u = m.get(key);
  if (!u) {
    const start = pp.units[first]!.start;
    const end = pp.units[last]!.end;
    m.set(key, (u = unitOf(pp.passage.text.slice(start, end), start, end)));
  }
  return u;
}
