/**
 * Quantifiers on their scales, how often and how many: a closed class of words, so a table. Read
 * by the alignment (a negation before one of them denies the quantifier, not the clause) and by
 * the quantifiers kind (another rank in the same place).
 */
export const SCALES: ReadonlyArray<Readonly<Record<string, number>>> = [
  { always: 5, usually: 4, normally: 4, generally: 4, typically: 4, often: 4, frequently: 4, sometimes: 3, occasionally: 3, rarely: 2, seldom: 2, never: 0 },
  { all: 6, every: 6, each: 6, both: 6, most: 5, many: 4, much: 4, several: 3, some: 3, few: 2, none: 0 },
];

/** Whether a lower-case word is on a scale. */
export const onScale = (word: string): boolean => SCALES.some((s) => s[word] !== undefined);
