// A back-office statistics chart (/manager/stats, /manager, a referral's chart): one
// @tremor/react chart over one or more series. The page renders a table of the same numbers
// beneath it, so nothing needs script to be read; the island hydrates when it scrolls into view.
import { AreaChart, BarChart } from "@tremor/react";

export interface StatsChartProps {
  kind: "area" | "bar";
  /** oldest first; each series a numeric field of the points */
  points: { date: string; [series: string]: string | number | undefined }[];
  /** the series to draw (a field of the points → its name, already translated); the `amount`
   * series is in kopecks and drawn in roubles */
  labels: Record<string, string | undefined>;
  title: string;
}

const COLORS = ["blue", "emerald", "amber", "rose"];

export default function StatsChart({ kind, points, labels, title }: StatsChartProps) {
  const series = Object.entries(labels).filter((e): e is [string, string] => Boolean(e[1]));
  const data = points.map((p) => ({
    date: p.date,
    ...Object.fromEntries(series.map(([key, name]) => [name, key === "amount" ? Math.round(Number(p[key] ?? 0) / 100) : Number(p[key] ?? 0)])),
  }));
  const Chart = kind === "bar" ? BarChart : AreaChart;
  return (
    <figure className="min-h-[12rem]" aria-label={title}>
      <Chart className="h-48" data={data} index="date" categories={series.map(([, name]) => name)} colors={COLORS.slice(0, series.length)} showAnimation={false} yAxisWidth={48} />
    </figure>
  );
}
