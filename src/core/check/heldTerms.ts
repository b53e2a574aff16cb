/**
 * Which of a claim's atoms each unit of a passage may hold and holds (one row per unit), the
 * bounds of a window's recall read from those rows, and the scan that measures windows in order
 * of their bound and stops where no window left can change the outcome.
 */
import { TermIds, TermIdSet, termIds, partsOfTerm } from './unitWords';
import { MAX_WINDOW, type Unit, isProfiled } from './units';

/**
 * Which of a claim's terms (and the parts of its compound terms: "atoms") each unit of a passage
 * may hold and holds, one byte per unit and atom, so a window's bound and recall are an OR of its
 * units' rows instead of set look-ups per term, window and unit. A unit's `termSet` is read (and
 * the unit profiled) only when it may hold an atom its window does not already hold. Relies on
 * `sure` ⊆ `termSet` ⊆ `mayHold` (lazyUnits.test.ts): a held atom is one the unit may hold, and a
 * unit that surely holds every atom it may hold is not profiled.
 * Recalls are summed term by term in the weights' order, as {@link weightedRecall} sums them.
 */
export class HeldTerms {
  /** Term weights in the order of `weights`. */
  private readonly ws: number[] = [];
  /** Distinct atoms; per term, its own atom and the atoms of its parts (none for a plain term). */
  private readonly atoms: string[] = [];
  private readonly self: number[] = [];
  private readonly parts: number[][] = [];
  private readonly may: Uint8Array;
  private readonly has: Uint8Array;
  /** Per unit: 1 when its row of `has` is filled. */
  private readonly known: Uint8Array;
  private readonly row: Uint8Array;
  /** The term numbers of the units' sets made with `dict`, and the atoms' numbers there (-1: none). */
  private readonly dict: TermIds;
  private readonly atomIds: number[];

  constructor(
    weights: ReadonlyMap<string, number>,
    private readonly units: readonly Unit[],
  ) {
    const index = new Map<string, number>();
    const atomOf = (x: string): number => {
      let a = index.get(x);
      if (a === undefined) index.set(x, (a = this.atoms.push(x) - 1));
      return a;
    };
    for (const [t, w] of weights) {
      this.ws.push(w);
      this.self.push(atomOf(t));
      this.parts.push(partsOfTerm(t).map(atomOf));
    }
    const a = this.atoms.length;
    this.may = new Uint8Array(units.length * a);
    this.has = new Uint8Array(units.length * a);
    this.known = new Uint8Array(units.length);
    this.row = new Uint8Array(a);
    // a unit listing its terms as numbers marks the atoms among them: the atoms' numbers carry
    // -(slot + 1) while the rows are made (never read by a listing: its marks are positive)
    const dict = (this.dict = termIds);
    this.atomIds = this.atoms.map((x) => dict.ids.get(x) ?? -1);
    for (let k = 0; k < a; k++) if (this.atomIds[k]! >= 0) dict.marks[this.atomIds[k]!] = -(k + 1);
    for (let i = 0; i < units.length; i++) {
      const may = units[i]!.mayHold;
      if (may instanceof TermIdSet && may.dict === dict) {
        const ids = may.ids;
        const marks = dict.marks;
        for (let j = 0; j < ids.length; j++) {
          const m = marks[ids[j]!]!;
          if (m < 0) this.may[i * a - m - 1] = 1;
        }
      } else for (let k = 0; k < a; k++) this.may[i * a + k] = may === undefined || may.has(this.atoms[k]!) ? 1 : 0;
    }
    for (let k = 0; k < a; k++) if (this.atomIds[k]! >= 0) dict.marks[this.atomIds[k]!] = 0;
  }

  /** Whether the row at `off` of `m` holds term `k` (itself, or every one of its parts). */
  private hit(m: Uint8Array, off: number, k: number): boolean {
    if (m[off + this.self[k]!] === 1) return true;
    const ps = this.parts[k]!;
    if (ps.length === 0) return false;
    for (const p of ps) if (m[off + p] !== 1) return false;
    return true;
  }

  /**
   * The weighted share of the terms the row at `off` of `m` holds (and, with `m2`, the row at
   * `off2` of `m2` holds too), summed term by term in the weights' order.
   */
  private recall(m: Uint8Array, off: number, m2?: Uint8Array, off2 = 0): number {
    let total = 0;
    let got = 0;
    for (let k = 0; k < this.ws.length; k++) {
      const w = this.ws[k]!;
      total += w;
      if (this.hit(m, off, k) && (m2 === undefined || this.hit(m2, off2, k))) got += w;
    }
    return total > 0 ? got / total : 0;
  }

  /** Fills unit `i`'s row of held atoms from its term set (profiling it if need be). */
  private fill(i: number): void {
    if (this.known[i] === 1) return;
    const u = this.units[i]!;
    const a = this.atoms.length;
    // every atom it may hold it surely holds: its row is its row of `may`, and no profile is made
    // (an atom it may not hold it does not hold: `termSet` ⊆ `mayHold`)
    const sure = isProfiled(u) ? undefined : u.sure;
    if (sure !== undefined) {
      let covered = true;
      if (sure instanceof TermIdSet && sure.dict === this.dict) for (let k = 0; k < a && covered; k++) covered = this.may[i * a + k] === 0 || sure.hasId(this.atomIds[k]!);
      else for (let k = 0; k < a && covered; k++) covered = this.may[i * a + k] === 0 || sure.has(this.atoms[k]!);
      if (covered) {
        for (let k = 0; k < a; k++) this.has[i * a + k] = this.may[i * a + k]!;
        this.known[i] = 1;
        return;
      }
    }
    const set = u.termSet;
    for (let k = 0; k < a; k++) this.has[i * a + k] = set.has(this.atoms[k]!) ? 1 : 0;
    this.known[i] = 1;
  }

