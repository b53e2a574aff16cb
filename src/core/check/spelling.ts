/**
 * Two words that are one word written two ways: a misspelling (one letter changed, added, dropped,
 * or two swapped) or a word glued to the next ("dependenciesin"). Such a pair is no substitution.
 */
/** One word a variant of the other: a misspelling, or glued to the next word ("dependenciesin"). */
export function variant(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x.length >= 4 && y.length >= 4 && (x.startsWith(y) || y.startsWith(x) || x.endsWith(y) || y.endsWith(x))) return true;
  // one letter changed, added, dropped, or two swapped ("mintues"): two changes make another word
  // ("online" / "offline", "import" / "export", "encrypt" / "decrypt")
  return Math.min(x.length, y.length) >= 5 && editDistance(x, y) <= 1;
}

/** Edit distance between two short words, a swap of neighbouring letters counting as one edit. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
