import { scriptSafeJson } from "#app/platform/script-safe-json.ts";

/**
 * Structured data for search engines. `<` is escaped so that no value can
 * close the script element, whatever text it holds.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}
