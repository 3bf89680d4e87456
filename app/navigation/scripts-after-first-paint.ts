/**
 * A guest's page, opened on a phone (decision 042, step 3): its scripts are requested once it has painted, so that on a
 * slow line its stylesheets, fonts and first pictures are not shared with 150 KB of JavaScript. Its forms work before
 * the scripts have loaded, so nothing of a guest's waits for them. A route exports this as its `handle`; the root's
 * Layout reads it.
 */
export const SCRIPTS_AFTER_FIRST_PAINT = { scriptsAfterFirstPaint: true } as const;

/** Whether a route's handle asks for its scripts after the first paint. */
export function wantsScriptsAfterFirstPaint(handle: unknown): boolean {
  return (handle as Partial<typeof SCRIPTS_AFTER_FIRST_PAINT> | undefined)?.scriptsAfterFirstPaint === true;
}
