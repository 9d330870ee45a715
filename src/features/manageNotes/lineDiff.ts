export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };
/** A run of unchanged lines left out of a diff, far from any change. */
export type DiffGap = { kind: 'gap'; count: number };

/** Above this many line pairs the changed middle is shown as removed, then added, rather than matched line by line. */
const MAX_PAIRS = 4_000_000;

/** The longest common subsequence of two lists of lines, as a diff of `before` into `after`. */
function matchLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_PAIRS) return [...before.map((text) => ({ kind: 'removed' as const, text })), ...after.map((text) => ({ kind: 'added' as const, text }))];
  // lengths[i * (m + 1) + j]: the longest common run of before[i..] and after[j..].
  const lengths = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lengths[i * (m + 1) + j] =
        before[i] === after[j] ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1]);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      lines.push({ kind: 'same', text: before[i] });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) {
      lines.push({ kind: 'removed', text: before[i] });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: after[j] });
      j += 1;
    }
  }
  return [
    ...lines,
    ...before.slice(i).map((text) => ({ kind: 'removed' as const, text })),
    ...after.slice(j).map((text) => ({ kind: 'added' as const, text })),
  ];
}

/**
 * The lines of `before` and `after`, each marked as in both, removed or added. The common start and
 * end are set aside first, so that a small edit of a long note compares only the lines around it.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [...a.slice(0, start).map(same), ...matchLines(a.slice(start, a.length - end), b.slice(start, b.length - end)), ...a.slice(a.length - end).map(same)];
}

/** The changed lines with `context` unchanged ones around each change; longer unchanged runs become gaps. */
export function aroundChanges(lines: DiffLine[], context = 3): (DiffLine | DiffGap)[] {
  const near = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let at = Math.max(0, index - context); at <= Math.min(lines.length - 1, index + context); at += 1) near[at] = true;
  });
  const shown: (DiffLine | DiffGap)[] = [];
  lines.forEach((line, index) => {
    if (near[index]) shown.push(line);
    else {
      const last = shown[shown.length - 1];
      if (last?.kind === 'gap') last.count += 1;
      else shown.push({ kind: 'gap', count: 1 });
    }
  });
  return shown;
}
