// The {{param}} rule of the server's translator (rosetta fills strings with templite), for
// templates filled in the browser: a route hands an island the raw template (t.raw) and the
// island fills it with values that change there (answers given, minutes left). Translating such
// a string on the server without its values would empty the placeholders.
// test/render/interpolate.test.ts checks that this rule and the translator's agree.
export type TemplateParams = Record<string, string | number>;

export function interpolate(template: string, params: TemplateParams): string {
  return template.replace(/{{(.*?)}}/g, (_, path: string) => {
    let value: unknown = params;
    for (const key of path.trim().split(".")) value = value == null ? value : (value as Record<string, unknown>)[key];
    return value == null ? "" : String(value);
  });
}
