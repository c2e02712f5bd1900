import type { GradeBand, GradingType } from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import { formatNumber, plural } from "../kit/format.ts";
import * as styles from "./grading.css.ts";
import { histogramBins } from "./histogram.ts";

/**
 * Where the grade bands cut the mark axis (percent of the weighted total). Absolute bands are marks
 * already; Relative bands are percentiles, so each lower limit p is placed at the total below which p
 * percent of the class lies (the class's own distribution). The top band's lower limit first.
 */
export function bandCuts(
  type: GradingType,
  bands: readonly GradeBand[],
  totals: readonly number[],
): Array<{ letterGrade: string; at: number }> {
  const sorted = [...totals].sort((a, b) => a - b);
  const quantile = (p: number) => {
    if (sorted.length === 0) return p;
    const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return p <= 0 ? 0 : (sorted[i] as number);
  };
  return [...bands]
    .sort((a, b) => b.lower - a.lower)
    .map((b) => ({ letterGrade: b.letterGrade, at: type === "Absolute" ? b.lower : quantile(b.lower) }));
}

const W = 560;
const H = 220;
const PAD = { left: 36, right: 12, top: 22, bottom: 34 };

/**
 * The course's mark distribution (spec §2 Grading page): the class's weighted totals in ten bins of
 * 10 marks as bars, with the grade bands of the grading type in use drawn as dashed lines at their
 * lower limits, each labelled with its letter. Plain SVG with a text summary for screen readers.
 */
export function MarkHistogram({
  totals,
  bands,
  typeOfGrading,
}: {
  totals: readonly number[];
  bands: readonly GradeBand[];
  typeOfGrading: GradingType;
}) {
  const bins = histogramBins(totals);
  const max = Math.max(1, ...bins.map((b) => b.count));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (mark: number) => PAD.left + (mark / 100) * plotW;
  const y = (count: number) => PAD.top + plotH - (count / max) * plotH;
  const cuts = bandCuts(typeOfGrading, bands, totals);
  const summary = plural(totals.length, m.grading_histogram_summary_one, m.grading_histogram_summary_other, {
    count: formatNumber(totals.length),
    bins: bins
      .map((b) => `${formatNumber(b.lower)}-${formatNumber(b.upper)}: ${formatNumber(b.count)}`)
      .join(", "),
  });
  return (
    <figure>
      <svg
        className={styles.histogram}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        data-testid="mark-histogram"
      >
        <line
          className={styles.axis}
          x1={PAD.left}
          y1={PAD.top + plotH}
          x2={W - PAD.right}
          y2={PAD.top + plotH}
        />
        <line className={styles.axis} x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + plotH} />
        {bins.map((b) => (
          <rect
            key={b.lower}
            className={styles.bar}
            x={x(b.lower) + 1}
            y={y(b.count)}
            width={Math.max(0, x(b.upper) - x(b.lower) - 2)}
            height={PAD.top + plotH - y(b.count)}
            data-count={b.count}
          />
        ))}
        {[0, 20, 40, 60, 80, 100].map((mark) => (
          <text key={mark} className={styles.chartText} x={x(mark)} y={H - 18} textAnchor="middle">
            {mark}
          </text>
        ))}
        <text className={styles.chartText} x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {max}
        </text>
        <text className={styles.chartText} x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end">
          0
        </text>
        <text className={styles.chartText} x={PAD.left + plotW / 2} y={H - 4} textAnchor="middle">
          {m.grading_histogram_axis()}
        </text>
        {cuts.map((c, i) => {
          const upper = i === 0 ? 100 : (cuts[i - 1] as { at: number }).at;
          return (
            <g key={c.letterGrade} data-band={c.letterGrade}>
              {c.at > 0 ? (
                <line
                  className={styles.bandLine}
                  x1={x(c.at)}
                  y1={PAD.top - 8}
                  x2={x(c.at)}
                  y2={PAD.top + plotH}
                />
              ) : null}
              <text className={styles.bandText} x={x((c.at + upper) / 2)} y={PAD.top - 8} textAnchor="middle">
                {c.letterGrade}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.muted}>
        {typeOfGrading === "Absolute"
          ? m.grading_histogram_caption_absolute()
          : m.grading_histogram_caption_relative()}
      </figcaption>
    </figure>
  );
}
