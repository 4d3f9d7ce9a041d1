import { createContext, type RouterContextProvider } from "react-router";

/**
 * What the server hands to every loader and action.
 * `clientAddress` is the visitor's IP address (as trusted by TRUST_PROXY).
 */
export type RequestInfo = { clientAddress: string };

export const requestInfoContext = createContext<RequestInfo>({ clientAddress: "unknown" });

export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}
