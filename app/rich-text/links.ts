import richTextHref from "~/styles/rich-text.css";
import type { LinksFunction } from "@remix-run/node";

/**
 * The stylesheet of rich text and its editor. A route that shows either includes it in its own links:
 * `export const links: LinksFunction = () => [...richTextLinks()];`
 */
export const richTextLinks: LinksFunction = () => [{ rel: "stylesheet", href: richTextHref }];
