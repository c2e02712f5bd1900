/**
 * The grading page's mark distribution (spec §2 Grading; drawn with the grade bands on it): the
 * class's totals counted into equal bins. Pure, and apart from grading-setup.ts so the page's
 * histogram loads none of the setting editor's schemas.
 */

/** One bar of the mark distribution: totals in lower ≤ x < upper (the last bar holds 100). */
export type HistogramBin = { lower: number; upper: number; count: number };

/** The class's weighted totals (percent) in `bins` equal bins over 0..100. */
export function histogramBins(totals: readonly number[], bins = 10): HistogramBin[] {
  const width = 100 / bins;
  const out = Array.from({ length: bins }, (_, i) => ({
    lower: i * width,
    upper: (i + 1) * width,
    count: 0,
  }));
  for (const t of totals) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor(t / width)));
    (out[i] as HistogramBin).count++;
  }
  return out;
}
