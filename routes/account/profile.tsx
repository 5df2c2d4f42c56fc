import { z } from "zod";
import { AppError } from "../../server/lib/errors";
import { doneKey, withDone } from "../../server/lib/notice";
import { fallbackOf } from "../../server/lib/redirect";
import { definePage } from "../../server/render/define";
import { personForm, personPage } from "../_kit/site";
import { usePage } from "../../server/render/page";
import { changePassword, changePasswordSchema, profileSchema, requestRestore, updateProfile } from "../../server/services/accounts";
import { requestMeta } from "../../server/lib/http";
import { isEmailConfirmed, isProfileComplete } from "../../server/services/users";
import { PublicLayout } from "../_layouts/public";
import { ServerForm } from "../_blocks/blocks";
import { useSignedIn } from "../../server/render/signed-in";

function ProfileRows() {
  const { t } = usePage();
  const u = useSignedIn().user;
  const rows: [string, string | null][] = [
    [t("auth.profile.email"), `${u.email} (${isEmailConfirmed(u) ? t("auth.profile.confirmed") : t("auth.profile.unconfirmed")})`],
    [t("auth.profile.name"), u.name],
    [t("auth.profile.birthday"), u.birthday],
    [t("auth.profile.city"), u.city],
    [t("auth.profile.phone"), u.phone],
    [t("auth.profile.gender"), u.gender ? t(`auth.profile.${u.gender === "Male" ? "male" : "female"}`) : null],
    [t("auth.profile.personnelId"), u.personnelId],
  ];
  return (
    <dl className="divide-y divide-slate-100" data-testid="profile">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="sm:col-span-2">{value || <span className="text-slate-600">{t("auth.profile.notSet")}</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function Profile() {
  const { t } = usePage();
  return (
    <PublicLayout>
      <div className="container-page max-w-3xl py-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold">{t("auth.profile.title")}</h1>
          <a href="/profile/edit" className="btn-secondary py-2">
            {t("auth.profile.edit")}
          </a>
        </div>
        <div className="card">
          <ProfileRows />
        </div>
      </div>
    </PublicLayout>
  );
}

export const profilePage = definePage({
  path: "/profile",
  guards: ["auth"],
  title: (t) => t("auth.profile.title"),
  Component: Profile,
});

function EditProfile() {
  const { t, url } = usePage();
  const u = useSignedIn().user;
  const saved = doneKey(url);
  return (
    <PublicLayout>
      <div className="container-page max-w-3xl space-y-8 py-10">
        <h1 className="text-2xl font-bold">{t("auth.profile.editTitle")}</h1>
        {/* said only to someone sent here by a page that needs the name and birthday */}
        {!isProfileComplete(u) && url.searchParams.get("fallback") && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t("auth.profile.incomplete")}</p>
        )}
        <div className="card">
          <ServerForm
            kind="profile"
            submit={t("auth.profile.save")}
            notice={saved === "profile" ? t("auth.profile.saved") : null}
            fields={[
              { name: "name", label: t("auth.profile.name"), required: true, autoComplete: "name", value: u.name },
              { name: "birthday", label: t("auth.profile.birthday"), type: "date", required: true, autoComplete: "bday", value: u.birthday },
              { name: "city", label: t("auth.profile.city"), autoComplete: "address-level2", value: u.city },
              { name: "phone", label: t("auth.profile.phone"), type: "tel", autoComplete: "tel", value: u.phone },
              {
                name: "gender",
                label: t("auth.profile.gender"),
                type: "select",
                value: u.gender ?? "",
                options: [
                  { value: "", label: "—" },
                  { value: "Female", label: t("auth.profile.female") },
                  { value: "Male", label: t("auth.profile.male") },
                ],
              },
              { name: "PersonnelId", label: t("auth.profile.personnelId"), value: u.personnelId },
              {
                name: "locale",
                label: t("auth.profile.language"),
                type: "select",
                value: u.locale,
                options: [
                  { value: "ru", label: "Русский" },
                  { value: "en", label: "English" },
                ],
              },
            ]}
          />
        </div>
        <div className="card" id="password">
          {u.passwordHash ? <ChangePassword /> : <SetPassword />}
        </div>
      </div>
    </PublicLayout>
  );
}

/** An account made with an e-mail only has no current password to type: a mailed link sets the first one. */
function SetPassword() {
  const { t, url } = usePage();
  const u = useSignedIn().user;
  return (
    <ServerForm
      kind="set-password"
      title={t("auth.password.setTitle")}
      submit={t("auth.password.setSend")}
      notice={doneKey(url) === "passwordLink" ? t("auth.password.setSent") : null}
      fields={[]}
    >
      <p className="text-slate-700">{t("auth.password.setLead", { email: u.email })}</p>
    </ServerForm>
  );
}

function ChangePassword() {
  const { t, url } = usePage();
  const saved = doneKey(url);
  return (
    <ServerForm
      kind="password"
      title={t("auth.password.title")}
      submit={t("auth.password.submit")}
      notice={saved === "password" ? t("auth.password.changed") : saved === "passwordReset" ? t("auth.password.setDone") : null}
      fields={[
        { name: "current", label: t("auth.password.current"), type: "password", required: true, autoComplete: "current-password" },
        { name: "new", label: t("auth.password.new"), type: "password", required: true, autoComplete: "new-password" },
        { name: "repeat", label: t("auth.password.repeat"), type: "password", required: true, autoComplete: "new-password" },
      ]}
    />
  );
}

export const editProfilePage = personPage({
  path: "/profile/edit",
  title: (t) => t("auth.profile.editTitle"),
  Component: EditProfile,
  forms: {
    // only an account without a password is offered the link that sets one
    "set-password": personForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        if (scope.user.passwordHash) throw new AppError(400, "bad_request", "errors.badRequest");
        await requestRestore(scope, { email: scope.user.email }, requestMeta(c));
        return withDone("/profile/edit#form-set-password", "passwordLink");
      },
    }),
    password: personForm({
      schema: changePasswordSchema,
      shape: (v) => ({ current: v.current ?? "", password: v.new ?? "", repeat: v.repeat ?? "" }),
      run: async (scope, input) => {
        await changePassword(scope, input);
        return withDone("/profile/edit#form-password", "password");
      },
    }),
    profile: personForm({
      // On this page name and birthday are what "profile complete" means, so both are required.
      schema: profileSchema
        .refine((p) => Boolean(p.name), { path: ["name"], message: "common.validation.required" })
        .refine((p) => Boolean(p.birthday), { path: ["birthday"], message: "common.validation.required" }),
      shape: (v) => ({ ...v, _form: undefined }),
      run: async (scope, input, c) => {
        await updateProfile(scope, input);
        return fallbackOf(c) ?? withDone("/profile/edit", "profile");
      },
    }),
  },
});
