// What server.js hands every loader and action besides the request (Express's getLoadContext).
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP address, as Express sees it through TRUSTED_PROXIES proxies; absent outside server.js. */
    clientAddress?: string;
  }
}
