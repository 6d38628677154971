import { createContext, useContext } from "react";

/**
 * The production stylesheet's text, provided by entry.server.tsx so the root can inline it into
 * the HTML (one round trip less before the first paint). Empty in the browser and in development,
 * where the root links the stylesheet instead.
 */
const InlineCssContext = createContext("");
export const InlineCssProvider = InlineCssContext.Provider;
export const useInlineCss = () => useContext(InlineCssContext);
