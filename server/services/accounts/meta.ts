import type { Locale } from "../../../locales";

/** Who is asking, as the services need it (the HTTP layer fills it in: lib/http requestMeta). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  locale: Locale;
}
