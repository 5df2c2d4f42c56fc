// The Hono application: shared middleware, static assets, /api and the site's pages. Built by
// createServerApp(deps, site); the composition root (app.ts: `createApp(deps)`) passes the pages of
// routes/, so nothing under server/ imports routes/ and tests drive it with app.request().
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { IncomingMessage } from "node:http";
import { relative } from "node:path";
import { tFor } from "../locales";
import type { AppDeps, AppEnv } from "./context";
import { api } from "./api";
import { checkDeclarations } from "./admin/checks";
import { AppError, errorMessage, translateFields } from "./lib/errors";
import { lingerOnClose } from "./lib/linger";
import { storageError, storageFaultOf, storageHealthOf } from "./lib/storage-health";
import { uploadRoutes } from "./uploads";
import { authMiddleware } from "./middleware/auth";
import { localeMiddleware } from "./middleware/locale";
import { sameOriginWrites, securityHeaders } from "./middleware/security";
import { oauthRoutes } from "./oauth-routes";
import { pageRoutes } from "./pages";
import type { Site } from "./render/define";
import { PUBLIC_DIR } from "./render/assets";
import { pageContext, renderDocument } from "./render/page";

const publicRoot = relative(process.cwd(), PUBLIC_DIR) || ".";
const MAX_BODY = 1024 * 1024;
/** A back-office form with a file (review photos are at most 800 KB, checked by the form). */
const MAX_UPLOAD_BODY = 8 * 1024 * 1024;
const HAS_EXTENSION = /\.[a-z0-9]+$/i;
const staticFiles = serveStatic({ root: publicRoot, precompressed: true });

/** `extend` mounts extra routes (tests use it to probe middleware) after ours. */
export function createServerApp(deps: AppDeps, site: Site, extend?: (app: Hono<AppEnv>) => void) {
  // the back-office's declarations are checked before anything is served
  checkDeclarations();
  // One rule for trailing slashes: the spec writes some paths with one (`POST /review/`), so every
  // path answers with and without it. No redirect: a 301/308 would turn many clients' POSTs into
  // GETs or make them re-send the body.
  const app = new Hono<AppEnv>({ strict: false });

  app.use("*", securityHeaders(deps.config), async (c, next) => {
    c.set("deps", deps);
    // Only a path with an extension can be a file: pages and /api never touch the disk.
    if (!HAS_EXTENSION.test(c.req.path)) {
      const commitsBefore = deps.database.commits();
      await next();
      // acknowledged means on disk: whatever this request wrote is flushed before it is answered
      // (db/durability.ts; a request that wrote nothing since the last flush does not wait)
      try {
        await deps.database.durable();
      } catch (error) {
        // a flush that fails (a read-only or failing volume) fails the replies that follow a write;
        // one that committed nothing meanwhile is answered (reads and pages keep serving), and
        // health reports the fault
        if (deps.database.commits() !== commitsBefore) throw error;
        storageHealthOf(deps.database).report(storageFaultOf(error) ?? "io_error");
      }
      return;
    }
    const res = await staticFiles(c, next);
    const out = res ?? c.res;
    // Hashed build files never change: cache them for a year. Other public files for an hour.
    if (out.status === 200 && out.headers.has("last-modified")) {
      out.headers.set("Cache-Control", c.req.path.startsWith("/build/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    }
    return res;
  });
  // the person's own language needs to know who asks: auth first
  app.use("*", authMiddleware, localeMiddleware, sameOriginWrites);
  // One limit for every body, pages' form posts as well as the API: nothing reads 5 MB for us. A
  // back-office form with a file may be larger: the photo's own limit (800 KB) then answers as a
  // field message on the form, with what was typed kept, instead of a bare 413.
  // A refused body is read and thrown away after the 413 (bounded, server/lib/linger.ts) before
  // the connection closes, so the client gets to read the 413.
  const tooLarge = (c: Context) => {
    lingerOnClose((c.env as { incoming?: IncomingMessage } | undefined)?.incoming);
    throw new AppError(413, "payload_too_large", "common.errors.tooLarge", undefined, undefined, { Connection: "close" });
  };
  const limitStreamedBody = bodyLimit({ maxSize: MAX_BODY, onError: tooLarge });
  const limitStreamedUpload = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: tooLarge });
  const isUpload = (c: Context) => /^\/(api\/)?manager\//.test(c.req.path) && (c.req.header("content-type") ?? "").startsWith("multipart/form-data");
  // Asking for `raw.body` makes the node server build a full Request with a stream and an
  // AbortSignal; without it `c.req.json()` reads the socket directly (about a fifth of an answer
  // write's time). So GET and HEAD never ask, and a body with a declared length is judged by its
  // header; only a chunked one (no length) is counted as it streams in.
  app.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const upload = isUpload(c);
    const length = c.req.header("content-length");
    if (length !== undefined && !c.req.header("transfer-encoding")) return Number(length) > (upload ? MAX_UPLOAD_BODY : MAX_BODY) ? tooLarge(c) : next();
    return (upload ? limitStreamedUpload : limitStreamedBody)(c, next);
  });

  // Browsers ask for /favicon.ico on a document that names no icon (a PDF, robots.txt, an API
  // answer opened in a tab): the site's icon, not a rendered 404 page each time
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.route("/api", api);
  app.route("/", oauthRoutes);
  app.route("/", uploadRoutes);
  app.route("/", pageRoutes(site.pages));
  extend?.(app);

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) return c.json(errorBody(c, new AppError(404, "not_found", "common.errors.notFound")), 404);
    return renderErrorPage(c, site, 404);
  });

  app.onError((err, c) => {
    // a full disk, a read-only file, a locked database: 503 with what happened, and health knows
    const fault = storageFaultOf(err);
    if (fault) storageHealthOf(deps.database).report(fault);
    const error = fault ? storageError(fault) : toAppError(err);
    if (error.status >= 500) console.error(err);
    if (c.req.path.startsWith("/api/") || wantsJson(c)) {
      return c.json(errorBody(c, error), error.status, error.headers);
    }
    return renderErrorPage(c, site, error.status, message(c, error), error.headers);
  });

  return app;
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 400 && /JSON/i.test(err.message)) return new AppError(400, "bad_json", "common.errors.badJson");
    if (err.status === 413) return new AppError(413, "payload_too_large", "common.errors.tooLarge");
    return new AppError(err.status as 400, "http_error", err.message || "common.errors.badRequest");
  }
  return new AppError(500, "internal", "common.errors.internal");
}

const wantsJson = (c: Context) => (c.req.header("accept") ?? "").startsWith("application/json");

const message = (c: Context, e: AppError) => errorMessage(c.get("t") ?? tFor("ru"), e);

export function errorBody(c: Context, e: AppError) {
  return { error: { code: e.code, message: message(c, e), ...(e.fields ? { fields: translateFields(c.get("t") ?? tFor("ru"), e.fields) } : {}) } };
}

function renderErrorPage(c: Context, site: Site, status: number, msg?: string, headers?: Record<string, string>) {
  let html: string;
  try {
    if (!c.get("t")) throw new Error("request context missing");
    const ctx = pageContext(c);
    html = renderDocument(ctx, <site.ErrorPage status={status} message={msg} />, {
      title: status === 404 ? ctx.t("common.errors.notFoundTitle") : msg || ctx.t("common.errors.error"),
    });
  } catch (e) {
    console.error("error page failed", e);
    html = site.errorFallback(status);
  }
  return c.html(html, status as 404, { "Cache-Control": "no-store", ...headers });
}
