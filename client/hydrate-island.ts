// React's half of the island loader, imported by client/boot.ts only when an island's time comes
// (a static module: esbuild maps React's CommonJS named exports only for static imports).
import { createElement, startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

export function hydrateIsland(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) {
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task (a chart's took hundreds on a phone), so input stays responsive meanwhile; what
  // the reader touches first is hydrated first all the same.
  startTransition(() => {
    hydrateRoot(el, createElement(Component, props), { identifierPrefix: el.dataset.prefix });
  });
}
