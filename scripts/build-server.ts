// Compiles the server (and the backup/restore commands it runs) to plain JavaScript in dist/, so
// production runs `node dist/server.js`: no tsx loader between the signal and the server, and no
// TypeScript to transform at start-up. npm packages stay external (node_modules as installed).
// Source files find their data next to themselves (`import.meta.url`: migrations, locales, the
// model, public/); each one's `import.meta.url` is rewritten to its own path relative to the bundle,
// so the compiled file reads the same files as the source.
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import * as esbuild from "esbuild";

const root = new URL("..", import.meta.url).pathname;
export const DIST = join(root, "dist");
export const SERVER_ENTRIES = { server: "main.ts", backup: "scripts/backup.ts", restore: "scripts/restore.ts" };

const sourceUrl: esbuild.Plugin = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx)$/ }, async (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const fromDist = relative(DIST, args.path).split("\\").join("/");
      return {
        contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`),
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
        resolveDir: dirname(args.path),
      };
    });
  },
};

export async function buildServer({ quiet = false } = {}) {
  await esbuild.build({
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, file]) => ({ out, in: join(root, file) })),
    outdir: DIST,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    sourcemap: true,
    logLevel: quiet ? "error" : "warning",
    define: { __COMPILED__: "true" },
    plugins: [sourceUrl],
  });
  if (!quiet)
    console.log(
      `built ${Object.keys(SERVER_ENTRIES)
        .map((e) => `dist/${e}.js`)
        .join(", ")}`,
    );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) await buildServer();
