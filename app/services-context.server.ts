import { createContext, type RouterContextProvider } from "react-router";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { env } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";

/*
 * Above the platform layer because the dev fallback opens the services itself
 * and must hand them the features' email templates, as the server entry does.
 */

/** The process's services, handed to loaders and actions by the server entry. */
export const servicesContext = createContext<Services | null>(null);

const devServicesKey = Symbol.for("site.devServices");
type WithDevServices = typeof globalThis & { [devServicesKey]?: Promise<Services> };

/**
 * Services for this request. The production server always provides them;
 * under `react-router dev` (no server entry) one instance is opened on first
 * use and kept across module reloads.
 */
export function servicesOf(context: Readonly<RouterContextProvider>): Promise<Services> {
  const provided = context.get(servicesContext);
  if (provided) return Promise.resolve(provided);
  const global = globalThis as WithDevServices;
  global[devServicesKey] ??= openServices(env(), { mailTemplates });
  return global[devServicesKey];
}
