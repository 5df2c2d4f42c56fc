// The invitation link with a Copy button (/business/invite). An `enhance` island: the server draws
// the read-only field (selectable and copyable by hand without script) and a hidden button; in the
// browser the button appears and copies the link, saying so, so no React is loaded for it.

export interface CopyLinkProps {
  value: string;
  label: string;
  copy: string;
  copied: string;
  failed: string;
}

export default function CopyLink({ value, label, copy }: CopyLinkProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <label htmlFor="invite-link" className="sr-only">
        {label}
      </label>
      <input id="invite-link" readOnly value={value} className="input min-w-[16rem] flex-1 font-mono text-sm" data-testid="invite-link" />
      {/* hidden until the script runs: .btn-secondary's display would otherwise beat [hidden] and
          show a dead button without script */}
      <button type="button" hidden className="btn-secondary shrink-0 [&[hidden]]:hidden" data-testid="copy-link">
        {copy}
      </button>
      <span role="status" aria-live="polite" className="sr-only" data-copy-status="" />
    </div>
  );
}

/** In the browser: shows the button; a click copies the link (or selects it where copying is refused). */
export function enhance(root: HTMLElement, { copy, copied, failed }: CopyLinkProps) {
  const button = root.querySelector<HTMLButtonElement>("[data-testid=copy-link]");
  const input = root.querySelector<HTMLInputElement>("#invite-link");
  const status = root.querySelector<HTMLElement>("[data-copy-status]");
  if (!button || !input) return;
  button.hidden = false;
  let reset: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener("click", async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    } catch {
      input.select();
    }
    button.textContent = ok ? copied : failed;
    if (status) status.textContent = ok ? copied : failed;
    clearTimeout(reset);
    reset = setTimeout(() => (button.textContent = copy), 2500);
  });
}
