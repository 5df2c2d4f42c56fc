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

/** Each colour's swatch, as Tremor fills the bars (written out so Tailwind keeps them). */
const SWATCH: Record<ChartColor, string> = {
  blue: "bg-blue-500",
  emerald: "bg-emerald-500",
  amber: "bg-amber-500",
  violet: "bg-violet-500",
  rose: "bg-rose-500",
  cyan: "bg-cyan-500",
};

export default function StatsChart({ data, index, categories, title, colors = DEFAULT_COLORS, stack, minValue, maxValue }: StatsChartProps) {
  // Our own legend: Tremor's puts its <li> items in a <div> inside the <ol>, which screen readers
  // (and Lighthouse's list audits) do not take for a list.
  return (
    <figure aria-label={title} data-chart="bar">
      <ul className="mb-2 flex flex-wrap justify-end gap-x-4 gap-y-1 text-sm text-slate-600">
        {categories.map((name, i) => (
          <li key={name} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`h-2 w-2 rounded-full ${SWATCH[colors[i % colors.length]!]}`} />
            {name}
          </li>
        ))}
      </ul>
      <BarChart className="h-72" data={data} index={index} categories={categories} colors={colors} stack={stack} minValue={minValue} maxValue={maxValue} showAnimation={false} showLegend={false} yAxisWidth={40} />
    </figure>
  );
}

/** A back-office series ({date, count, amount in kopecks}) as chart rows under translated names. */
export function seriesRows(points: { date: string; count: number; amount?: number }[], labels: { count: string; amount?: string }) {
  return points.map((p) => ({ date: p.date, [labels.count]: p.count, ...(labels.amount ? { [labels.amount]: Math.round((p.amount ?? 0) / 100) } : {}) }));
}
