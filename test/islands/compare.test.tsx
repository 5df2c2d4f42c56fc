// @vitest-environment happy-dom
// The comparison islands over localStorage `diffList`: the dashboard's Compare widget with an
// empty, a one-item, a three-item and an unreadable list (ignored and logged, never thrown), and
// the list's picker recording ticks.
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DIFF_LIST_KEY, readDiffList } from "../../client/diff-list";
import ComparePicker from "../../islands/compare-picker";
import CompareWidget from "../../islands/compare-widget";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const P = "aaaaaaaaaaaaaaaaaaaaaaaa";
const id = (n: number) => String(n).padStart(24, "0");
const item = (n: number, project = P) => ({ _id: id(n), name: `Person ${n}`, project });

function mount(element: React.ReactElement, before = "") {
  const host = document.createElement("div");
  host.innerHTML = before + `<div id="island">${renderToString(element, { identifierPrefix: "i0-" })}</div>`;
  document.body.appendChild(host);
  const errors: unknown[] = [];
  act(() => {
    hydrateRoot(host.querySelector("#island")!, element, { identifierPrefix: "i0-", onRecoverableError: (e) => errors.push(e) });
  });
  return { host, errors };
}

const widget = () => <CompareWidget project={P} href="/dashboard/employees/compare" label="Compare" hint="Pick two or more" />;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("compare widget", () => {
  it("shows 0 and no link with an empty list", () => {
    const { host, errors } = mount(widget());
    expect(errors).toEqual([]);
    const w = host.querySelector("[data-testid=compare-widget]")!;
    expect(w.getAttribute("data-count")).toBe("0");
    expect(w.tagName).toBe("SPAN");
    expect(w.getAttribute("aria-disabled")).toBe("true");
  });

  it("shows 1 and still no link with one pick (a comparison needs two)", () => {
    localStorage.setItem(DIFF_LIST_KEY, JSON.stringify([item(1)]));
    const { host } = mount(widget());
    const w = host.querySelector("[data-testid=compare-widget]")!;
    expect(host.querySelector("[data-testid=compare-count]")!.textContent).toBe("1");
    expect(w.tagName).toBe("SPAN");
  });

  it("shows 3 and links to the compare page with this project's three ids only", () => {
    localStorage.setItem(DIFF_LIST_KEY, JSON.stringify([item(1), item(2), item(9, "b".repeat(24)), item(3)]));
    const { host } = mount(widget());
    const w = host.querySelector("a[data-testid=compare-widget]")!;
    expect(host.querySelector("[data-testid=compare-count]")!.textContent).toBe("3");
    const url = new URL(w.getAttribute("href")!, "http://x");
    expect(url.pathname).toBe("/dashboard/employees/compare");
    expect(url.searchParams.get("project")).toBe(P);
    expect(url.searchParams.getAll("ids")).toEqual([id(1), id(2), id(3)]);
  });

  it("ignores an unreadable list: logs it, shows 0, throws nothing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const bad of ["{not json", '{"an":"object"}', "null"]) {
      localStorage.setItem(DIFF_LIST_KEY, bad);
      const { host, errors } = mount(widget());
      expect(errors).toEqual([]);
      expect(host.querySelector("[data-testid=compare-widget]")!.getAttribute("data-count")).toBe("0");
      host.remove();
    }
    expect(warn).toHaveBeenCalled();
    expect(warn.mock.calls[0]![0]).toMatch(/diffList/);
  });

  it("follows changes made by the picker on the same page", () => {
    const { host } = mount(widget());
    act(() => {
      localStorage.setItem(DIFF_LIST_KEY, JSON.stringify([item(1), item(2)]));
      window.dispatchEvent(new CustomEvent("tf:difflist"));
    });
    expect(host.querySelector("a[data-testid=compare-widget]")).not.toBeNull();
  });
});

describe("compare picker", () => {
  const rows = [1, 2, 3].map((n) => `<input type="checkbox" name="ids" value="${id(n)}" data-name="Person ${n}" form="compare-form">`).join("");
  const picker = () => (
    <ComparePicker project={P} action="/dashboard/employees/compare" label="Compare the picked" picked="Picked: {n}" clear="Clear" full="At most {n}" />
  );

  it("ticks the rows already picked, records new ticks in diffList and clears them", () => {
    localStorage.setItem(DIFF_LIST_KEY, JSON.stringify([item(2), item(7, "c".repeat(24))]));
    const { host, errors } = mount(picker(), rows);
    expect(errors).toEqual([]);
    const boxes = [...host.querySelectorAll<HTMLInputElement>("input[name=ids]")];
    expect(boxes.map((b) => b.checked)).toEqual([false, true, false]);
    act(() => {
      boxes[0]!.checked = true;
      boxes[0]!.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(readDiffList().map((i) => i._id)).toEqual([id(2), id(7), id(1)]);
    expect(readDiffList().find((i) => i._id === id(1))!.name).toBe("Person 1");
    expect(host.querySelector("[data-testid=compare-picked]")!.textContent).toBe("Picked: 2");
    expect(host.querySelector<HTMLButtonElement>("[data-testid=compare]")!.disabled).toBe(false);
    act(() => host.querySelector<HTMLButtonElement>("[data-testid=compare-clear]")!.click());
    // the other project's pick stays
    expect(readDiffList().map((i) => i._id)).toEqual([id(7)]);
    expect(boxes.map((b) => b.checked)).toEqual([false, false, false]);
  });
});
