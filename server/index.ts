// Entry point: `npm start`. Validates the environment, migrates and seeds the database, serves
// the app, and on SIGTERM/SIGINT stops accepting connections, lets in-flight requests finish,
// then closes the database.
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { loadConfig } from "./config";

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

const deps = await bootstrap(config);
const app = createApp(deps);
deps.jobs.start(); // mail and recomputes a crash or an SMTP outage left undone
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  console.log(`Thinking Format listening on http://localhost:${info.port} (database: ${deps.database.kind})`);
});

/**
 * A request already sent but not yet read looks like an idle connection, and closing idle
 * connections at once would reset it (seen under load). So shutdown first drains: for DRAIN_MS
 * every response says `Connection: close` and requests on the wire are read and answered; then
 * the server stops listening, closes what is idle and waits for the rest.
 */
const DRAIN_MS = 1500;
let stopping = false;
server.on("request", (_req, res) => {
  if (stopping) res.setHeader("Connection", "close");
});
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests…`);
  const force = setTimeout(() => process.exit(1), 13_000); // before the platform's kill_timeout (15 s)
  force.unref();
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  server.close(async () => {
    await deps.jobs.stop();
    await deps.database.close();
    console.log("stopped");
    process.exit(0);
  });
  // keep-alive sockets would hold close() open until they time out
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
