// An esbuild plugin for the chart islands: resolves the modules listed below to the stand-ins in
// client/chart-stubs (why each is safe is written there). Measured on the two charts used
// (Tremor's BarChart): see `BENCH_ONLY=statsjs npm run bench`.
import { join } from "node:path";
import type * as esbuild from "esbuild";

const stubs = join(new URL("..", import.meta.url).pathname, "client/chart-stubs/index.ts");
/** module paths (as imported) → replaced by the stubs module */
const TRIMMED = [
  /\/lib\/tremorTwMerge\.js$/,
  /^react-smooth$/,
  /(^|\/)(Brush|ErrorBar|ReferenceLine|ReferenceArea|ReferenceDot|DefaultLegendContent|DefaultTooltipContent|Sector|Trapezoid|Symbols)(\.js)?$/,
];

export const chartTrim: esbuild.Plugin = {
  name: "chart-trim",
  setup(build) {
    build.onResolve(
      { filter: /tremorTwMerge|react-smooth|Brush|ErrorBar|Reference(Line|Area|Dot)|Default(Legend|Tooltip)Content|Sector|Trapezoid|Symbols/ },
      (args) => {
        if (!TRIMMED.some((re) => re.test(args.path))) return undefined;
        // only inside the chart libraries: our own code never imports these names
        if (!/node_modules\/(@tremor|recharts)/.test(args.importer)) return undefined;
        return { path: stubs };
      },
    );
  },
};
