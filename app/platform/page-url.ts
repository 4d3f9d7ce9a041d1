/**
 * The page a request is for. A navigation with JavaScript asks for its data
 * at /page.data (/_root.data for the home) with the routes it wants in
 * `_routes`; the loaders see that request as it came (`v8_passThroughRequests`),
 * and it is no address to send anyone to.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}
