// Compiles the server (and the backup/restore commands it runs) to plain JavaScript in dist/, so
// production runs `node dist/server.js`: no tsx loader between the signal and the server, and no
// TypeScript to transform at start-up. The pure-JavaScript npm packages are bundled in: a start then
// reads a few files instead of resolving and loading about 1,100 modules one by one (the loader's
// package.json lookups were a third of the start). What cannot be bundled stays external (EXTERNAL).
// Code splitting keeps dist/server.js a small entry that turns on Node's compile cache before the
// rest (dist/main-*.js and shared chunks) is compiled (server/entry.ts).
// Source files find their data next to themselves (`import.meta.url`: migrations, locales, the
// model, public/); each one's `import.meta.url` is rewritten to its own path relative to the bundle,
// so the compiled file reads the same files as the source.
import { readdir, readFile, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import * as esbuild from "esbuild";

const root = new URL("..", import.meta.url).pathname;
export const DIST = join(root, "dist");
export const SERVER_ENTRIES = { server: "server/entry.ts", backup: "scripts/backup.ts", restore: "scripts/restore.ts" };

/** Left to node_modules: native addons (each loads a binary found next to itself; a package that
 * reads its own files at run time would belong here too: none does, the PDF fonts are found with
 * require.resolve from our source's path), and exceljs, which only an export loads (a dynamic
 * import). The rest of node_modules is bundled. jspdf's optional browser helpers (HTML rendering) are never used
 * on the server; external, they are not bundled for nothing. */
const EXTERNAL = [
  "better-sqlite3",
  "@libsql/client",
  "onnxruntime-node",
  "@node-rs/argon2",
  "@resvg/resvg-js",
  "esbuild",
  "exceljs",
  "html2canvas",
  "canvg",
  "dompurify",
];

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
  // the chunks' names change with their content: the last build's must not pile up
  for (const file of await readdir(DIST).catch(() => [])) if (file.endsWith(".js") || file.endsWith(".js.map")) await rm(join(DIST, file));
  await esbuild.build({
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, file]) => ({ out, in: join(root, file) })),
    outdir: DIST,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL,
    // every chunk sits in dist/ itself, so the rewritten import.meta.url (relative to dist/) holds in each
    splitting: true,
    chunkNames: "[name]-[hash]",
    // bundled CommonJS packages require Node's built-in modules: an ES module has no `require` of its own
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    jsx: "automatic",
    // the maps point at our sources by path (beside dist/ in a checkout and in the image); without
    // every bundled package's text copied in, they are half the size and the build a few seconds faster
    sourcemap: true,
    sourcesContent: false,
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
