/**
 * Structured data for search engines. `<` is escaped so that no value can
 * close the script element, whatever text it holds.
 */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
