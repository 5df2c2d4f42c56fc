// Mounts every page of routes/ on the Hono app. Every page also accepts the site's no-script
// lead forms (a hidden `_form` field names which), handled the same way everywhere.
import { Hono, type Context } from "hono";
import type { AppEnv } from "./context";
import { AppError, notFound } from "./lib/errors";
import { submitForm } from "./lib/forms";
import { withDone } from "./lib/notice";
import { demoReadOnly, guard } from "./middleware/guards";
import { auditMasqueradeWrites } from "./middleware/masquerade-audit";
import type { AnyPageDef, PageDef } from "./render/define";
import { pageBody, sendHtml } from "./render/compress";
import { pageContext, renderPage, type FormState } from "./render/page";
import { isLeadKind, submitLead } from "./services/leads";
import { leadSender } from "./lib/http";
import { siteSettings } from "./services/operator-settings";

/** A page anyone may open (no sign-in): the ones search engines index, in either language. */
const OPEN_GUARDS: ReadonlySet<string> = new Set(["guest", "dropDemo", "coupon", "ref", "utm"]);
const isPublic = (def: AnyPageDef) => ((def.guards ?? []) as readonly string[]).every((g) => OPEN_GUARDS.has(g));

export async function renderRoute<D>(c: Context, def: PageDef<D>, form?: FormState) {
  if (def.params && !def.params.safeParse(c.req.param()).success) throw notFound();
  const cache = c.get("deps").pageCache;
  const cacheKey = def.publicCache && !form && !c.get("auth") && c.req.method === "GET" && cache.enabled ? `${c.get("locale")}|${c.req.url}` : null;
  const cached = cacheKey ? cache.get(cacheKey) : null;
  if (cached) return sendHtml(c, cached.html, 200, { effort: "once", as: (e) => cached.body(e) });
  const data = (def.load ? await def.load(c) : undefined) as D;
  if (data instanceof Response) return data; // a loader may redirect
  const ctx = pageContext(c);
  ctx.form = form;
  ctx.site = await siteSettings(c.get("deps").db);
  const rendered = renderPage(ctx, <def.Component data={data} />, {
    title: def.title(ctx.t, data),
    description: def.description?.(ctx.t, data),
    meta: def.meta?.(ctx.t, data),
    bodyClass: def.bodyClass,
    alternates: isPublic(def),
  });
  const status = form?.errors ? (form.status ?? 400) : ((typeof def.status === "function" ? def.status(data) : def.status) ?? 200);
  if (cacheKey) {
    const page = cache.set(cacheKey, rendered.html);
    return sendHtml(c, rendered.html, status, { effort: "once", as: (e) => page.body(e) });
  }
  return sendHtml(c, rendered.html, status, pageBody(rendered));
}

async function handleLeadForm(c: Context, def: AnyPageDef) {
  const kind = (await c.req.parseBody())._form;
  if (!isLeadKind(kind)) throw new AppError(400, "bad_request", "errors.badRequest");
  const res = await submitForm(c, kind, async (input) => {
    await submitLead(c.get("scope"), kind, input, leadSender(c, input));
    const url = new URL(c.req.url);
    return c.redirect(withDone(`${url.pathname}${url.search}#form-${kind}`, kind), 303);
  });
  return res instanceof Response ? res : renderRoute(c, def, res);
}

const inBusinessArea = (path: string) => path.startsWith("/business") || path.startsWith("/dashboard");

/** The site's pages on a Hono app of their own, mounted at / by createServerApp. */
export function pageRoutes(routes: AnyPageDef[]) {
  const pages = new Hono<AppEnv>();
  for (const def of routes) {
    for (const path of Array.isArray(def.path) ? def.path : [def.path]) {
      // Any page may carry ?utm_*, ?ref or ?coupon; the read-only demo session ends outside /business.
      const guards = guard("utm", "ref", "coupon", ...(inBusinessArea(path) ? [] : (["dropDemo"] as const)), ...(def.guards ?? []));
      // a masquerading manager reading a report is audited (only some paths: the middleware decides)
      pages.get(path, guards, auditMasqueradeWrites, (c) => renderRoute(c, def));
      // after the guards: outside the business area they have already dropped a demo session
      pages.post(path, guards, demoReadOnly, auditMasqueradeWrites, async (c) => {
        const type = c.req.header("content-type") ?? "";
        if (def.action) {
          const res = await def.action(c);
          return res instanceof Response ? res : renderRoute(c, def, res);
        }
        if (type.includes("form")) return handleLeadForm(c, def);
        throw new AppError(405, "method_not_allowed", "errors.methodNotAllowed");
      });
    }
  }
  return pages;
}
