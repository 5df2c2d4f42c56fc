// The island loader (browser runtime, not an island): the server emits it only next to an island,
// so pages without islands ship no JavaScript. For each <tf-island> it waits for the island's
// hydration strategy (client/hydration.ts), imports the island's chunk (React itself lives in one
// shared chunk) and hydrates it as its own root. It also keeps the shell's offline/online notice
// current, and reloads once (at most every 60 s) if a chunk fails to load, which is what happens
// when a deploy replaced the hashed files under an open tab.
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
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

function hydrateIsland(el: HTMLElement, src: string) {
  import(/* @vite-ignore */ src)
    .then((mod: { default: React.ComponentType<Record<string, unknown>> }) => {
      const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
      hydrateRoot(el, createElement(mod.default, props), { identifierPrefix: el.dataset.prefix });
    })
    .catch((error: unknown) => {
      console.error("island failed to load", src, error);
      reloadOnce();
    });
}

for (const el of Array.from(document.querySelectorAll<HTMLElement>("tf-island"))) {
  const src = el.dataset.src;
  if (src) scheduleHydration(el, el.dataset.hydrate, () => hydrateIsland(el, src));
}

const netStatus = document.getElementById("net-status");
function showNetwork() {
  if (netStatus) netStatus.hidden = navigator.onLine;
}
addEventListener("online", showNetwork);
addEventListener("offline", showNetwork);
showNetwork();
