// /manager/settings: the operator's settings in one list (server/services/operator-settings.ts), each
// its own small form (no script), checked by the same schema as PUT /api/manager/setting/{key}.
// Prices are typed in roubles here and stored in kopecks.
import { z } from "zod";
import { intlLocale } from "../../locales";
import { settingVersion, updateSetting } from "../../server/admin/settings";
import { postedVersion } from "../../server/lib/forms";
import { doneKey, withDone } from "../../server/lib/notice";
import { listSettings, readSetting, SETTING_KEYS, type SettingKey } from "../../server/services/operator-settings";
import { usePage } from "../../server/render/page";
import { formatIn } from "../../server/lib/time-zone";
import { managerForm, managerPage } from "./kit";
import { Notice } from "./ui";

type Kind = "number" | "money" | "checkbox" | "textarea" | "text" | "email" | "tel";
/** Each setting's fields: a dotted path into its value and how it is typed. */
const FIELDS: Record<SettingKey, [string, Kind][]> = {
  counterBase: [["value", "number"]],
  maintenance: [
    ["enabled", "checkbox"],
    ["ru", "textarea"],
    ["en", "textarea"],
  ],
  prices: [
    ["fullReport", "money"],
    ["perInvite.base", "money"],
    ["perInvite.norma", "money"],
    ["perInvite.full", "money"],
  ],
  plans: [
    ["base", "number"],
    ["norma", "number"],
    ["full", "number"],
  ],
  contacts: [
    ["email", "email"],
    ["phone", "tel"],
  ],
  referrals: [["commission", "number"]],
  seller: ["name", "inn", "kpp", "ogrn", "address", "bank", "bik", "account", "corrAccount"].map((k) => [k, "text"] as [string, Kind]),
};

const get = (v: unknown, path: string) =>
  path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), v);

/** Posted strings → the setting's value (numbers, roubles → kopecks, checkboxes). */
function fromForm(key: SettingKey, values: Record<string, string>): unknown {
  if (key === "counterBase") return values.value === "" ? undefined : Number(values.value);
  const out: Record<string, unknown> = {};
  for (const [path, kind] of FIELDS[key]) {
    const raw = values[path] ?? "";
    const v =
      kind === "checkbox"
        ? raw === "on"
        : kind === "number"
          ? raw === ""
            ? undefined
            : Number(raw)
          : kind === "money"
            ? raw === ""
              ? undefined
              : Math.round(Number(raw.replace(",", ".")) * 100)
            : raw;
    const parts = path.split(".");
    let o = out;
    for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
    o[parts.at(-1)!] = v;
  }
  return out;
}

function toForm(key: SettingKey, value: unknown, path: string, kind: Kind): string {
  const v = key === "counterBase" ? value : get(value, path);
  if (v == null) return "";
  return kind === "money" ? String(Number(v) / 100) : String(v);
}

type Data = Awaited<ReturnType<typeof listSettings>>;

function SettingForm({ doc }: { doc: Data[number] }) {
  const { t, form, path, locale, config } = usePage();
  const key = doc._id;
  const mine = form?.kind === key ? form : undefined;
  return (
    <section className="card" id={`setting-${key}`} data-setting={key}>
      <h2 className="text-lg font-semibold">{t(`manager.settings.${key}.title`)}</h2>
      <p className="mb-3 text-sm text-slate-500">
        {t(`manager.settings.${key}.hint`)}
        {doc.updatedAt && (
          <>
            {" "}
            ·{" "}
            {t("manager.settings.changed", {
              date: formatIn(new Date(doc.updatedAt), config.TIME_ZONE, intlLocale(locale), { dateStyle: "short", timeStyle: "short" }),
            })}
          </>
        )}
      </p>
      <form method="post" action={`${path}#setting-${key}`} className="grid gap-3 sm:grid-cols-2" noValidate>
        <input type="hidden" name="_form" value={key} />
        <input type="hidden" name="_version" value={mine?.values._version ?? settingVersion(doc.value)} />
        {(key !== "counterBase" || mine?.status === 409) && mine?.errors?._ && (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800 sm:col-span-2">
            {mine.errors._}
          </p>
        )}
        {FIELDS[key].map(([name, kind]) => {
          const id = `${key}-${name}`;
          const label = t(`manager.settings.${key}.${name}`);
          const current = mine ? (mine.values[name] ?? "") : toForm(key, doc.value, name, kind);
          const error = mine?.status === 409 ? undefined : mine?.errors?.[key === "counterBase" ? "_" : name];
          if (kind === "checkbox")
            return (
              <label key={name} htmlFor={id} className="flex items-center gap-2 text-sm sm:col-span-2">
                <input id={id} type="checkbox" name={name} defaultChecked={mine ? current === "on" : current === "true"} />
                {label}
              </label>
            );
          return (
            <div key={name} className={kind === "textarea" ? "sm:col-span-2" : undefined}>
              <label className="label" htmlFor={id}>
                {label}
              </label>
              {kind === "textarea" ? (
                <textarea id={id} name={name} rows={2} className="input" defaultValue={current} aria-invalid={error ? true : undefined} />
              ) : (
                <input
                  id={id}
                  name={name}
                  type={kind === "money" ? "text" : kind}
                  inputMode={kind === "money" ? "decimal" : undefined}
                  className="input"
                  defaultValue={current}
                  aria-invalid={error ? true : undefined}
                />
              )}
              {error && <p className="field-error">{error}</p>}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary">
            {t("manager.detail.save")}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * One setting's form, by its key: the posted strings typed as the setting's value, checked by the
 * setting's own schema in updateSetting (the same as the API's).
 */
function settingForm(key: SettingKey) {
  return managerForm({
    schema: z.object({}),
    run: async (scope, _input, _c, values) => {
      await updateSetting(scope, key, fromForm(key, values), { version: postedVersion(values) });
      return withDone(`/manager/settings#setting-${key}`, "saved");
    },
    // changed since the form was shown: its current value, with the message
    current: async (scope) => {
      const now = await readSetting(scope.db, key);
      const current = Object.fromEntries(
        FIELDS[key].map(([name, kind]) => [name, kind === "checkbox" ? (toForm(key, now, name, kind) === "true" ? "on" : "") : toForm(key, now, name, kind)]),
      );
      return { ...current, _version: settingVersion(now) };
    },
  });
}

export const settingsPage = managerPage({
  path: "/manager/settings",
  load: (c) => listSettings(c.get("scope").db),
  title: (t) => t("manager.settings.title"),
  Component: ({ data }) => {
    const { t, url } = usePage();
    return (
      <>
        {doneKey(url) === "saved" && <Notice>{t("manager.detail.saved")}</Notice>}
        <div className="grid gap-6 lg:grid-cols-2">
          {data.map((doc) => (
            <SettingForm key={doc._id} doc={doc} />
          ))}
        </div>
      </>
    );
  },
  forms: Object.fromEntries(SETTING_KEYS.map((key) => [key, settingForm(key)])),
});
