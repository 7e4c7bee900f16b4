/**
 * Edit distance between two strings: insertions, deletions, substitutions and swaps of two neighbouring
 * characters each count 1 (optimal string alignment), so `nmae` is 1 away from `name`.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** `Min_Running-Instances` and `minRunningInstances` compare equal: case, `_` and `-` are ignored. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/**
 * The candidate a misspelt name most likely meant, or `undefined` when none is close: at most one edit per
 * three characters (at least one), after ignoring case, `_` and `-` (so `min_running_instances` finds
 * `minRunningInstances`). Ties go to the earlier candidate.
 */
export function closestName(written: string, candidates: readonly string[]): string | undefined {
  const w = folded(written);
  const limit = Math.max(1, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = editDistance(w, folded(candidate));
    if (score <= limit && score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
