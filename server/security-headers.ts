import type { HelmetOptions } from "helmet";

/**
 * The Content-Security-Policy. Scripts run only from this origin, or inline
 * when the document names their SHA-256 hash (decision 013): a page the same
 * for everyone carries the same policy, so a cached page needs no rewriting.
 */
const policy = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "https:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'self'"],
  "object-src": ["'none'"],
};

/** The policy for a document whose inline scripts have these hash sources (`'sha256-…'`). */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return Object.entries({ ...policy, "script-src": [...policy["script-src"], ...scriptHashes] } as Record<string, string[]>)
    .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
    .join(";");
}

/** Security headers for every response besides the policy, which the server sets itself (server/app.ts). */
export function securityHeaders(): HelmetOptions {
  return {
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  };
}
