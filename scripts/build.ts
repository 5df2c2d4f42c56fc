// Builds the browser assets into public/build with content-hashed names:
// - the island loader (client/boot.ts) and the islands of the registry (islands/index.ts): one
//   esbuild run, ESM with code splitting, so React lands in one shared chunk and each island (and
//   the chart island's Tremor code) in its own: a page without a chart never loads chart code;
//   parts of the chart libraries it never uses are swapped for stand-ins (scripts/chart-trim.ts);
// - the Tailwind stylesheet;
// - a .br and a .gz beside every script and stylesheet, served by serveStatic's `precompressed`
//   so no request pays for compression.
// Writes public/build/manifest.json for the server (server/render/assets.ts).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { ISLANDS, type IslandName } from "../islands";
import type { Manifest } from "../server/render/assets";
import { chartTrim } from "./chart-trim";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "public/build");
const islandsDir = join(root, "islands");
const loaderFile = join(root, "client/boot.ts");
const captchaFormsFile = join(root, "client/captcha-forms.ts");

/** Tremor ships no `sideEffects` flag; declaring it lets esbuild drop every part we don't import. */
const tremorSideEffectFree: esbuild.Plugin = {
  name: "tremor-side-effect-free",
  setup(build) {
    build.onResolve({ filter: /^@tremor\/react/ }, async (args) => {
      if (args.pluginData?.tremor) return undefined;
      const result = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { tremor: true },
      });
      return { ...result, sideEffects: false };
    });
  },
};

/** One entry per island of the registry, at islands/<name>.tsx. A key whose file is missing or
 * exports another component would render one island and hydrate another, so it stops the build. */
async function islandEntries(): Promise<{ file: string; enhance: boolean }[]> {
  return Promise.all(
    Object.entries(ISLANDS).map(async ([name, component]) => {
      const file = join(islandsDir, `${name}.tsx`);
      const mod = existsSync(file) ? ((await import(pathToFileURL(file).href)) as { default?: unknown; enhance?: unknown }) : null;
      if (mod?.default !== component) throw new Error(`islands/index.ts: "${name}" must be the default export of islands/${name}.tsx`);
      return { file, enhance: typeof mod.enhance === "function" };
    }),
  );
}

export async function build({ quiet = false } = {}) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const islands = await islandEntries();
  const result = await esbuild.build({
    entryPoints: [loaderFile, captchaFormsFile, ...islands.map((i) => i.file)],
    outdir: out,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: ["es2020"],
    jsx: "automatic",
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [tremorSideEffectFree, chartTrim],
    logLevel: quiet ? "error" : "warning",
  });

  const manifest: Manifest = { css: null, loader: null, captchaForms: null, islands: {} };
  const url = (file: string) => "/" + relative(join(root, "public"), join(root, file));
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of result.metafile.outputs[file]?.imports ?? []) {
      if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
    return [...seen];
  };
  /** The chunks a file imports dynamically, with what those import statically, minus `known`. */
  const dynamicImports = (file: string, known: string[]) => {
    const chunks = (result.metafile.outputs[file]?.imports ?? []).filter((i) => i.kind === "dynamic-import" && i.path.startsWith(relative(root, out)));
    return [...new Set(chunks.flatMap((i) => [i.path, ...staticImports(i.path)]))].filter((f) => !known.includes(f));
  };
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const imports = staticImports(file);
    const script = { src: url(file), imports: imports.map(url) };
    const source = resolve(meta.entryPoint); // esbuild names it relative to the working directory
    if (source === loaderFile) manifest.loader = { ...script, runtime: dynamicImports(file, imports).map(url) };
    else if (source === captchaFormsFile) manifest.captchaForms = script;
    // (the loader's dynamic imports of React are entry points to esbuild too, but no islands)
    else if (source.startsWith(islandsDir))
      manifest.islands[basename(source, ".tsx") as IslandName] = islands.find((i) => i.file === source)?.enhance ? { ...script, enhance: true } : script;
  }

  const cssTmp = join(out, "app.css");
  execFileSync(
    join(root, "node_modules/.bin/tailwindcss"),
    ["-c", join(root, "tailwind.config.cjs"), "-i", join(root, "server/render/app.css"), "-o", cssTmp, "--minify"],
    // The browser data (caniuse-lite) is pinned by the lockfile and moves with a dependency update,
    // never during a build: its "outdated" notice would only tell a newcomer to edit the lockfile.
    { cwd: root, stdio: quiet ? "ignore" : ["ignore", "ignore", "inherit"], env: { ...process.env, BROWSERSLIST_IGNORE_OLD_DATA: "1" } },
  );
  const css = readFileSync(cssTmp);
  const cssName = `app-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  writeFileSync(join(out, cssName), css);
  rmSync(cssTmp);
  manifest.css = `/build/${cssName}`;

  writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
  precompress(out);
  if (!quiet) console.log(`built ${Object.keys(manifest.islands).length} islands and ${cssName}`);
  return manifest;
}

function precompress(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css)$/.test(entry.name)) {
      const body = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  await build();
} else if (existsSync(join(root, "node_modules/.bin/tailwindcss")) === false) {
  throw new Error("tailwindcss is not installed");
}
