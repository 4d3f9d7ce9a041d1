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
export function productionWarnings(env: Pick<Env, "NODE_ENV" | "SITE_URL">): string[] {
  if (env.NODE_ENV !== "production") return [];
  const url = new URL(env.SITE_URL);
  if (isLocalHost(url.hostname)) {
    return [
      `SITE_URL is ${env.SITE_URL}, a localhost address: canonical links, the sitemap, Open Graph tags and the links in emails point there. ` +
        "Set SITE_URL to the site's public address (https://...).",
    ];
  }
  if (url.protocol !== "https:") {
    return [`SITE_URL is ${env.SITE_URL}, not https: staff session cookies are sent without Secure. Serve the site over TLS and set SITE_URL to its https:// address.`];
  }
  return [];
}
