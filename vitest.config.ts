import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The suites by cost (`npm test` runs them all; `npm run test:<name>` one of them):
// - unit:  plain functions and components; imports no app, no database.
// - model: the psychometric model on seeded simulated people. Every simulation has a fixed seed, so
//          a result never changes with the machine's load; only the time does, hence the long timeout.
// - http:  the app through app.request, each file over its own copy of one migrated and seeded
//          template database (test/global-setup.ts).
// - process: real server processes (crashes, backups, stops, locks, volumes): they mostly wait on
//          their children, so `npm test` runs them (`npm run test:process`, one file at a time)
//          beside the other projects.
// - e2e:   a served app driven by Debian's Chromium (playwright-core).
const UNIT = ["test/unit/**/*.test.{ts,tsx}", "test/islands/**/*.test.{ts,tsx}", "test/render/**/*.test.{ts,tsx}"];
// files under the unit folders that build an app: they belong to http
const APP_IN_UNIT = ["test/islands/islands.test.tsx", "test/render/island-slot.test.ts", "test/render/page-strings.test.ts"];

// The order the projects of one run start in (vitest's own is by name: e2e, http, model, unit).
// The http files wait now and then (timers, lock waits) and the unit and model files keep a core
// busy from start to end: run last, they fill the end of the run, where the http files' waits
// left a core idle while the last e2e files ran on the other.
const PROJECT_ORDER = ["http", "e2e", "model", "unit"];
class ProjectsInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b)); // stable: vitest's order within a project
  }
}

export default defineConfig({
  test: {
    environment: "node",
    sequence: { sequencer: ProjectsInOrder },
    // Three workers on a two-core machine (vitest's default would be one): an e2e file spends most
    // of its time waiting on its browser, and an http file now and then on a timer or a lock, so
    // with two the cores idled a tenth of the run; with three they are busy throughout (a full
    // run 205 s against 229 s here). The process files run one at a time in a vitest of their own
    // beside this one (`npm test` starts both): they wait on their servers too, but time what a
    // server does, so they never share the machine with each other.
    maxWorkers: 3,
    projects: [
      // threads: a worker starts cheaper than a process. Not isolated: the files are plain functions
      // and components with no module state of their own to leak (none mocks a module or stubs a
      // global), so a worker's files share its imports: 12-14 CPU-s for the project instead of 19-21
      { test: { name: "unit", include: UNIT, exclude: APP_IN_UNIT, testTimeout: 20_000, pool: "threads", isolate: false } },
      { test: { name: "model", include: ["test/model/**/*.test.ts"], testTimeout: 180_000 } },
      {
        test: {
          name: "http",
          include: ["test/api/**/*.test.ts", "test/content/**/*.test.ts", ...APP_IN_UNIT],
          // files share a worker's modules (the app is imported once per worker, not once per file:
          // 40 s of a run); each still gets its own database, app and deps from createTestApp
          isolate: false,
          globalSetup: ["test/build-fresh.ts", "test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "process",
          include: ["test/process/**/*.test.ts"],
          isolate: false,
          globalSetup: ["test/build-fresh.ts", "test/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          isolate: false, // as http: one import of the app per worker
          globalSetup: ["test/build-fresh.ts", "test/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
