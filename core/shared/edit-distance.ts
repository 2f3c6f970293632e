/**
 * Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring):
 * the number of single-character insertions, deletions, substitutions and adjacent
 * transpositions that turn `a` into `b`. Transpositions count as one edit because swapped
 * neighbours ('gmial') are the commonest typing slip. Compares UTF-16 code units, which is
 * enough for the ASCII domain names it is used on. Unlike full Damerau-Levenshtein it is not a
 * metric (no triangle inequality), which a nearest-match search does not need.
 */
export const editDistance = (a: string, b: string): number => {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;

  // Three rolling rows: two rows back are needed for the transposition step.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1, // deletion
        (current[j - 1] ?? 0) + 1, // insertion
        (previous[j - 1] ?? 0) + cost, // substitution
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1); // transposition
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
};
