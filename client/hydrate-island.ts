// React's half of the island loader, imported by client/boot.ts only when an island's time comes
// (a static module: esbuild maps React's CommonJS named exports only for static imports).
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

export function hydrateIsland(el: HTMLElement, Component: ComponentType<Record<string, unknown>>) {
  const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
  hydrateRoot(el, createElement(Component, props), { identifierPrefix: el.dataset.prefix });
}
