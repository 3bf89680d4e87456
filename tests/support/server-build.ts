// Stands in for Remix's virtual "@remix-run/dev/server-build" module under Vitest (aliased in vitest.config.ts):
// that module only exists inside a Remix build. Code that reads the build's route ids (the admin menus) sees
// the app's real routes, read the way the compiler reads them.
import { appRoutes } from "./route-manifest";

export const routes = Object.fromEntries((await appRoutes()).map((route) => [route.id, route]));
