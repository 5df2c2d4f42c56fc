// Builds the dependencies of the app from a configuration: open (and migrate) the database,
// seed it, create the mailer. Shared by the server entry point and the tests.
import { openDatabase } from "../db/client";
import { seed } from "../db/seed";
import type { Config } from "./config";
import type { AppDeps } from "./context";
import { createJobRunner } from "./jobs";
import { PageCache } from "./render/cache";
import { createMailer } from "./services/mail";

/** `seed: false` skips the seed for a database known to hold it already (the tests' template copies). */
export async function bootstrap(config: Config, opts: { seed?: boolean } = {}): Promise<AppDeps> {
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN, config.DATABASE_DRIVER);
  if (opts.seed !== false) await seed(database.db, { adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD, demo: config.SEED_DEMO });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer: createMailer(config),
    pageCache: new PageCache(config.PAGE_CACHE_SECONDS * 1000),
    jobs: createJobRunner(() => deps),
  };
  return deps;
}
