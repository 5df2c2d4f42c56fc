// A header menu that needs no script: a button opening a panel with the HTML Popover API. The
// browser gives it all: Enter and Space on the button, Escape and a tap outside close it, focus
// goes back to the button, and screen readers hear the button's expanded state.
// Why not <details>: it closes on neither Escape nor a tap outside without script.
// A browser without popovers (before 2024) shows the panel's links as a row under the header
// (app.css, `.menu-popover`), so the menu stays usable there, only always open.
import type { ReactNode } from "react";

export function MenuPopover({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <button
        type="button"
        popovertarget={id}
        className="menu-popover-button mobile-only ml-auto rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold"
        aria-label={label}
        data-testid="menu-button"
      >
        <span aria-hidden="true">☰</span> <span className="menu-word">{label}</span>
      </button>
      <nav id={id} popover="auto" className="menu-popover mobile-only w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" aria-label={label}>
        {children}
      </nav>
    </>
  );
}
