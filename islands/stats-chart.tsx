// A back-office statistics chart (/manager/stats, /manager): one @tremor/react chart over a
// series. The page renders a table of the same numbers beneath it, so nothing needs script to be
// read; the island hydrates when it scrolls into view.
import { AreaChart, BarChart } from "@tremor/react";

export interface StatsChartProps {
  kind: "area" | "bar";
  /** oldest first */
  points: { date: string; count: number; amount?: number }[];
  /** the series' names, already translated: count (and amount, in roubles) */
  labels: { count: string; amount?: string };
  title: string;
}

export default function StatsChart({ kind, points, labels, title }: StatsChartProps) {
  const categories = [labels.count, ...(labels.amount ? [labels.amount] : [])];
  const data = points.map((p) => ({
    date: p.date,
    [labels.count]: p.count,
    ...(labels.amount ? { [labels.amount]: Math.round((p.amount ?? 0) / 100) } : {}),
  }));
  const Chart = kind === "bar" ? BarChart : AreaChart;
  return (
    <figure className="min-h-[12rem]" aria-label={title}>
      <Chart className="h-48" data={data} index="date" categories={categories} colors={["blue", "emerald"]} showAnimation={false} yAxisWidth={48} />
    </figure>
  );
}
