// The comparison list (spec §4): the employees a user picked to compare, kept in localStorage
// `diffList` as JSON [{ _id, name, project }]. Shared by the list's picker and the dashboard's
// Compare widget; a change is announced on `window` as DIFF_LIST_EVENT (other tabs get `storage`).
// An unreadable or blocked list reads as empty and is logged, never thrown.
export const DIFF_LIST_KEY = "diffList";
export const DIFF_LIST_EVENT = "tf:difflist";
/** The compare page shows at most this many people side by side. */
export const DIFF_LIST_MAX = 10;

export interface DiffItem {
  _id: string;
  name: string;
  project: string;
}

const isItem = (v: unknown): v is DiffItem =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as DiffItem)._id === "string" &&
  typeof (v as DiffItem).project === "string" &&
  typeof ((v as DiffItem).name ?? "") === "string";

/** The whole list, every project's; [] when missing, unreadable or blocked. */
export function readDiffList(): DiffItem[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(DIFF_LIST_KEY);
  } catch (e) {
    console.warn("diffList: storage unavailable", e);
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error("not a list");
    return parsed.filter(isItem);
  } catch (e) {
    console.warn("diffList: unreadable, ignored", e);
    return [];
  }
}

/** The picks within one project (a list is per project: ids of another are never found there). */
export const picksOf = (project: string, list = readDiffList()) => list.filter((i) => i.project === project);

export function writeDiffList(list: DiffItem[]) {
  try {
    localStorage.setItem(DIFF_LIST_KEY, JSON.stringify(list));
  } catch (e) {
    console.warn("diffList: not saved", e);
  }
  window.dispatchEvent(new CustomEvent(DIFF_LIST_EVENT));
}

/** Adds or removes one person; false when adding would pass the maximum. */
export function toggleDiffItem(item: DiffItem, on: boolean): boolean {
  const list = readDiffList().filter((i) => !(i._id === item._id && i.project === item.project));
  if (on) {
    if (picksOf(item.project, list).length >= DIFF_LIST_MAX) return false;
    list.push(item);
  }
  writeDiffList(list);
  return true;
}

export function compareHref(base: string, project: string, picks: DiffItem[]) {
  const q = new URLSearchParams({ project });
  for (const p of picks.slice(0, DIFF_LIST_MAX)) q.append("ids", p._id);
  return `${base}?${q}`;
}

/** Calls `run` whenever the list changes, here or in another tab; returns the unsubscribe. */
export function onDiffListChange(run: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === DIFF_LIST_KEY) run();
  };
  window.addEventListener(DIFF_LIST_EVENT, run);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(DIFF_LIST_EVENT, run);
    window.removeEventListener("storage", onStorage);
  };
}
