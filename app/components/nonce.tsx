/** The request's CSP nonce, for the inline scripts Remix renders (set by entry.server). */
import { createContext, useContext } from 'react';

const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
/** '' in the browser: React keeps the attribute the server rendered. */
export const useNonce = () => useContext(NonceContext);
