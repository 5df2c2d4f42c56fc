// Honest health for the write path: a full disk, a read-only file or a database locked
// past the busy timeout made every write a generic 500 while /api/health answered 200 (it only
// read). Storage errors are recognised by their SQLite code wherever they come from (better-sqlite3,
// libSQL, wrapped by drizzle), answered as 503 with a message a person can act on, and remembered
// so the health check reports them until a real write succeeds again.
import { AppError } from "./errors";

export type StorageFault = "disk_full" | "read_only" | "locked" | "io_error";

const FAULTS: [RegExp, StorageFault][] = [
  [/^SQLITE_FULL/, "disk_full"],
  [/^SQLITE_READONLY/, "read_only"],
  [/^SQLITE_CANTOPEN/, "read_only"],
  [/^SQLITE_(BUSY|LOCKED)/, "locked"],
  [/^SQLITE_IOERR/, "io_error"],
  // the WAL's own flush before a reply (db/durability.ts) fails with the file system's codes
  [/^ENOSPC$/, "disk_full"],
  [/^EROFS$/, "read_only"],
  [/^EIO$/, "io_error"],
];

/** The storage fault behind an error (its own code or a cause's), or null. */
export function storageFaultOf(error: unknown): StorageFault | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const text = typeof code === "string" ? code : e instanceof Error ? e.message : "";
    for (const [pattern, fault] of FAULTS) if (pattern.test(text)) return fault;
    // disk I/O errors from the libSQL client come as a message only
    if (e instanceof Error && /database or disk is full/i.test(e.message)) return "disk_full";
    if (e instanceof Error && /attempt to write a readonly database/i.test(e.message)) return "read_only";
  }
  return null;
}

export const storageError = (fault: StorageFault) =>
  new AppError(503, "storage_unavailable", `common.errors.storage.${fault}`, undefined, undefined, { "Retry-After": "60" });

/**
 * The write path's state per database: the last real write probe (at most one per PROBE_MS, so a
 * health check under load costs a cached read) and the last storage fault a request hit.
 */
export class StorageHealth {
  private fault: StorageFault | null = null;
  private faultAt = 0;
  private probedAt = 0;
  private probing: Promise<void> | null = null;

  constructor(
    private probe: () => Promise<void>,
    private probeMs = 2000,
  ) {}

  /** A request's write failed on storage: health says so at once. */
  report(fault: StorageFault) {
    this.fault = fault;
    this.faultAt = Date.now();
  }

  /** The fault now, probing a real write when the last probe is older than PROBE_MS. */
  async check(): Promise<StorageFault | null> {
    if (Date.now() - this.probedAt >= this.probeMs || (this.fault && this.faultAt > this.probedAt)) {
      this.probing ??= this.probe()
        .then(() => {
          this.fault = null;
        })
        .catch((e) => {
          this.fault = storageFaultOf(e) ?? "io_error";
          this.faultAt = Date.now();
          console.error(`health: the write probe failed (${this.fault}):`, (e as Error).message);
        })
        .finally(() => {
          this.probedAt = Date.now();
          this.probing = null;
        });
      await this.probing;
    }
    return this.fault;
  }
}

const healthOf = new WeakMap<object, StorageHealth>();
/** One StorageHealth per open database. */
export function storageHealthOf(database: { probeWrite(): Promise<void> }) {
  let health = healthOf.get(database);
  if (!health) healthOf.set(database, (health = new StorageHealth(() => database.probeWrite())));
  return health;
}
