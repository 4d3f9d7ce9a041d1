import { createContext, useContext } from "react";

/** The CSP nonce of the current document render ("" in the browser). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
