// `npm run seed:large [file]`: migrates and seeds a database (default data/large.db), then adds
// 100,000 users with results, 5,000 employees in one project (in departments and positions, their
// results with indicators) and a year of orders; then every employee's fit for every position, as
// the cabinet's recomputation stores it.
import { loadConfig } from "../server/config";
import { bootstrap } from "../server/bootstrap";
import { seedLarge } from "../db/seed/large";
import { recomputeEfficiencies } from "../server/services/business/efficiency";

const file = process.argv[2] ?? "data/large.db";
const config = loadConfig({ ...process.env, DATABASE_URL: `file:${file}`, DATABASE_DRIVER: "auto", SEED_DEMO: "false" });
const deps = await bootstrap(config);
if (deps.database.kind !== "better-sqlite3") throw new Error("seed:large writes a local SQLite file");
const t0 = performance.now();
const counts = seedLarge((deps.db as unknown as { $client: import("better-sqlite3").Database }).$client);
const t1 = performance.now();
await recomputeEfficiencies(deps.db, counts.projectId);
const s = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
console.log(`${file}: ${JSON.stringify(counts)} in ${s(t0, t1)} s; every employee's fit for every position in ${s(t1, performance.now())} s`);
await deps.database.close();
