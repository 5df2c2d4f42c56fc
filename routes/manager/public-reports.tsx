// /manager/public/base and /manager/public/full without an id (spec §3: "a report can be shown
// by type, default base, and id"): the latest complete result's report. With an id, the report
// pages in routes/report/pages.tsx answer (the same view the owner sees).
import { desc, eq } from "drizzle-orm";
import { results } from "../../db/schema";
import { definePage } from "../../server/render/define";
import { usePage } from "../../server/render/page";
import { CabinetLayout } from "../_layouts/cabinet";
import { Empty } from "./ui";

export const latestReportPages = (["base", "full"] as const).map((type) =>
  definePage({
    path: `/manager/public/${type}`,
    guards: ["admin"],
    load: async (c) => {
      const [last] = await c
        .get("deps")
        .db.select({ id: results.id })
        .from(results)
        .where(eq(results.isCompleted, true))
        .orderBy(desc(results.completedAt))
        .limit(1);
      if (last) return c.redirect(`/manager/public/${type}/${last.id}`);
      return null;
    },
    title: (t) => t("manager.public.title"),
    Component: function NoResults() {
      const { t } = usePage();
      return (
        <CabinetLayout kind="manager" title={t("manager.public.title")}>
          <Empty>{t("manager.public.none")}</Empty>
        </CabinetLayout>
      );
    },
  }),
);
