import { createContext, useContext } from "react";

/** The CSP nonce of the current request on the server; empty in the browser (it is not needed there). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
