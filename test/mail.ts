// Reading the mail a test caused: the outbox folder (no SMTP configured) or a real local SMTP
// server (smtp-server) that keeps every message it receives.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Mail {
  to: string;
  subject: string;
  raw: string;
  text: string;
}

function decode(raw: string): Mail {
  const [folded, ...rest] = raw.split(/\r?\n\r?\n/);
  const head = folded!.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => head!.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";

  const boundary = head!.match(/multipart\/alternative;\s*boundary="?([^";\s]+)"?/i)?.[1];
  // a mail with an HTML part too: `text` is its plain part
  const plain = boundary ? raw.split(`--${boundary}`).find((p) => /content-type: text\/plain/i.test(p)) : undefined;
  const decoded = plain ? decode(`Subject: x\n${plain.replace(/^\r?\n/, "")}`) : null;
  let body = decoded ? decoded.text : rest.join("\n\n");
  if (decoded) {
    // already decoded
  } else if (/quoted-printable/i.test(head!)) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  } else if (/base64/i.test(head!)) body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  let subject = header("Subject");
  subject = subject
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?(.*?)\?=/gi, (_, enc: string, s: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(s, "base64").toString("utf8") : decodeURIComponent(s.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );
  return { to: header("To"), subject, raw, text: body };
}

export function outbox(dir: string): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(join(dir, "outbox")).sort();
  } catch {
    return [];
  }
  return files.map((f) => decode(readFileSync(join(dir, "outbox", f), "utf8")));
}

export const lastMailTo = (mails: Mail[], email: string) => [...mails].reverse().find((m) => m.to.includes(email));
export const linkIn = (mail: Mail | undefined, pattern: RegExp) => mail?.text.match(pattern)?.[0] ?? null;

/** A real SMTP server on a free local port. */
export async function startSmtpSink(port = 0) {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // a test is over when the sink closes: a connection still open then is cut at once, not after
    // the 30 s smtp-server gives a real server's clients
    closeTimeout: 200,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(decode(Buffer.concat(chunks).toString("utf8")));
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  const bound = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${bound}`, port: bound, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
