// Configuration comes from the environment only, checked once at start-up so a bad value stops the
// server with a message that names the variable instead of failing later.
import type { ByteSize } from "../db/backup-space";
import { isTimeZone } from "./lib/time-zone";
import { z } from "zod";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

/** A size in bytes (`300MB`, `2GB`, `512KB`, `1048576`) or a share of a volume (`25%`). */
const byteSize = z
  .string()
  .regex(/^(\d+(\.\d+)?%|\d+(KB|MB|GB)?)$/i, "a size such as 300MB or 2GB, or a share of the volume such as 25%")
  .transform((v): ByteSize => {
    if (v.endsWith("%")) return { share: Math.min(100, Number(v.slice(0, -1))) / 100 };
    const unit = v.match(/(KB|MB|GB)$/i)?.[1]?.toUpperCase();
    return { bytes: Number.parseInt(v, 10) * (unit ? { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit as "KB"] : 1) };
  });

/** A duration such as `30m`, `6h` or `1d` (in milliseconds), or `off`. */
const duration = z
  .string()
  .regex(/^(off|[1-9]\d*[smhd])$/, "off, or a duration such as 30m, 6h or 1d")
  .transform((v) => (v === "off" ? 0 : Number(v.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as "s" | "m" | "h" | "d"]));

/** What the backup and restore commands read: they run without the server's secrets. */
const BackupFields = {
  DATABASE_URL: z
    .string()
    .default("file:data/app.db")
    .refine((v) => /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/.test(v) || v === ":memory:", {
      message: "must start with file:, libsql://, http:// or https://",
    }),
  /** Where backups go; empty: `backups/` beside the database file. */
  BACKUP_DIR: optionalString,
  /** How many backups of the directory to keep (the oldest are removed after a new one). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** At most this much of backups, in bytes (`300MB`) or as a share of their volume (`25%`); the
   * newest is always kept. */
  BACKUP_KEEP_BYTES: z.preprocess((v) => (v === undefined || v === "" ? "25%" : v), byteSize),
  /** Free space a backup must leave on its volume for the database to grow; below it a backup is
   * refused and health reports the disk as short. */
  BACKUP_MIN_FREE: z.preprocess((v) => (v === undefined || v === "" ? "10%" : v), byteSize),
  /** How the backups leave the machine: set by the operator who copies them off another way
   * (`external`); with LITESTREAM_REPLICA_URL it is Litestream. Unset in production, health warns. */
  BACKUP_OFFBOX: z
    .enum(["external"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LITESTREAM_REPLICA_URL: optionalString,
  /** The server backs up on its own every BACKUP_INTERVAL (off by default). */
  BACKUP_INTERVAL: z.preprocess((v) => (v === undefined || v === "" ? "off" : v), duration),
};

export function loadBackupConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = z.object(BackupFields).safeParse(env);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  return parsed.data;
}

const ConfigSchema = z
  .object({
    ...BackupFields,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_AUTH_TOKEN: optionalString,
    /** `libsql` opens even a file: URL with the libSQL client (the scale-out driver, run locally). */
    DATABASE_DRIVER: z.enum(["auto", "libsql"]).default("auto"),
    PUBLIC_URL: z.string().url().default("http://localhost:3000"),
    ADMIN_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email().optional()),
    ADMIN_PASSWORD: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(8).optional()),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default("Thinking Format <no-reply@thinking-format.local>"),
    OUTBOX_DIR: z.string().default("data/outbox"),
    /** The operator's time zone: a day picked in the back-office (a coupon's last day) ends at its midnight there. */
    TIME_ZONE: z.string().default("Europe/Moscow").refine(isTimeZone, "not a time zone Intl knows (e.g. Europe/Moscow)"),
    /** Files managers upload (review photos). */
    UPLOAD_DIR: z.string().default("data/uploads"),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    SEED_DEMO: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    RECAPTCHA_SECRET: optionalString,
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
    /** Google's browser script (a local fake in the tests). */
    RECAPTCHA_SCRIPT_URL: z.string().url().default("https://www.google.com/recaptcha/api.js"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    YANDEX_CLIENT_ID: optionalString,
    YANDEX_CLIENT_SECRET: optionalString,
    VK_CLIENT_ID: optionalString,
    VK_CLIENT_SECRET: optionalString,
    PAYMENT_PROVIDER: z.enum(["sandbox", "yookassa"]).default("sandbox"),
    /** In production the sandbox (a Pay button that credits for free) must be asked for by name. */
    PAYMENT_SANDBOX: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /** Which proxy's forwarded client address to believe: none (the socket's address), fly
     * (Fly-Client-IP), or a number N: the N-th address from the right of X-Forwarded-For. */
    TRUST_PROXY: z
      .string()
      .regex(/^(none|fly|[1-9])$/, "none, fly or a number of proxies 1-9")
      .default("none"),
    YOOKASSA_SHOP_ID: optionalString,
    YOOKASSA_SECRET_KEY: optionalString,
    YOOKASSA_API_URL: z.string().url().default("https://api.yookassa.ru/v3"),
    /** Tests only: webhook endpoints on loopback and private addresses, over plain HTTP, are let through. */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  })
  .refine((c) => !c.RECAPTCHA_SECRET === !c.RECAPTCHA_SITE_KEY, {
    message: "RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY must be set together (the server checks what the browser's key obtained)",
    path: ["RECAPTCHA_SITE_KEY"],
  })
  .refine((c) => !c.ADMIN_EMAIL === !c.ADMIN_PASSWORD, {
    message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
    path: ["ADMIN_PASSWORD"],
  })
  .refine((c) => c.NODE_ENV !== "production" || c.PAYMENT_PROVIDER !== "sandbox" || c.PAYMENT_SANDBOX, {
    message: "production takes real payments: set PAYMENT_PROVIDER=yookassa (with its keys), or PAYMENT_SANDBOX=true to run the free sandbox on purpose",
    path: ["PAYMENT_PROVIDER"],
  })
  .refine((c) => c.NODE_ENV !== "production" || !c.WEBHOOK_ALLOW_PRIVATE, {
    message: "webhooks to private addresses are for tests only: never in production",
    path: ["WEBHOOK_ALLOW_PRIVATE"],
  })
  .refine((c) => c.PAYMENT_PROVIDER !== "yookassa" || (c.YOOKASSA_SHOP_ID && c.YOOKASSA_SECRET_KEY), {
    message: "PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY",
    path: ["YOOKASSA_SECRET_KEY"],
  });

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "config"}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
