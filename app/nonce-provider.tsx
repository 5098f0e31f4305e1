import { createContext, useContext } from 'react';

// The per-request CSP nonce (worker/security-headers.ts). Set on the server only; in the
// browser it is empty, which is what React expects when hydrating nonce attributes.
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
