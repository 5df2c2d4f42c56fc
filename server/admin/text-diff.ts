// What an edit of a report text changed, as its audit entry records it: the title, and of the summary
// and each section only the paragraphs that differ (the common paragraphs at the start and the end
// are left out), so a one-word edit in a 40-section report is one short line in the history, not
// every section in full. Sections are matched by their key; one added or removed is named by its title.
import { paragraphsOf } from "../lib/report-text";

interface Section {
  key: string;
  tab: string;
  title: string;
  text: string;
  teaser: string;
  locked: boolean;
}
interface Body {
  title: string;
  text: string;
  sections: Section[];
}
type Change = { from: unknown; to: unknown };

/** The paragraphs of `a` and `b` between their common start and common end ("" when none). */
export function changedParagraphs(a: string, b: string): Change | null {
  if (a === b) return null;
  const pa = paragraphsOf(a);
  const pb = paragraphsOf(b);
  let start = 0;
  while (start < pa.length && start < pb.length && pa[start] === pb[start]) start++;
  let end = 0;
  while (end < pa.length - start && end < pb.length - start && pa[pa.length - 1 - end] === pb[pb.length - 1 - end]) end++;
  return { from: pa.slice(start, pa.length - end).join("\n\n"), to: pb.slice(start, pb.length - end).join("\n\n") };
}

export function reportTextChanges(before: Body, after: Body): Record<string, Change> {
  const out: Record<string, Change> = {};
  if (before.title !== after.title) out.title = { from: before.title, to: after.title };
  const summary = changedParagraphs(before.text, after.text);
  if (summary) out.text = summary;
  const old = new Map(before.sections.map((s) => [s.key, s]));
  const now = new Map(after.sections.map((s) => [s.key, s]));
  for (const s of after.sections) {
    const was = old.get(s.key);
    if (!was) {
      out[`sections.${s.key}`] = { from: null, to: s.title };
      continue;
    }
    for (const f of ["title", "tab", "locked"] as const) if (was[f] !== s[f]) out[`sections.${s.key}.${f}`] = { from: was[f], to: s[f] };
    for (const f of ["text", "teaser"] as const) {
      const c = changedParagraphs(was[f], s[f]);
      if (c) out[`sections.${s.key}.${f}`] = c;
    }
  }
  for (const s of before.sections) if (!now.has(s.key)) out[`sections.${s.key}`] = { from: s.title, to: null };
  const order = (x: Section[]) => x.map((s) => s.key).join("\n");
  if (!Object.keys(out).length && order(before.sections) !== order(after.sections))
    out.sectionOrder = { from: before.sections.map((s) => s.key).join(", "), to: after.sections.map((s) => s.key).join(", ") };
  return out;
}
