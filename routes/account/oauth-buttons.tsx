import { usePage } from "../../server/render/page";
import { enabledProviders } from "../../server/services/oauth";

/** Sign-in buttons for each OAuth provider whose keys are configured. */
export function OAuthButtons() {
  const { t, config, url } = usePage();
  const providers = enabledProviders(config);
  if (providers.length === 0) return null;
  const fallback = url.searchParams.get("fallback");
  return (
    <div className="mt-6">
      <p className="mb-3 text-center text-sm text-slate-500">{t("auth.login.or")}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {providers.map((p) => (
          <a
            key={p}
            href={`/auth/${p}${fallback ? `?fallback=${encodeURIComponent(fallback)}` : ""}`}
            className="btn-secondary py-2 text-sm"
            data-testid={`oauth-${p}`}
          >
            {t(`auth.login.${p}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
