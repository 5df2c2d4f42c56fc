// A statistics chart: one @tremor/react bar chart over rows of numbers, for the back-office
// (/manager/stats) and the business statistics (/business/statistics). Pages render a table of
// the same numbers beside it, so nothing needs script to be read; the island hydrates when it
// scrolls into view, and only pages with a chart load Tremor (its own chunk). Bars only: the
// area chart would add its own and the line's code to a page held to 150 KB of script.
// Deep import: Tremor's index drags in every component (headlessui, the date picker, virtual
// lists) whatever the side-effect flag says, three times the size of the chart used here.
import { useEffect, useState } from "react";
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
  /** counts of whole things (people): the value axis shows no fractions */
  integers?: boolean;
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

/** The bars' fill in the server-drawn chart, the same colours as Tremor's. */
const FILL: Record<ChartColor, string> = {
  blue: "fill-blue-500",
  emerald: "fill-emerald-500",
  amber: "fill-amber-500",
  violet: "fill-violet-500",
  rose: "fill-rose-500",
  cyan: "fill-cyan-500",
};

export default function StatsChart(props: StatsChartProps) {
  const { data, index, categories, title, colors = DEFAULT_COLORS, stack, minValue, maxValue, integers } = props;
  // The server draws the bars itself (BarsPoster), and so does the first render in the browser, so
  // hydration matches; Tremor takes over once the island is live, for its tooltips. A chart is
  // readable before its 90 KB of script arrive, or without them (an island hydrated on interaction).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // Our own legend: Tremor's puts its <li> items in a <div> inside the <ol>, which screen readers
  // (and Lighthouse's list audits) do not take for a list.
  return (
    <figure aria-label={title} data-chart={live ? "bar" : "poster"}>
      <ul className="mb-2 flex flex-wrap justify-end gap-x-4 gap-y-1 text-sm text-slate-600">
        {categories.map((name, i) => (
          <li key={name} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`h-2 w-2 rounded-full ${SWATCH[colors[i % colors.length]!]}`} />
            {name}
          </li>
        ))}
      </ul>
      {live ? (
        <BarChart
          className="h-72"
          data={data}
          index={index}
          categories={categories}
          colors={colors}
          stack={stack}
          minValue={minValue}
          maxValue={maxValue}
          allowDecimals={!integers}
          showAnimation={false}
          showLegend={false}
          yAxisWidth={40}
        />
      ) : (
        <BarsPoster {...props} colors={colors} />
      )}
    </figure>
  );
}

/** Round tick values from 0 to at least `max` (steps of 1, 2 or 5 × 10ⁿ), as a chart axis has. */
export function niceTicks(max: number, count = 4, integers = false): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const step = integers ? Math.max(1, Math.round(nice)) : nice;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/** The chart as plain SVG: the same bars, grid and axis labels as Tremor draws, with no script. */
function BarsPoster({ data, index, categories, colors, stack, minValue, maxValue, integers }: StatsChartProps & { colors: ChartColor[] }) {
  const value = (row: StatsChartProps["data"][number], name: string) => Math.max(0, Number(row[name]) || 0);
  const peak = Math.max(
    0,
    ...data.map((row) => (stack ? categories.reduce((sum, c) => sum + value(row, c), 0) : Math.max(0, ...categories.map((c) => value(row, c))))),
  );
  const ticks = niceTicks(maxValue ?? peak, 4, integers);
  const top = maxValue ?? ticks[ticks.length - 1]!;
  const bottom = Math.max(0, minValue ?? 0);
  const y = (v: number) => 100 - (100 * (Math.min(v, top) - bottom)) / (top - bottom || 1);
  // one slot per row; side-by-side bars share 80% of it, as Tremor's do
  const slots = data.length || 1;
  const groupWidth = 0.8 / (stack ? 1 : categories.length || 1);
  const labels = data.length > 1 ? [data[0]!, data[Math.floor((data.length - 1) / 2)]!, data[data.length - 1]!] : data;
  return (
    <div className="flex h-72 text-xs text-slate-500" aria-hidden>
      <div className="mr-2 flex w-10 shrink-0 flex-col">
        <div className="relative flex-1">
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${y(tick)}%` }}>
              {tick}
            </span>
          ))}
        </div>
        <div className="h-6" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <svg className="w-full flex-1" viewBox={`0 0 ${slots} 100`} preserveAspectRatio="none">
          {ticks.map((tick) => (
            <line key={tick} x1={0} x2={slots} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {data.map((row, i) => {
            let base = 0;
            return categories.map((name, k) => {
              const v = value(row, name);
              const x = stack ? i + 0.1 : i + 0.1 + k * groupWidth;
              const from = stack ? base : 0;
              if (stack) base += v;
              return (
                <rect
                  key={`${i}-${name}`}
                  className={FILL[colors[k % colors.length]!]}
                  x={x}
                  width={groupWidth * 0.9}
                  y={y(from + v)}
                  height={Math.max(0, y(from) - y(from + v))}
                />
              );
            });
          })}
        </svg>
        <div className="flex h-6 items-end justify-between gap-2 truncate">
          {labels.map((row, i) => (
            <span key={i} className="truncate">
              {String(row[index] ?? "")}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A back-office series ({date, count, amount in kopecks}) as chart rows under translated names. */
export function seriesRows(points: { date: string; count: number; amount?: number }[], labels: { count: string; amount?: string }) {
  return points.map((p) => ({ date: p.date, [labels.count]: p.count, ...(labels.amount ? { [labels.amount]: Math.round((p.amount ?? 0) / 100) } : {}) }));
}
