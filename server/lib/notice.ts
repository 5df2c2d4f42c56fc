// Where a "what just happened" message travels after a post: the redirect's `?done=<key>`, with the
// numbers the message needs (counts) as named parameters beside it. One convention for the consumer
// site, the cabinet and the back-office, so one component (routes/_kit `Notice`) shows every one.
// A state is not a notice and keeps its name (`?token=`, `?joined=`, `/?signedout=1`, `/?deleted=1`):
// the rule is written beside the component, routes/_kit/index.tsx.

const KEY = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/** `to` (a path, possibly with its own query and `#fragment`) with `?done=<key>` and the message's values. */
export function withDone(to: string, key: string, values: Record<string, string | number> = {}): string {
  const [path, hash] = to.split("#", 2);
  const url = new URL(path, "http://x");
  url.searchParams.set("done", key);
  for (const [k, v] of Object.entries(values)) url.searchParams.set(k, String(v));
  return `${url.pathname}${url.search}${hash === undefined ? "" : `#${hash}`}`;
}

/** The notice key the last redirect carried, or null (anything but a plain name is ignored). */
export function doneKey(url: URL): string | null {
  const key = url.searchParams.get("done");
  return key && KEY.test(key) ? key : null;
}

/** The numeric values beside `?done=` (counts), for the message's placeholders. */
export function doneValues(url: URL): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of url.searchParams) if (k !== "done" && /^\d{1,9}$/.test(v)) out[k] = Number(v);
  return out;
}
