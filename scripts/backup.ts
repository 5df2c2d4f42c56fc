// `npm run backup [path]`: an online, verified copy of the database while the server runs.
// path: a directory (default BACKUP_DIR, else backups/ beside the database), where the newest
// BACKUP_KEEP backups are kept (`--keep=N` for this run), or a file ending in .gz. `--quick` runs
// quick_check instead of integrity_check (faster on a large file). See db/backup.ts for how.
import { loadBackupConfig } from "../server/config";
import { backupDatabase, backupDirOf, backupPathOf } from "../db/backup";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const target = args.find((a) => !a.startsWith("--"));
const keepFlag = args.find((a) => a.startsWith("--keep="));
try {
  const config = loadBackupConfig(keepFlag ? { ...process.env, BACKUP_KEEP: keepFlag.slice("--keep=".length) } : process.env);
  const db = backupPathOf(config.DATABASE_URL);
  const r = await backupDatabase(db, target ?? backupDirOf(db, config.BACKUP_DIR), { keep: config.BACKUP_KEEP, quick });
  const mb = (n: number) => (n / 1048576).toFixed(1);
  console.log(`backup: ${r.file} (${mb(r.bytes)} MB → ${mb(r.compressedBytes)} MB gzipped, checked, ${(r.ms / 1000).toFixed(1)} s)`);
  for (const f of r.removed) console.log(`backup: removed ${f} (BACKUP_KEEP=${config.BACKUP_KEEP})`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
