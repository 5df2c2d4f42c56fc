// Start: `npm start` and the image's command (`node dist/server.js`) run the server as
// the process that gets the signal: SIGTERM to npm reaches the server's clean stop (it was left
// running, orphaned, behind npm and tsx), and the port is free afterwards. Both serve a migrated,
// seeded database. `npm test` builds dist/ first; a stale build is rebuilt by npm start itself.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../server-process";

const dir = mkdtempSync(join(tmpdir(), "tf-start-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runAndStop(command: string, args: string[], name: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, `${name}.db`)}`,
      OUTBOX_DIR: join(dir, "outbox"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let health = 0;
  for (let i = 0; i < 1200 && health !== 200; i++) {
    health = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (health !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(health, output).toBe(200);
  const tests = (await (await fetch(`${base}/api/test`)).json()) as { docs: unknown[] };
  expect(tests.docs.length).toBeGreaterThan(0); // migrated and seeded
  child.kill("SIGTERM");
  const code = await exited;
  await new Promise((r) => setTimeout(r, 200));
  await expect(fetch(`${base}/api/health`)).rejects.toThrow(); // nothing left listening
  return { code, output };
}

describe("starting and stopping", () => {
  it("npm start passes SIGTERM to the server, which stops cleanly", async () => {
    const { output } = await runAndStop("npm", ["start"], "npm");
    expect(output).toContain("SIGTERM: finishing in-flight requests");
    expect(output).toContain("stopped");
  }, 180_000);

  it("the image's command, node dist/server.js, stops cleanly with exit 0", async () => {
    const { code, output } = await runAndStop(process.execPath, ["dist/server.js"], "dist");
    expect(code, output).toBe(0);
    expect(output).toContain("stopped");
  }, 60_000);
});
