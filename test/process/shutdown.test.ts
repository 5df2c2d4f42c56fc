// Graceful shutdown of the real server process: on SIGTERM it stops taking connections, lets
// the requests already in flight finish, closes the database and exits 0 (fly.io sends SIGTERM
// on every deploy).
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER } from "../server-process";

const dir = mkdtempSync(join(tmpdir(), "tf-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, then exits 0", async () => {
    const port = 3950 + Math.floor(Math.random() * 40);
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, SERVER, {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${join(dir, "app.db")}`,
        OUTBOX_DIR: join(dir, "outbox"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (d) => (output += d));
    server.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    for (let i = 0; i < 400 && !output.includes("listening"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain("listening");

    // sign-ups hash a password (argon2id), so they are still running when the signal arrives;
    // the signal goes only once every request has been written, so none is merely queued
    const written: Promise<void>[] = [];
    const inFlight = Array.from({ length: 6 }, (_, i) => {
      const body = JSON.stringify({ email: `late${i}@example.com`, password: "a long pass phrase", policy: true, terms: true, offer: true });
      return new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/api/passport/signup",
            method: "POST",
            headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode!));
          },
        );
        req.on("error", reject);
        written.push(new Promise((w) => req.on("finish", () => w())));
        req.end(body);
      });
    });
    await Promise.all(written);
    await new Promise((r) => setTimeout(r, 20));
    server.kill("SIGTERM");
    expect(await Promise.all(inFlight)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await exited, output).toBe(0);
    expect(output).toContain("SIGTERM: finishing in-flight requests");
    expect(output).toContain("stopped");
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 90_000);
});
