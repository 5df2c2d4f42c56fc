// OAuth sign-in with Google, Yandex and VK through arctic's generic OAuth2Client, each on when
// its keys are configured. A provider account is linked to an existing user by verified e-mail;
// otherwise a new confirmed account is created. Endpoints can be replaced (tests run a fake
// provider on localhost).
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from "arctic";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oauthAccounts, users } from "../../db/schema";
import type { Config } from "../config";
import { AppError } from "../lib/errors";
import { createId } from "../lib/ids";
import { logActivity } from "./activity";
import { findUserByEmail, findUserById, normalizeEmail } from "./users";
import { revokeUserSessions } from "./sessions";

export const PROVIDERS = ["google", "yandex", "vk"] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  /** Where the profile comes from; VK returns the e-mail with the token instead. */
  userInfo: string | null;
}

export const DEFAULT_ENDPOINTS: Record<Provider, ProviderEndpoints> = {
  google: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
  },
  yandex: { authorize: "https://oauth.yandex.ru/authorize", token: "https://oauth.yandex.ru/token", userInfo: "https://login.yandex.ru/info?format=json" },
  vk: { authorize: "https://oauth.vk.com/authorize", token: "https://oauth.vk.com/access_token", userInfo: null },
};

const SCOPES: Record<Provider, string[]> = { google: ["openid", "email", "profile"], yandex: ["login:email", "login:info"], vk: ["email"] };

function credentials(config: Config, p: Provider) {
  const pairs = {
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    yandex: [config.YANDEX_CLIENT_ID, config.YANDEX_CLIENT_SECRET],
    vk: [config.VK_CLIENT_ID, config.VK_CLIENT_SECRET],
  } as const;
  const [id, secret] = pairs[p];
  return id && secret ? { id, secret } : null;
}

export const enabledProviders = (config: Config) => PROVIDERS.filter((p) => credentials(config, p));

function client(config: Config, p: Provider) {
  const c = credentials(config, p);
  if (!c) throw new AppError(404, "not_found", "errors.notFound");
  return new OAuth2Client(c.id, c.secret, `${config.PUBLIC_URL}/auth/${p}/callback`);
}

export function startAuthorization(config: Config, p: Provider, endpoints = DEFAULT_ENDPOINTS[p]) {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url =
    p === "google"
      ? client(config, p).createAuthorizationURLWithPKCE(endpoints.authorize, state, CodeChallengeMethod.S256, verifier, SCOPES[p])
      : client(config, p).createAuthorizationURL(endpoints.authorize, state, SCOPES[p]);
  return { url, state, verifier };
}

interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

async function fetchProfile(p: Provider, endpoints: ProviderEndpoints, accessToken: string, tokenData: Record<string, unknown>): Promise<ProviderProfile> {
  if (p === "vk") {
    // VK's token response carries user_id and, with the email scope, the verified e-mail.
    return { id: String(tokenData.user_id ?? ""), email: (tokenData.email as string) ?? null, emailVerified: Boolean(tokenData.email), name: null };
  }
  const res = await fetch(endpoints.userInfo!, {
    headers: { Authorization: p === "yandex" ? `OAuth ${accessToken}` : `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(8000),
  });
  if (!res.ok) throw new Error(`userinfo ${res.status}`);
  const d = (await res.json()) as Record<string, unknown>;
  if (p === "google") {
    return { id: String(d.sub ?? ""), email: (d.email as string) ?? null, emailVerified: d.email_verified === true, name: (d.name as string) ?? null };
  }
  // Yandex ID only hands out addresses it has verified.
  return { id: String(d.id ?? ""), email: (d.default_email as string) ?? null, emailVerified: Boolean(d.default_email), name: (d.real_name as string) ?? null };
}

/** Exchanges the code, reads the profile, and returns the user to sign in (linked or created). */
export async function completeAuthorization(
  db: Db,
  config: Config,
  p: Provider,
  code: string,
  verifier: string | null,
  locale: "ru" | "en",
  endpoints = DEFAULT_ENDPOINTS[p],
) {
  const tokens = await client(config, p).validateAuthorizationCode(endpoints.token, code, p === "google" ? verifier : null);
  const profile = await fetchProfile(p, endpoints, tokens.accessToken(), tokens.data as Record<string, unknown>);
  if (!profile.id) throw new Error("provider returned no user id");

  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, p), eq(oauthAccounts.providerUserId, profile.id)));
  if (linked) return (await findUserById(db, linked.userId))!;

  if (!profile.email || !profile.emailVerified) {
    throw new AppError(400, "oauth_no_email", "auth.errors.oauthNoEmail", undefined, { provider: p });
  }
  let user = await findUserByEmail(db, profile.email);
  if (!user) {
    const id = createId();
    await db.insert(users).values({ id, email: normalizeEmail(profile.email), name: profile.name, locale, emailConfirmedAt: new Date() });
    user = (await findUserById(db, id))!;
    await logActivity(db, id, "signup", { provider: p });
  } else if (!user.emailConfirmedAt) {
    // The provider has verified this address, which confirms it for us too. But whoever made this
    // account never proved the address was theirs: it may be an attacker's sign-up waiting for
    // the real owner (pre-hijacking). So its password and every session it has end here.
    await db.update(users).set({ emailConfirmedAt: new Date(), passwordHash: null, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(db, user.id);
    await logActivity(db, user.id, "oauth.claim", { provider: p });
    user = (await findUserById(db, user.id))!;
  }
  await db.insert(oauthAccounts).values({ provider: p, providerUserId: profile.id, userId: user.id }).onConflictDoNothing();
  await logActivity(db, user.id, "oauth.link", { provider: p });
  return user;
}
