// Mail goes over SMTP when SMTP_URL is set; otherwise each message is written to the outbox
// folder as an .eml file and its links are logged, so a newcomer can confirm an account offline.
// In production the links are never logged: they are sign-in credentials (restore, confirm), and
// logs travel further than mailboxes.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import { createId } from "../lib/ids";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** where the person's answer goes (the From is the service's no-reply address) */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The same on every attempt to send one mail (server/jobs.ts), so a repeat is recognisable. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "OUTBOX_DIR" | "NODE_ENV">): Mailer {
  if (config.SMTP_URL) {
    // short waits: a mail that cannot leave now is retried by the job outbox (server/jobs.ts); an
    // SMTP server that takes the connection and never answers is given up on in seconds
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 3_000,
      greetingTimeout: 3_000,
      socketTimeout: 10_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...m });
      // a mail holds sign-in and invitation links and personal data: the server's user only
      mkdirSync(config.OUTBOX_DIR, { recursive: true, mode: 0o700 });
      const file = join(config.OUTBOX_DIR, `${new Date().toISOString().replace(/[:.]/g, "-")}-${createId()}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const links = config.NODE_ENV === "production" ? [] : (m.text.match(/https?:\/\/\S+/g) ?? []);
      console.log(`[mail] to ${m.to}: "${m.subject}" saved to ${file}${links.length ? `\n[mail] links: ${links.join(" ")}` : ""}`);
    },
  };
}
