// The back-office's keyboard: "/" or Ctrl+K (⌘K) puts the cursor in the search box every screen
// carries, and Escape closes the open confirmation (a <details data-confirm>) and gives the focus
// back to its summary. An `enhance` island: no React DOM is loaded for it; without script the search
// box and the confirmations work as they are (the skip link reaches the box).

export interface ManagerKeysProps {
  /** the search box's id */
  search: string;
}

export default function ManagerKeys(_props: ManagerKeysProps) {
  return <span hidden />;
}

/** Where a typed "/" belongs to the text, not to the shortcut. */
const typing = (el: Element | null) =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);

export function enhance(_root: HTMLElement, { search }: ManagerKeysProps) {
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      const open = [...document.querySelectorAll<HTMLDetailsElement>("details[data-confirm][open]")];
      // the one the focus is in, else the last opened on the page
      const box = open.find((d) => d.contains(document.activeElement)) ?? open[open.length - 1];
      if (!box) return;
      e.preventDefault();
      box.open = false;
      box.querySelector("summary")?.focus();
      return;
    }
    const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(document.activeElement);
    const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
    if (!slash && !ctrlK) return;
    const input = document.getElementById(search) as HTMLInputElement | null;
    if (!input) return;
    e.preventDefault();
    input.focus();
    input.select();
  });
}
