// A 413 the client can read: an oversized body is refused, and the rest of it is read
// and thrown away before the connection closes, so the refusal is never lost in a reset — checked
// 50 times with fetch and 50 times with a raw socket against the real server process. And a
// manager's review photo that is too large is a field message on the form, with what was typed
// kept, not a bare 413 page.
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANAGER, MANAGER_ENV } from "../fixtures";
import { startServer, type ServerProcess } from "../server-process";

const dir = mkdtempSync(join(tmpdir(), "tf-413-"));
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    OUTBOX_DIR: join(dir, "outbox"),
    UPLOAD_DIR: join(dir, "uploads"),
    ...MANAGER_ENV,
  });
}, 60_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

const TRIES = 50;
const big = Buffer.alloc(3 * 1024 * 1024, "a"); // 3 MB, over the 1 MB limit

/** Sends headers and a body of `length` bytes in 64 KB writes; resolves with what came back. */
function rawPost(length: number) {
  return new Promise<string>((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    socket.on("error", (e: NodeJS.ErrnoException) => resolve(received || `error ${e.code}`));
    socket.on("close", () => resolve(received));
    socket.write(`POST /api/passport/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`);
    let sent = 0;
    const pump = () => {
      while (sent < length) {
        const n = Math.min(65536, length - sent);
        sent += n;
        if (!socket.write(big.subarray(0, n))) return socket.once("drain", pump);
      }
    };
    socket.on("error", () => {});
    pump();
  });
}

describe("an oversized body", () => {
  it("is refused with a 413 that fetch reads every time", async () => {
    const statuses: (number | string)[] = [];
    for (let i = 0; i < TRIES; i++) {
      try {
        const res = await fetch(`${server.base}/api/passport/signup`, {
          method: "POST",
          headers: { "Content-Type": "application/json", locale: "en" },
          body: big,
        });
        const body = (await res.json()) as { error: { code: string; message: string } };
        statuses.push(res.status);
        expect(body.error).toEqual({ code: "payload_too_large", message: "The request is too large" });
      } catch (e) {
        statuses.push(String((e as Error).cause ?? e));
      }
    }
    expect(statuses).toEqual(Array(TRIES).fill(413));
  }, 120_000);

  it("is refused with a 413 that a raw socket reads every time", async () => {
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) answers.push((await rawPost(big.length)).split("\r\n")[0]!);
    expect(answers).toEqual(Array(TRIES).fill("HTTP/1.1 413 Payload Too Large"));
    // and the server still serves
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);
});

describe("the review form", () => {
  it("keeps what was typed and shows a field message for a photo over the limit", async () => {
    const token = (
      (await (
        await fetch(`${server.base}/api/passport/auth`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(MANAGER) })
      ).json()) as { token: string }
    ).token;
    const post = (photo: Blob) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ _form: "create", name: "Photo Person", position: "Head of QA", textEn: "Typed with care, and not to be lost." }))
        body.set(k, v);
      body.set("img", photo, "big.jpg");
      return fetch(`${server.base}/manager/reviews/create`, {
        method: "POST",
        headers: { Cookie: `token=${token}; i18n_locale=en`, Origin: server.base },
        body,
        redirect: "manual",
      });
    };
    const jpeg = (bytes: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(bytes)], { type: "image/jpeg" });
    const res = await post(jpeg(1.4 * 1024 * 1024)); // the photo of the report: 1.4 MB
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The photo is larger than 800 KB");
    expect(html).toContain('value="Photo Person"');
    expect(html).toContain('value="Head of QA"');
    expect(html).toContain("Typed with care, and not to be lost.");
    // past the upload bound (8 MB) it is a 413 again, and a readable one
    expect((await post(jpeg(9 * 1024 * 1024))).status).toBe(413);
  }, 60_000);
});
