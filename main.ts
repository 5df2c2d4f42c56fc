// Entry point (compiled to dist/server.js; `npm start` runs it). Validates the environment,
// migrates and seeds the database, serves the app, runs the scheduled backup if asked, and on
// SIGTERM/SIGINT stops cleanly (below).
import { serve } from "@hono/node-server";
import type { IncomingMessage, ServerResponse } from "node:http";
import module from "node:module";
import net, { type Socket } from "node:net";
import { backupPathOf, claimDatabase } from "./db/backup";
import { scheduleBackups } from "./server/backup-schedule";
import { createApp } from "./app";
import { bootstrap } from "./server/bootstrap";
import { loadConfig } from "./server/config";

// every file the server makes (the database, its WAL, backups, the outbox, uploads) is its own user's
// alone: group and others get nothing, whatever the host's umask
process.umask(0o077);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

if (config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "sandbox") {
  console.warn("WARNING: PAYMENT_SANDBOX=true in production: anyone can buy anything for free with the sandbox's Pay button.");
}
if (config.NODE_ENV === "production" && !config.SMTP_URL) {
  console.warn(`WARNING: no SMTP_URL in production: e-mails (confirmation, password links) are only written to ${config.OUTBOX_DIR} and nobody receives them.`);
}

if (config.NODE_ENV === "production" && !config.LITESTREAM_REPLICA_URL && !config.BACKUP_OFFBOX) {
  console.warn(
    "WARNING: no copy of the database leaves this machine: set LITESTREAM_REPLICA_URL, or copy the backups off and set BACKUP_OFFBOX=external (README, Deploy). Health reports no_off_box_copy.",
  );
}

const deps = await bootstrap(config);
const app = createApp(deps);
deps.jobs.start(); // mail and recomputes a crash or an SMTP outage left undone
/** The database file, for the claim a restore checks (none for a libSQL server). */
const path = (() => {
  try {
    return backupPathOf(config.DATABASE_URL);
  } catch {
    return null;
  }
})();
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  // the compiled code of the start, written now (dist/server.js turned the cache on): Node writes it
  // at a normal exit only, and a start killed (a crash, SIGKILL) would leave the next start to compile again
  (module as { flushCompileCache?: () => void }).flushCompileCache?.();
  console.log(`Thinking Format listening on http://localhost:${info.port} (database: ${deps.database.kind})`);
});

/**
 * A clean stop. First the listener closes (after ACCEPT_GRACE_MS, below), so new connections are
 * refused (a refused connection carried no request; the client retries elsewhere or later) instead
 * of queueing up to be reset: closing a listener resets every connection still in its accept queue.
 * Who is in that queue at the instant it closes? Clients that open a connection per request, between
 * one reply and their next request. So, before closing, the stop parks every new connection
 * (accepted, not read: its client waits for its reply, not in the queue) until for PARK_QUIET_MS no
 * connection has come and none has closed (a client whose connection just closed may be about to
 * reconnect): by then every such client is parked inside the server, and the listener closes right
 * after a turn's I/O has accepted whatever was still queued; the parked connections are then read
 * and answered.
 * Then every connection already accepted is answered for what it sends, each response with
 * `Connection: close` (Node closes the socket after it). A connection with nothing in flight may
 * still have a request on the wire, so it is given IDLE_GRACE_MS to send it before it is ended.
 * Once every connection is gone the database closes and the process exits 0.
 */
const IDLE_GRACE_MS = 1000;
const ACCEPT_GRACE_MS = 250;
/** No new connection for this long: every client that reconnects is parked. */
const PARK_QUIET_MS = 30;
/** Parking ends by then whatever comes (a stream of clients from outside never goes quiet). */
const PARK_MAX_MS = 1000;
let parking = false;
const parked: Socket[] = [];
/** net.Server reads its `pauseOnConnect` option at every accept: while parking, a new connection's
 * socket is created without reading (the HTTP server sees no request on it until it is resumed). */
