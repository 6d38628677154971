import { createContext, useContext } from "react";

/**
 * What the server's render (entry.server.tsx) hands the document: the request's CSP nonce, and the
 * production stylesheet's text for the root to inline (one round trip less before the first
 * paint). Both are empty in the browser, where they are not needed; the stylesheet also in
 * development, where the root links it instead.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

const InlineCssContext = createContext("");
export const InlineCssProvider = InlineCssContext.Provider;
export const useInlineCss = () => useContext(InlineCssContext);
