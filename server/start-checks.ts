import type { Env } from "#app/platform/env.server.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"]);

/** A host name only this machine reaches: localhost, *.localhost or a loopback address. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Settings that start a production server but would serve visitors wrongly:
 * each answer is a warning to log at start. `npm start` on a laptop gets the
 * localhost one, which is expected there.
 */
export function productionWarnings(env: Pick<Env, "NODE_ENV" | "SITE_URL" | "TRUST_PROXY">): string[] {
  if (env.NODE_ENV !== "production") return [];
  const url = new URL(env.SITE_URL);
  const warnings: string[] = [];
  if (isLocalHost(url.hostname)) {
    warnings.push(
      `SITE_URL is ${env.SITE_URL}, a localhost address: canonical links, the sitemap, Open Graph tags and the links in emails point there. ` +
        "Set SITE_URL to the site's public address (https://...).",
    );
  } else if (url.protocol !== "https:") {
    warnings.push(
      `SITE_URL is ${env.SITE_URL}, not https: staff session cookies are sent without Secure. Serve the site over TLS and set SITE_URL to its https:// address.`,
    );
  }
  // This server speaks plain HTTP, so an https site reaches it through a proxy that ends TLS.
  if (url.protocol === "https:" && !env.TRUST_PROXY) {
    warnings.push(
      "SITE_URL is https but TRUST_PROXY is unset: behind a TLS-terminating proxy every request looks like plain http, so every form post is refused " +
        "(its https Origin is not the request's origin) and rate limits count the proxy as one visitor. Set TRUST_PROXY (e.g. 1 for one proxy in front).",
    );
  }
  return warnings;
}
