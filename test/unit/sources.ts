// What the architecture tests read: the repository's root and every TypeScript source under a folder.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..");

/** Every .ts and .tsx file under `dir` (an absolute path), at any depth. */
export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
