// `npm run backup [path]`: an online, verified copy of the database while the server runs.
// path: a directory (default BACKUP_DIR, else backups/ beside the database), where the newest
// BACKUP_KEEP backups within BACKUP_KEEP_BYTES are kept (`--keep=N` for this run), or a file ending
// in .gz. `--quick` runs quick_check instead of integrity_check (faster on a large file). A backup
// that would leave less than BACKUP_MIN_FREE on its volume is refused before it starts. The outcome
// goes to `<dir>/.backup-status.json` for health. See db/backup.ts for how.
import { loadBackupConfig } from "../server/config";
import { backupDatabase, backupDirOf, backupPathOf } from "../db/backup";
import { recordBackupStatus } from "../db/backup-space";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const target = args.find((a) => !a.startsWith("--"));
const keepFlag = args.find((a) => a.startsWith("--keep="));
let statusDir: string | null = null;
try {
  const config = loadBackupConfig(keepFlag ? { ...process.env, BACKUP_KEEP: keepFlag.slice("--keep=".length) } : process.env);
  const db = backupPathOf(config.DATABASE_URL);
  const into = target ?? backupDirOf(db, config.BACKUP_DIR);
  if (!into.endsWith(".gz")) statusDir = into;
  const r = await backupDatabase(db, into, { keep: config.BACKUP_KEEP, keepBytes: config.BACKUP_KEEP_BYTES, minFree: config.BACKUP_MIN_FREE, quick });
  const mb = (n: number) => (n / 1048576).toFixed(1);
  console.log(`backup: ${r.file} (${mb(r.bytes)} MB → ${mb(r.compressedBytes)} MB gzipped, checked, ${(r.ms / 1000).toFixed(1)} s)`);
  if (statusDir) recordBackupStatus(statusDir, { ok: true, file: r.file });
} catch (e) {
  const message = (e as Error).message;
  console.error(message);
  if (statusDir) recordBackupStatus(statusDir, { ok: false, error: message });
  process.exit(1);
}
