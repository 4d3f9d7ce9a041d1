import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

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

/**
 * Powerful browser features no page of the site uses, switched off for the
 * site and anything it embeds. Only names Chromium knows: an unknown one is a
 * console error on every page (Lighthouse counts it).
 */
export const PERMISSIONS_POLICY = ["accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone", "payment", "usb"]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Helmet's headers with our options, and the Permissions-Policy, which Helmet does not set. */
export function securityHeadersMiddleware(): RequestHandler {
  const helmetHeaders = helmet(securityHeaders());
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}
