// /manager/search?q=: the back-office's one search (server/admin/search.ts), reached from the search
// box in every screen's header ("/" or Ctrl+K): per resource a few records by name, how many matched,
// and the whole list with the same text.
import { intlLocale } from "../../locales";
import { type SearchGroup, searchBackOffice } from "../../server/admin/search";
import { usePage } from "../../server/render/page";
import { managerPage } from "./kit";

function SearchPage({ data }: { data: { q: string; groups: SearchGroup[] } }) {
  const { t, locale } = usePage();
  const n = (v: number) => new Intl.NumberFormat(intlLocale(locale)).format(v);
  if (!data.q) return <p className="max-w-2xl text-sm text-slate-600">{t("manager.search.hint")}</p>;
  if (data.groups.length === 0)
    return (
      <p className="card text-sm" data-testid="search-none">
        {t("manager.search.none", { q: data.q })}
      </p>
    );
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="search-results">
      {data.groups.map(({ resource, total, hits }) => (
        <section key={resource.name} className="card min-w-0" data-search-group={resource.name}>
          <h2 className="mb-2 text-lg font-semibold">
            {t(`manager.res.${resource.name}.title`)}{" "}
            <span className="text-sm font-normal text-slate-500">· {t("manager.search.found", { count: n(total) })}</span>
          </h2>
          <ul className="space-y-1 text-sm">
            {hits.map((h) => (
              <li key={h.id} className="break-words">
                <a href={`/manager/${resource.pagePath}/${h.id}`} className="text-brand-700 hover:underline">
                  {h.name}
                </a>
              </li>
            ))}
          </ul>
          {total > hits.length && (
            <p className="mt-2 text-sm">
              <a href={`/manager/${resource.pagePath}?q=${encodeURIComponent(data.q)}`} className="text-brand-700 hover:underline">
                {t("manager.search.all", { count: n(total) })}
              </a>
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

export const managerSearchPage = managerPage({
  path: "/manager/search",
  load: async (c, scope) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    return { q, groups: await searchBackOffice(scope.db, scope.user, q, scope.locale) };
  },
  title: (t, data) => (data.q ? `${t("manager.search.title")}: ${data.q}` : t("manager.search.title")),
  Component: SearchPage,
});
