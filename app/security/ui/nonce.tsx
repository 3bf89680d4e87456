/**
 * The document's script nonce (docs/reliability.md, L10): entry.server.tsx draws one per page and names it in the
 * page's Content-Security-Policy, and the root layout gives it to Remix's inline scripts. In the browser there is
 * none to give: the scripts are already running.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
