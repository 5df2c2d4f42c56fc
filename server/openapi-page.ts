// The readable reference of /api: the OpenAPI description drawn as one server-rendered page (no
// script at all, none from another host), grouped by area, each call with its guards, parameters,
// body and answer as JSON Schema. It fits a 360 px screen: long paths and schemas wrap or scroll
// inside their own box.
import type { T } from "../locales";
import { escapeHtml } from "./lib/html";

type Json = Record<string, unknown>;
/** The parts of an OpenAPI operation the page reads (openapi.ts writes them). */
interface Operation {
  description?: string;
  tags?: string[];
  "x-token-scope"?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc}
main{max-width:960px;margin:0 auto;padding:16px}h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.2rem;margin:2rem 0 .5rem;text-transform:capitalize}
nav{display:flex;flex-wrap:wrap;gap:.5rem}nav a{padding:.25rem .5rem;border:1px solid #cbd5e1;border-radius:6px;color:#1d4ed8;background:#fff}
details{background:#fff;border:1px solid #e2e8f0;border-radius:8px;margin:.5rem 0}summary{padding:.6rem .75rem;cursor:pointer;overflow-wrap:anywhere}
.m{display:inline-block;min-width:4.2rem;font:600 .8rem ui-monospace,monospace;padding:.1rem .35rem;border-radius:4px;background:#e0e7ff;color:#1e3a8a;margin-right:.4rem}
.m.post{background:#dcfce7;color:#14532d}.m.put{background:#fef3c7;color:#78350f}.m.delete{background:#fee2e2;color:#7f1d1d}
code{font:.9rem ui-monospace,monospace;overflow-wrap:anywhere}.body{padding:0 .75rem .75rem}
pre{background:#0f172a;color:#e2e8f0;padding:.75rem;border-radius:6px;overflow:auto;max-height:24rem;font-size:.8rem}
dt{font-weight:600;margin-top:.5rem}dd{margin:0 0 0 1rem}a{color:#1d4ed8}
`;

const json = (v: unknown) => `<pre>${escapeHtml(JSON.stringify(v, null, 2))}</pre>`;

export function referencePage(doc: Json, t: T): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content ? Object.values(op.requestBody.content)[0]?.schema : null;
      const ok = Object.entries(op.responses).find(([s]) => s.startsWith("2"));
      const html = `<details><summary><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></summary><div class="body"><dl>
<dt>${escapeHtml(t("integrations.reference.guards"))}</dt><dd>${escapeHtml(op.description ?? "")}${op["x-token-scope"] ? ` <code>${escapeHtml(op["x-token-scope"])}</code>` : ""}</dd>
${params.length ? `<dt>${escapeHtml(t("integrations.reference.parameters"))}</dt><dd>${params.map((p) => `<code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})`).join(", ")}</dd>` : ""}
${body ? `<dt>${escapeHtml(t("integrations.reference.body"))}</dt><dd>${json(body)}</dd>` : ""}
${ok ? `<dt>${escapeHtml(t("integrations.reference.answer"))} ${escapeHtml(ok[0])}</dt><dd>${json(ok[1].content?.["application/json"]?.schema ?? {})}</dd>` : ""}
<dt>${escapeHtml(t("integrations.reference.errors"))}</dt><dd><code>{"error":{"code","message","fields?"}}</code> — 400, 401, 403, 404, 429</dd>
</dl></div></details>`;
      const tag = op.tags?.[0] ?? "api";
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html><html lang="${t.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t("integrations.reference.title"))}</title><style>${STYLE}</style></head><body><main>
<h1>${escapeHtml(t("integrations.reference.title"))}</h1>
<p>${escapeHtml(t("integrations.reference.lead"))} <a href="/api/openapi.json">/api/openapi.json</a></p>
<nav aria-label="${escapeHtml(t("integrations.reference.areas"))}">${tags.map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join("")}</nav>
${tags.map((tag) => `<section id="${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2>${byTag.get(tag)!.join("\n")}</section>`).join("\n")}
</main></body></html>`;
}
