// `npm run seed:large [file]`: migrates and seeds a database (default data/large.db), then adds
// 100,000 users with results, 5,000 employees in one project and a year of orders.
import { loadConfig } from "../server/config";
import { bootstrap } from "../server/bootstrap";
import { seedLarge } from "../db/seed/large";

const file = process.argv[2] ?? "data/large.db";
const config = loadConfig({ ...process.env, DATABASE_URL: `file:${file}`, DATABASE_DRIVER: "auto", SEED_DEMO: "false" });
const deps = await bootstrap(config);
if (deps.database.kind !== "better-sqlite3") throw new Error("seed:large writes a local SQLite file");
const t0 = performance.now();
const counts = seedLarge((deps.db as unknown as { $client: import("better-sqlite3").Database }).$client);
console.log(`${file}: ${JSON.stringify(counts)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await deps.database.close();
