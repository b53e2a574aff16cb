/**
 * A word-level diff (longest common subsequence) between a draft and its revision, so the report
 * can show what the feedback changed. Whitespace rides along with the word before it.
 */
export type DiffOp = { op: 'same' | 'add' | 'del'; text: string };

/** Cells above this (words × words) fall back to "all removed, all added" to bound memory. */
const MAX_CELLS = 4_000_000;

function words(s: string): string[] {
  return s.match(/\s*\S+\s*/g) ?? [];
}

/** Diffs `before` against `after` word by word; consecutive operations of one kind are merged. */
export function wordDiff(before: string, after: string): DiffOp[] {
  const a = words(before);
  const b = words(after);
  const key = (w: string): string => w.trim();
  const out: DiffOp[] = [];
  const push = (op: DiffOp['op'], text: string): void => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    if (before) push('del', before);
    if (after) push('add', after);
    return out;
  }
  const w = b.length + 1;
  // lcs[i*w+j] = LCS length of a[i..] and b[j..]
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = key(a[i]!) === key(b[j]!) ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) {
      push('del', a[i++]!);
    } else {
      push('add', b[j++]!);
    }
  }
  while (i < a.length) push('del', a[i++]!);
  while (j < b.length) push('add', b[j++]!);
  return out;
}