  /** An upper bound of the recall of the window of `size` units from `i` (no profile needed). */
  bound(i: number, size: number): number {
    const a = this.atoms.length;
    if (size === 1) return this.recall(this.may, i * a);
    const row = this.row.fill(0);
    for (let j = i; j < i + size; j++) for (let k = 0; k < a; k++) row[k]! |= this.may[j * a + k]!;
    return this.recall(row, 0);
  }

  /** The recall of unit `i` alone: of the terms it may hold, those its term set holds. */
  unitRecall(i: number): number {
    const a = this.atoms.length;
    let any = false;
    for (let k = 0; k < this.ws.length && !any; k++) any = this.hit(this.may, i * a, k);
    // a unit that may hold none of the terms holds none: it is not profiled (its row of `may`
    // holds no term, so the recall of that row is the recall of none)
    if (!any) return this.recall(this.may, i * a);
    this.fill(i);
    return this.recall(this.may, i * a, this.has, i * a);
  }

  /**
   * The recall of the whole passage: {@link weightedRecall} of `hasTerm(pp.terms, t)`, a term
   * held by some unit (or each of its parts by some unit), asked of the units as `pp.terms.has`
   * asks them ({@link UnitsUnion}), but only of the units that may hold the atom.
   */
  passageRecall(): number {
    let total = 0;
    let got = 0;
    for (let k = 0; k < this.ws.length; k++) {
      const w = this.ws[k]!;
      total += w;
      const ps = this.parts[k]!;
      if (this.anywhere(this.self[k]!) || (ps.length > 0 && ps.every((p) => this.anywhere(p)))) got += w;
    }
    return total > 0 ? got / total : 0;
  }

  /** Whether some unit's term set holds atom `x`: units already profiled first, then units that surely hold it, then the rest that may. */
  private anywhere(x: number): boolean {
    const a = this.atoms.length;
    const n = this.units.length;
    const atom = this.atoms[x]!;
    for (let i = 0; i < n; i++) {
      if (this.may[i * a + x] === 0) continue;
      if (this.known[i] === 1) {
        if (this.has[i * a + x] === 1) return true;
      } else if (isProfiled(this.units[i]!) && this.units[i]!.termSet.has(atom)) return true;
    }
    for (let i = 0; i < n; i++) if (this.may[i * a + x] === 1 && this.known[i] === 0 && !isProfiled(this.units[i]!) && this.units[i]!.sure?.has(atom) === true) return true;
    for (let i = 0; i < n; i++) if (this.may[i * a + x] === 1 && this.known[i] === 0 && !isProfiled(this.units[i]!) && this.units[i]!.termSet.has(atom)) return true;
    return false;
  }

  /** The recall of the window of `size` units from `i`: the terms its units hold together. */
  windowRecall(i: number, size: number): number {
    const a = this.atoms.length;
    const row = this.row.fill(0);
    // units already profiled first: the same answer, often with no new profile
    let later = 0;
    for (let j = i; j < i + size; j++) {
      if (this.known[j] === 1 || isProfiled(this.units[j]!)) this.addRow(row, j);
      else later |= 1 << (j - i);
    }
    for (let j = i; j < i + size; j++) {
      if ((later & (1 << (j - i))) === 0) continue;
      let adds = false;
      for (let k = 0; k < a && !adds; k++) adds = this.may[j * a + k] === 1 && row[k] === 0;
      if (adds) this.addRow(row, j);
    }
    return this.recall(row, 0);
  }

  /** Adds unit `j`'s held atoms to `row` (filling its row first). */
  private addRow(row: Uint8Array, j: number): void {
    this.fill(j);
    const a = this.atoms.length;
    for (let k = 0; k < a; k++) row[k]! |= this.has[j * a + k]!;
  }
}

/**
 * How far below the best recall a window's bound must be for the window to be skipped. The scan
 * compares recalls with a tolerance of 1e-9 (a replacement needs more, a tie less), so a window
 * can sway the outcome through a chain of near-ties, each one step of at most 1e-9, and a chain
 * is no longer than the windows scanned (at most 3 per unit).
 */
export const skipSlack = (units: number): number => (MAX_WINDOW * units + 3) * 1e-9;

/**
 * The recalls of `count` windows that the scan must see: windows are measured in order of their
 * upper bound, highest first, until the next bound is `slack` below the highest recall measured
 * (or `floor`, the best of shorter windows); the rest stay undefined.
 */
export function prune(count: number, bound: (i: number) => number, exact: (i: number) => number, floor: number, slack: number): Array<number | undefined> {
  const out: Array<number | undefined> = new Array<number | undefined>(count).fill(undefined);
  const bounds = new Float64Array(count);
  for (let i = 0; i < count; i++) bounds[i] = bound(i);
  // windows in order of their bound, highest first (the first of equal bounds first), taken one
  // at a time: the scan stops long before most are taken, so they are never sorted
  const taken = new Uint8Array(count);
  let top = floor;
  for (let step = 0; step < count; step++) {
    let i = -1;
    for (let j = 0; j < count; j++) if (taken[j] === 0 && (i < 0 || bounds[j]! > bounds[i]!)) i = j;
    if (bounds[i]! < top - slack) break;
    taken[i] = 1;
    const r = exact(i);
    out[i] = r;
    if (r > top) top = r;
  }
  return out;
}