const pauseOnConnect = (on: boolean) => ((server as unknown as { pauseOnConnect: boolean }).pauseOnConnect = on);
/** While parking: a connection came or went (the quiet period starts again). */
let onActivity = () => {};
let stopping = false;
let listenerClosed = false;
/** Per accepted connection: requests read but not yet answered, and since when it has had none. */
const connections = new Map<Socket, { inFlight: number; idleSince: number }>();
server.on("connection", (socket: Socket) => {
  connections.set(socket, { inFlight: 0, idleSince: Date.now() });
  socket.on("close", () => {
    connections.delete(socket);
    onActivity();
  });
  onActivity();
  if (parking) parked.push(socket); // accepted unread (pauseOnConnect), until the listener closes
});
server.on("request", (req: IncomingMessage, res: ServerResponse) => {
  const state = connections.get(req.socket);
  if (state) state.inFlight++;
  // only once the listener is closed: a client told to reconnect earlier would queue up to be reset
  if (listenerClosed) res.setHeader("Connection", "close");
  res.once("close", () => {
    if (!state) return;
    state.inFlight--;
    state.idleSince = Date.now();
  });
});
const releaseClaim = path ? claimDatabase(path) : () => {};
const stopBackups = scheduleBackups(config);

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  stopBackups();
  console.log(`${signal}: finishing in-flight requests (new connections refused)…`);
  const force = setTimeout(() => process.exit(1), 13_000); // before the platform's kill_timeout (15 s)
  force.unref();
  // net.Server's close, not http.Server's: that one also closes idle connections at once, which
  // resets a request still on its way in
  const closeListener = () => {
    if (listenerClosed) return;
    listenerClosed = true;
    parking = false;
    pauseOnConnect(false);
    net.Server.prototype.close.call(server, async () => {
      // every request is answered by now: a volume gone read-only (the claim cannot be removed, the
      // last checkpoint cannot be written) is logged, not a failed stop
      for (const [what, step] of [
        ["jobs", () => deps.jobs.stop()],
        ["database", () => deps.database.close()],
        ["claim", async () => releaseClaim()],
      ] as const) {
        await step().catch((e: Error) => console.error(`stop: closing the ${what} failed: ${e.message}`));
      }
      console.log("stopped");
      process.exit(0);
    });
    for (const socket of parked.splice(0)) {
      const state = connections.get(socket);
      if (state) state.idleSince = Date.now(); // its grace to send starts now
      socket.resume();
    }
  };
  // A request sent just before the signal may still wait in the accept queue on a busy machine, so
  // the listener first stays open as it was (nobody told to reconnect) for ACCEPT_GRACE_MS; then
  // new connections are parked until they stop coming, and the listener closes.
  setTimeout(() => {
    parking = true;
    pauseOnConnect(true);
    let activity = 0;
    // the quiet period over, the close waits for the turn's I/O (setImmediate), which accepts any
    // connection a busy loop had left queued; one that came meanwhile starts the quiet again
    const whenQuiet = () => {
      const seen = activity;
      setImmediate(() => {
        if (activity === seen) closeListener();
      });
    };
    let quiet = setTimeout(whenQuiet, PARK_QUIET_MS);
    onActivity = () => {
      activity++;
      clearTimeout(quiet);
      quiet = setTimeout(whenQuiet, PARK_QUIET_MS);
    };
    const cap = setTimeout(closeListener, PARK_MAX_MS);
    server.once("close", () => {
      onActivity = () => {};
      clearTimeout(quiet);
      clearTimeout(cap);
    });
  }, ACCEPT_GRACE_MS);
  const stoppedAt = Date.now() + ACCEPT_GRACE_MS;
  setInterval(() => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.inFlight === 0 && !parked.includes(socket) && now - Math.max(state.idleSince, stoppedAt) >= IDLE_GRACE_MS) socket.end();
    }
  }, 100).unref();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
