import { config } from "~/config.server";
import { publicOriginOf } from "./request";

/** The origin for links sent out of the site (emails, the OAuth callback): see publicOriginOf. */
export function publicOrigin(request: Request): string {
  return publicOriginOf(request.url, config.APP_HOST);
}
