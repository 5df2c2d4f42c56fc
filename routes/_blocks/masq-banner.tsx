// While a manager masquerades: whom they see the site as, read-only or full, the time left of the
// hour (ticking), and Exit, at the top of every page, public and cabinet alike. Exit
// ends the masquerade and goes back to the user's back-office page it was started from.
import { Island, usePage } from "../../server/render/page";
import { template } from "../../server/render/templates";

export function MasqBanner({ className = "" }: { className?: string }) {
  const { t, auth } = usePage();
  if (auth?.kind !== "masq") return null;
  const who = auth.user.name ? `${auth.user.name} (${auth.user.email})` : auth.user.email;
  const mode = auth.masq?.mode ?? "full";
  const leftMs = Math.max(0, (auth.masq?.expiresAt.getTime() ?? Date.now()) - Date.now());
  return (
    <div
      role="status"
      className={`relative z-30 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-rose-600 px-3 py-2 text-sm font-semibold text-white ${className}`}
      data-testid="masq-banner"
      data-mode={mode}
    >
      <span className="min-w-0 break-words text-center">{t("common.shell.masquerading", { user: who })}</span>
      <span className="rounded bg-rose-800/60 px-2 py-0.5 text-xs" data-testid="masq-mode">
        {t(`common.shell.masqMode.${mode}`)}
      </span>
      <span className="text-xs font-normal">
        <Island name="masq-countdown" props={{ leftMs, template: template(t, "common.shell.masqLeft"), ended: t("common.shell.masqEnded") }} hydrate="idle" />
      </span>
      <form method="post" action="/masq/cancel">
        <button type="submit" className="rounded bg-white px-3 py-1 text-rose-700" data-testid="cancel-masq">
          {t("common.shell.masqExit")}
        </button>
      </form>
    </div>
  );
}
