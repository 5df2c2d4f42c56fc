// Waiting for the write lock without stopping the server. better-sqlite3's busy timeout is a
// synchronous wait on the one thread that serves every request: while another process held the
// database, every request (reads and health included) queued behind each write's wait. So the
// server's connection runs with `busy_timeout = 0`, and a write that finds the database locked is
// tried again after a timer (the event loop stays free: reads, pages and health keep answering)
// until LOCK_WAIT_MS has passed; then it fails with SQLITE_BUSY, which the app answers as a 503
// `storage_unavailable` (server/lib/storage-health.ts), as libSQL does after its own timeout.
//
// Only a write can wait for the lock in WAL mode, and a write that fails with SQLITE_BUSY has
// changed nothing, so trying it again is safe. Inside a unit of work the lock is already held
// (BEGIN IMMEDIATE took it), so nothing there waits.
type BetterSqlite = import("better-sqlite3").Database;

/** How long a write waits for another process's write lock before it fails as locked. */
export const LOCK_WAIT_MS = 3000;

export const isBusy = (error: unknown) => typeof (error as { code?: unknown })?.code === "string" && /^SQLITE_BUSY/.test((error as { code: string }).code);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `attempt` (a synchronous write) now; when the database is locked, again after growing
 * pauses, asynchronously, until it succeeds or LOCK_WAIT_MS is over. Returns the value directly
 * when the first try succeeds (the usual case costs nothing), a promise otherwise.
 */
export function withWriteLock<T>(attempt: () => T, waitMs = LOCK_WAIT_MS): T | Promise<T> {
  try {
    return attempt();
  } catch (error) {
    if (!isBusy(error)) throw error;
    return retry(attempt, Date.now() + waitMs, error);
  }
}

async function retry<T>(attempt: () => T, deadline: number, first: unknown): Promise<T> {
  let last = first;
  for (let pause = 5; Date.now() < deadline; pause = Math.min(pause * 2, 100)) {
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      last = error;
    }
  }
  throw last;
}

/**
 * BEGIN IMMEDIATE, waiting for the lock as above: synchronously when the lock is free (so no other
 * request's code runs between the caller's check and its BEGIN), a promise when it had to wait.
 */
export function beginImmediate(sqlite: BetterSqlite): void | Promise<void> {
  const begun = withWriteLock(() => {
    // a later try comes from a timer: were a unit of ours open then, wait for it as for a lock
    if (sqlite.inTransaction) throw Object.assign(new Error("a unit of work is open on the connection"), { code: "SQLITE_BUSY" });
    sqlite.exec("BEGIN IMMEDIATE");
  });
  return begun instanceof Promise ? begun : undefined;
}

/**
 * Makes every writing statement drizzle prepares on this connection wait for the lock as above when
 * it runs outside a transaction (an autocommit write). Services always `await` drizzle queries
 * (libSQL needs it), so a promise in place of the value is what they already handle.
 */
export function waitForLockOnWrites(db: object, sqlite: BetterSqlite) {
  const session = (db as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const query = prepare(...args) as Record<string, unknown> & { stmt: { readonly: boolean } };
    if (query.stmt.readonly) return query;
    // `all` calls `values` itself: only the outermost call waits
    let depth = 0;
    for (const method of ["run", "all", "get", "values"] as const) {
      const original = (query[method] as (p?: unknown) => unknown).bind(query);
      const once = (params: unknown) => {
        depth++;
        try {
          return original(params);
        } finally {
          depth--;
        }
      };
      query[method] = (params?: unknown) => (sqlite.inTransaction || depth > 0 ? original(params) : withWriteLock(() => once(params)));
    }
    return query;
  };
}
