// Stand-ins for the parts of Tremor's charts that our chart islands never use, swapped in at
// build time (scripts/chart-trim.ts) to keep the statistics page within its script budget:
// - tailwind-merge: Tremor merges its default classes with a caller's; we pass none that clash.
// - react-smooth: we turn animation off (showAnimation={false}), and with it off Animate only
//   renders its children with the final style, which is what this does.
// - Brush, ErrorBar, Reference{Line,Area,Dot}: recharts looks for them among a chart's children
//   by display name; Tremor never renders them, so an empty component of that name answers.
// - Default{Legend,Tooltip}Content: Tremor always passes its own legend and tooltip content.
// - Sector, Trapezoid, Symbols: shapes of radial, funnel and scatter charts (and the default
//   legend's icons), never drawn by a bar chart.
import type { ReactNode } from "react";

export const tremorTwMerge = (...classes: unknown[]) =>
  classes
    .flat(Infinity as 1)
    .filter((c) => typeof c === "string" && c)
    .join(" ");

export default function Animate({ children, to }: { children?: ReactNode | ((style: unknown) => ReactNode); to?: unknown }) {
  return typeof children === "function" ? children(to ?? {}) : (children ?? null);
}

function named(displayName: string, defaultProps: Record<string, unknown> = {}) {
  const Stub = () => null;
  Stub.displayName = displayName;
  Stub.defaultProps = defaultProps;
  return Stub;
}
export const Brush = named("Brush", { height: 40 });
export const ErrorBar = named("ErrorBar");
export const ReferenceLine = named("ReferenceLine");
export const ReferenceArea = named("ReferenceArea");
export const ReferenceDot = named("ReferenceDot");
export const DefaultLegendContent = named("DefaultLegendContent");
export const DefaultTooltipContent = named("DefaultTooltipContent");
export const Sector = named("Sector");
export const Trapezoid = named("Trapezoid");
export const Symbols = named("Symbols");
