// When an island hydrates, chosen per use as Astro's client:load / client:idle / client:visible.
// Shared by the server, which writes the choice into <tf-island data-hydrate>, and the loader.
export const HYDRATION_STRATEGIES = ["load", "idle", "visible"] as const;
export type HydrationStrategy = (typeof HYDRATION_STRATEGIES)[number];

/** Start loading a `visible` island this far before it scrolls into view, so it is usually
 * interactive by the time it is seen. */
export const VISIBLE_ROOT_MARGIN = "200px";
/** Browsers without requestIdleCallback (Safari before 18) wait this long instead, as Astro does. */
export const IDLE_FALLBACK_MS = 200;

/** Calls `run` once, when the island's strategy says so; an unknown value means `load`. */
export function scheduleHydration(island: HTMLElement, strategy: string | undefined, run: () => void) {
  if (strategy === "idle") whenIdle(run);
  else if (strategy === "visible") whenVisible(island, run);
  else run();
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => run());
  else setTimeout(run, IDLE_FALLBACK_MS);
}

function whenVisible(island: HTMLElement, run: () => void) {
  // <tf-island> is `display: contents` and has no box of its own: its children are what can
  // intersect the viewport. With nothing to observe there is nothing to wait for.
  const targets = Array.from(island.children);
  if (!targets.length || typeof IntersectionObserver !== "function") return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: VISIBLE_ROOT_MARGIN },
  );
  for (const target of targets) observer.observe(target);
}
