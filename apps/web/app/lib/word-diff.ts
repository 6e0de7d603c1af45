/** One run of a word diff: words both texts share, or words only the old (`del`) or the new (`ins`) one has. */
export interface DiffPart {
  kind: 'same' | 'del' | 'ins';
  text: string;
}

/** Words and the spaces after them, so that joining the parts gives back each text exactly. */
const tokens = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/**
 * A word-level diff of two texts: the longest common subsequence of their words, after the shared start and end
 * are set aside (edits are usually small, so the table stays small). Runs of the same kind are merged.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lcs[i * (m + 1) + j]: the longest common subsequence of midA[i..] and midB[j..].
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        midA[i] === midB[j]
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  a.slice(0, start).forEach((w) => push('same', w));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      push('same', midA[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) {
      push('del', midA[i++]!);
    } else {
      push('ins', midB[j++]!);
    }
  }
  while (i < n) push('del', midA[i++]!);
  while (j < m) push('ins', midB[j++]!);
  a.slice(endA).forEach((w) => push('same', w));
  return parts;
}
