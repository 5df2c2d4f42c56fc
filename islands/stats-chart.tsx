// A statistics chart: one @tremor/react bar chart over rows of numbers, for the back-office
// (/manager/stats) and the business statistics (/business/statistics). Pages render a table of
// the same numbers beside it, so nothing needs script to be read; the island hydrates when it
// scrolls into view, and only pages with a chart load Tremor (its own chunk). Bars only: the
// area chart would add its own and the line's code to a page held to 150 KB of script.
// Deep import: Tremor's index drags in every component (headlessui, the date picker, virtual
// lists) whatever the side-effect flag says, three times the size of the chart used here.
import BarChart from "@tremor/react/dist/components/chart-elements/BarChart/BarChart.js";

/** the colours the Tailwind safelist keeps (tailwind.config.cjs) */
export type ChartColor = "blue" | "emerald" | "amber" | "rose" | "violet" | "cyan";

export interface StatsChartProps {
  /** one row per point on the index axis, oldest first for a time series */
  data: Record<string, string | number | null>[];
  /** the key of `data` on the index axis (a date, a department, a sphere) */
  index: string;
  /** the keys of `data` drawn, already translated (they are the legend) */
  categories: string[];
  title: string;
  colors?: ChartColor[];
  /** side by side (default) or stacked */
  stack?: boolean;
  /** fixed value axis, e.g. 0–100 for percentages */
  minValue?: number;
  maxValue?: number;
}

const DEFAULT_COLORS: ChartColor[] = ["blue", "emerald", "amber", "violet", "rose", "cyan"];

export default function StatsChart({ data, index, categories, title, colors = DEFAULT_COLORS, stack, minValue, maxValue }: StatsChartProps) {
  return (
    <figure className="h-80" aria-label={title} data-chart="bar">
      <BarChart data={data} index={index} categories={categories} colors={colors} stack={stack} minValue={minValue} maxValue={maxValue} showAnimation={false} yAxisWidth={40} />
    </figure>
  );
}

/** A back-office series ({date, count, amount in kopecks}) as chart rows under translated names. */
export function seriesRows(points: { date: string; count: number; amount?: number }[], labels: { count: string; amount?: string }) {
  return points.map((p) => ({ date: p.date, [labels.count]: p.count, ...(labels.amount ? { [labels.amount]: Math.round((p.amount ?? 0) / 100) } : {}) }));
}
