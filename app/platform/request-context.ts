import { createContext, type RouterContextProvider } from "react-router";

/**
 * What the server entry hands to every loader, action and the document render.
 * `nonce` allows the document's inline scripts under the Content-Security-Policy.
 */
export type RequestInfo = { nonce: string };

export const requestInfoContext = createContext<RequestInfo>({ nonce: "" });

export function nonceOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).nonce;
}
