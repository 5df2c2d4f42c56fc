// The island loader (browser runtime, not an island): the server emits it only next to an island,
// so pages without islands ship no JavaScript. For each <tf-island> it waits for the island's
// hydration strategy (client/hydration.ts), imports the island's chunk and React DOM (each in a
// shared chunk) and hydrates it as its own root; an island that exports `enhance`
// (islands/index.ts) instead gets that function called on its server markup, and React DOM is not
// loaded for it. The loader itself is about 1 KB: an island that waits to be seen costs the page
// nothing before it is (React DOM is ~40 KB). It also keeps the
// shell's offline/online notice current, and reloads once (at most every 60 s) if a chunk fails to
// load, which is what happens when a deploy replaced the hashed files under an open tab.
import { scheduleHydration } from "./hydration";

const RELOAD_KEY = "tf:chunk-reload";
const RELOAD_GUARD_MS = 60_000;

function reloadOnce() {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return; // storage blocked: never risk a reload loop
  }
  location.reload();
}

interface IslandModule {
  default: React.ComponentType<Record<string, unknown>>;
  enhance?: (root: HTMLElement, props: Record<string, unknown>) => void;
}

function loadIsland(el: HTMLElement, src: string) {
  const enhanced = el.dataset.enhance !== undefined;
  // an `enhance` island works on the server's markup without React DOM; the others fetch it alongside
  const reactDom = enhanced ? null : import("./hydrate-island");
  const started = Promise.all([import(/* @vite-ignore */ src) as Promise<IslandModule>, reactDom]).then(([mod, runtime]) => {
    const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
    if (runtime) runtime.hydrateIsland(el, mod.default, props);
    else mod.enhance!(el, props);
  });
  started.catch((error: unknown) => {
    console.error("island failed to load", src, error);
    reloadOnce();
  });
}

for (const el of Array.from(document.querySelectorAll<HTMLElement>("tf-island"))) {
  const src = el.dataset.src;
  if (src) scheduleHydration(el, el.dataset.hydrate, () => loadIsland(el, src));
}

const netStatus = document.getElementById("net-status");
function showNetwork() {
  if (netStatus) netStatus.hidden = navigator.onLine;
}
addEventListener("online", showNetwork);
addEventListener("offline", showNetwork);
showNetwork();
