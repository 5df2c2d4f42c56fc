// A volume that turns read-only under the server (ext4 remounts itself read-only after a disk
// error): pages and reads keep being served, health says why writes fail, a write answers 503
// read-only, and SIGTERM still stops cleanly with exit 0. A real ext4 loop volume (root only).
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../server-process";
import { ext4Volume } from "../volume";

const { volume, skip } = ext4Volume(64);
if (skip) console.warn(`read-only volume test skipped: ${skip}`);
let server: ServerProcess | null = null;
afterAll(() => {
  server?.child.kill("SIGKILL");
  volume?.close();
});

describe.skipIf(!volume)("a read-only volume", () => {
  it("serves pages and reads, says read_only in health, refuses writes with 503, and stops with exit 0", async () => {
    const dir = volume!.dir;
    server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, OUTBOX_DIR: join(dir, "outbox") });
    const { base } = server;
    const signup = (email: string) =>
      fetch(`${base}/api/passport/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: "i18n_locale=en" },
        body: JSON.stringify({ email, policy: true, terms: true, offer: true }),
      });
    expect((await signup("before@example.com")).status).toBe(201);

    volume!.failReadOnly();
    const write = await signup("after@example.com");
    expect(write.status).toBe(503);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe("storage_unavailable");
    for (const path of ["/", "/about", "/api/test", "/api/total"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
    }
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { writes?: string }).writes, server.output().slice(-3000)).toBe("read_only");

    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain("stopped");
    server = null;
  }, 60_000);
});
