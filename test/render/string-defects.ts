// Signs that a UI string was shown without its values: a raw {{…}} placeholder, or exactly the
// text t(key) gives for a parameterised string when its values are missing ("You answered  of
// questions"). Shared by the server-render test and the browser test, which both hand in the
// page's text nodes.
import { dictionaries, translator, UI_LOCALES } from "../../locales";

/** Keys of every locale string with a {{placeholder}}. */
export function templateKeys(node: unknown = dictionaries.ru, prefix = ""): string[] {
  if (typeof node === "string") return node.includes("{{") ? [prefix] : [];
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => templateKeys(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

/** What each parameterised string reads like with its values missing, in every UI language;
 * only those with words left in them (an emptied "{{name}}" is nothing to look for). */
export const EMPTIED_TEMPLATES: ReadonlySet<string> = new Set(
  UI_LOCALES.flatMap((locale) => templateKeys().map((key) => normalize(translator(locale)(key)))).filter((text) => /\p{L}{2}/u.test(text)),
);

export function stringDefects(textNodes: string[]): string[] {
  const defects: string[] = [];
  for (const raw of textNodes) {
    const text = normalize(raw);
    if (/{{|}}/.test(text)) defects.push(`raw placeholder: "${text}"`);
    else if (EMPTIED_TEMPLATES.has(text)) defects.push(`emptied placeholders: "${text}"`);
    else if (/\S {2,}\S/.test(raw)) defects.push(`two spaces where a value was: "${text}"`);
  }
  return defects;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The text nodes of server HTML (React separates adjacent ones with <!-- -->), decoded. */
export function htmlTextNodes(html: string): string[] {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
    .split(/<[^>]*>/)
    .filter((text) => text.trim())
    .map((text) =>
      text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) =>
        code[0] === "#" ? String.fromCodePoint(Number(code[1] === "x" || code[1] === "X" ? `0${code.slice(1)}` : code.slice(1))) : (ENTITIES[code] ?? entity),
      ),
    );
}
