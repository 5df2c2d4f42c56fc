// The build manifest written by scripts/build.ts: hashed file names of the stylesheet, and of the
// island loader and each island with the chunks they import statically (for modulepreload).
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { IslandName } from "../../islands";

export interface ScriptEntry {
  src: string;
  imports: string[];
}

export interface IslandEntry extends ScriptEntry {
  /** The island's module exports `enhance` (islands/index.ts): the browser runs it on the server's
   * markup instead of hydrating with React, so React DOM is never loaded for it. */
  enhance?: true;
}

export interface Manifest {
  css: string | null;
  /** The island loader; `runtime`: what it imports when an island hydrates (React DOM's chunks). */
  loader: (ScriptEntry & { runtime: string[] }) | null;
  /** Fills reCAPTCHA tokens into plain forms (client/captcha-forms.ts); loaded only when captcha is on. */
  captchaForms: ScriptEntry | null;
  islands: Partial<Record<IslandName, IslandEntry>>;
}

export const PUBLIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../public");
const MANIFEST_PATH = join(PUBLIC_DIR, "build", "manifest.json");
const EMPTY: Manifest = { css: null, loader: null, captchaForms: null, islands: {} };

let cached: { mtime: number; checkedAt: number; manifest: Manifest } | null = null;

/** Re-read when the file changes (checked at most once a second), so a rebuild is picked up
 * without a restart. */
export function manifest(): Manifest {
  const now = Date.now();
  if (cached && now - cached.checkedAt < 1000) return cached.manifest;
  if (!existsSync(MANIFEST_PATH)) return EMPTY;
  const mtime = statSync(MANIFEST_PATH).mtimeMs;
  if (!cached || cached.mtime !== mtime) {
    cached = { mtime, checkedAt: now, manifest: JSON.parse(readFileSync(MANIFEST_PATH, "utf8")) as Manifest };
  }
  cached.checkedAt = now;
  return cached.manifest;
}
