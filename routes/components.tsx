// /components and /b2b/components (spec: the component demo pages): every shared piece of
// routes/_blocks and routes/_layouts in its states, in the page's language, so a change to one
// is seen in one place. The consumer page sits in the public layout, the business one in the
// cabinet layout (its side bar is one of the pieces). Built from the real components, no copies.
import { definePage } from "../server/render/define";
import { usePage, WithFormState } from "../server/render/page";
import { CardGrid, Faq, Section, ServerForm, Steps, Table, type FieldDef } from "./_blocks/blocks";
import { BusinessShell } from "./_layouts/cabinet";
import { PublicLayout } from "./_layouts/public";

function Demo() {
  const { t } = usePage();
  const fields: FieldDef[] = [
    { name: "name", label: t("common.forms.name"), required: true, autoComplete: "name", hint: t("components.hint") },
    { name: "email", label: t("common.forms.email"), type: "email", required: true, autoComplete: "email" },
    {
      name: "topic",
      label: t("components.select"),
      type: "select",
      options: [1, 2, 3].map((n) => ({ value: String(n), label: t("components.option", { n }) })),
    },
    { name: "message", label: t("components.textarea"), type: "textarea" },
  ];
  return (
    <div data-testid="components">
      <Section title={t("components.buttons")}>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-primary">
            {t("components.primary")}
          </button>
          <button type="button" className="btn-secondary">
            {t("components.secondary")}
          </button>
          <button type="button" className="btn-primary" disabled>
            {t("components.disabled")}
          </button>
          <a href="/components" className="font-semibold text-brand-700 hover:underline">
            {t("components.link")}
          </a>
        </div>
      </Section>
      <Section title={t("components.forms")} tone="muted">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="card">
            <h3 className="mb-4 font-semibold">{t("components.formEmpty")}</h3>
            <ServerForm kind="demo-empty" fields={fields} submit={t("common.forms.send")} action="/components" />
          </div>
          <div className="card">
            <h3 className="mb-4 font-semibold">{t("components.formErrors")}</h3>
            <WithFormState
              form={{
                kind: "demo-errors",
                values: { name: "", email: "not-an-email", topic: "2", message: "" },
                errors: { name: t("common.validation.required"), email: t("common.validation.email") },
              }}
            >
              <ServerForm kind="demo-errors" fields={fields} submit={t("common.forms.send")} action="/components" />
            </WithFormState>
          </div>
          <div className="card">
            <h3 className="mb-4 font-semibold">{t("components.formSent")}</h3>
            <ServerForm kind="demo-sent" fields={fields.slice(0, 2)} submit={t("common.forms.send")} notice={t("common.forms.sent")} action="/components" />
          </div>
        </div>
      </Section>
      <Section title={t("components.cards")}>
        <CardGrid items={[1, 2, 3].map((n) => ({ title: t("components.cardTitle", { n }), text: t("components.cardText") }))} />
      </Section>
      <Section title={t("components.banners")} tone="muted">
        <div className="space-y-3">
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-800">
            {t("common.forms.sent")}
          </p>
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800">
            {t("common.errors.validation")}
          </p>
          <p className="rounded-lg bg-slate-900 px-4 py-3 text-center text-sm text-white">{t("common.shell.offline")}</p>
        </div>
      </Section>
      <Section title={t("components.tables")}>
        <Table
          caption={t("components.tableCaption")}
          head={[t("components.column", { n: 1 }), t("components.column", { n: 2 }), t("components.column", { n: 3 })]}
          rows={[1, 2, 3].map((r) => [t("components.cell", { r, c: 1 }), t("components.cell", { r, c: 2 }), t("components.cell", { r, c: 3 })])}
          testId="demo-table"
        />
      </Section>
      <Steps k="home.how" />
      <Faq title={t("components.faq")} items={[1, 2].map((n) => ({ q: t("components.question", { n }), a: t("components.answer") }))} />
    </div>
  );
}

export const componentsPage = definePage({
  path: "/components",
  title: (t) => t("components.title"),
  description: (t) => t("components.lead"),
  publicCache: true,
  Component: () => (
    <PublicLayout>
      <Demo />
    </PublicLayout>
  ),
});

export const businessComponentsPage = definePage({
  path: "/b2b/components",
  title: (t) => t("components.businessTitle"),
  description: (t) => t("components.lead"),
  publicCache: true,
  Component: function BusinessComponents() {
    const { t } = usePage();
    return (
      <BusinessShell shell={null} title={t("components.businessTitle")}>
        <Demo />
      </BusinessShell>
    );
  },
});
