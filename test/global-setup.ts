// Made once per run: the migrated and seeded databases every test file starts from (createTestApp
// copies one instead of running 17+ migrations and the seed per file). Two flavours: with the demo
// content (the default) and without it (SEED_DEMO=false).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { seed } from "../db/seed";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: { demo: string; bare: string };
  }
}

async function make(path: string, demo: boolean) {
  const database = await openDatabase(`file:${path}`);
  await seed(database.db, { demo });
  await database.close(); // closing the last connection checkpoints the WAL into the file
  return path;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "tf-template-"));
  project.provide("templateDb", { demo: await make(join(dir, "demo.db"), true), bare: await make(join(dir, "bare.db"), false) });
  return () => rmSync(dir, { recursive: true, force: true });
}
