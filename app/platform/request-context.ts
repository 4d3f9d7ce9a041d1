import { createContext, type RouterContextProvider } from "react-router";

/**
 * What the server entry hands to every loader, action and the document render.
 * `nonce` allows the document's inline scripts under the Content-Security-Policy;
 * `clientAddress` is the visitor's IP address (as trusted by TRUST_PROXY).
 */
export type RequestInfo = { nonce: string; clientAddress: string };

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientAddress: "unknown" });

export function nonceOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).nonce;
}

export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}
