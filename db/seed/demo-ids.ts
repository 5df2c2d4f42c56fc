// The demo company's fixed ids, apart from the seed that writes it: the services that recognise the
// demo (access, masquerade, the back-office) import this leaf, so they never load the seed, which
// itself loads services to compute the demo's fits.

export type DemoLang = "en" | "ru";

/** The fixed demo business account and its project (spec §1). */
export const DEMO_USER_ID = "0000000000000000000000d1";
export const DEMO_PROJECT_ID = "0000000000000000000000d2";

/** A demo row's id in a language: the English one as given, the Russian one with a leading 7. */
export const demoId = (lang: DemoLang, enId: string) => (lang === "en" ? enId : `7${enId.slice(1)}`);

/** The demo company in each UI language (the English one is DEMO_PROJECT_ID). */
export const demoProjectId = (lang: DemoLang) => demoId(lang, DEMO_PROJECT_ID);
