import { z } from "zod";
import { RICH_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG } from "./limits";

/**
 * A rich-text field in a form's client-safe schema: the editor's HTML, at most RICH_TEXT_MAX_LENGTH characters.
 * The browser and the action check the same limit; the action's domain function sanitises what it saves
 * (sanitize.server.ts), as the sanitiser is server-only.
 */
export const richTextField = () => z.string().max(RICH_TEXT_MAX_LENGTH, RICH_TEXT_TOO_LONG).default("");
