// `npm run restore <backup.db.gz>`: puts a backup in place of DATABASE_URL's file. The server must
// be stopped (a running one is detected and refused; `--force` overrides a stale claim from another
// machine). The backup is checked before anything is replaced; the replaced database is kept.
import { loadBackupConfig } from "../server/config";
import { backupPathOf, restoreDatabase } from "../db/backup";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: npm run restore <backup.db.gz> [--force]");
  process.exit(2);
}
try {
  const db = backupPathOf(loadBackupConfig().DATABASE_URL);
  const r = await restoreDatabase(file, db, { force: args.includes("--force") });
  console.log(`restore: ${file} → ${r.restored} (integrity_check ok)`);
  if (r.previous) console.log(`restore: the database it replaced is kept at ${r.previous}; remove it once the restored one is right`);
  console.log("restore: start the server now; it applies any newer migrations to the restored file");
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
