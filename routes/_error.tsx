// The error catalogue (spec §8): 404 "This page could not be found" with a link home; any other
// error shows its message (or "Error") and status (default 500).
import { usePage } from "../server/render/page";
import { isManager } from "../server/services/users";
import { CabinetLayout } from "./_layouts/cabinet";
import { PublicLayout } from "./_layouts/public";

export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t, path, auth, locale } = usePage();
  const notFound = status === 404;
  // the spec's words for a 404 are English; a Russian page says it in Russian and keeps them beneath
  const title = notFound ? (locale === "en" ? t("common.errors.notFoundTitle") : t("common.errors.notFound")) : message || t("common.errors.error");
  // a manager inside the back-office stays in it, with its menu and a way back
  if (auth && isManager(auth.user) && (path === "/manager" || path.startsWith("/manager/"))) {
    return (
      <CabinetLayout kind="manager" title={title}>
        <section className="card text-center" data-testid="error-page">
          <p className="text-4xl font-black text-brand-600">{status}</p>
          <p className="mt-2 text-slate-600">{notFound ? t("manager.errors.notFoundHint") : t("common.errors.status", { status })}</p>
          <a href="/manager" className="btn-primary mt-6 inline-block">
            {t("manager.errors.toMain")}
          </a>
        </section>
      </CabinetLayout>
    );
  }
  return (
    <PublicLayout>
      <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center" data-testid="error-page">
        <p className="text-6xl font-black text-brand-600">{status}</p>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        {notFound && locale !== "en" && (
          <p lang="en" className="mt-1 text-sm text-slate-600">
            {t("common.errors.notFoundTitle")}
          </p>
        )}
        <p className="mt-2 text-slate-600">{notFound ? t("common.errors.notFoundHint") : t("common.errors.status", { status })}</p>
        <a href="/" className="btn-primary mt-8">
          {t("common.errors.home")}
        </a>
      </section>
    </PublicLayout>
  );
}

/** Used when rendering ErrorPage itself throws: no layout, no data, nothing that can fail. */
export const ERROR_PAGE_FALLBACK = (status: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui;text-align:center;padding:4rem 1rem"><h1>An error occurred while showing the error page</h1><p>${status}</p><p><a href="/">Home</a></p></body></html>`;
