/**
 * Import rules checked in `npm run lint` (dependency-cruiser): no loops between the app's folders, and none between
 * modules. A folder is a floor of the app (docs/architecture.md): a product folder may use the shared ones below it,
 * and two folders that need each other want their common part moved into a folder of its own.
 */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      comment: "Two folders of app/ import each other (through any path): move what both need into its own module.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Modules import each other in a loop.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-schema-cycles",
      comment:
        "Modules of the drizzle schema import each other in a loop: move the table both need into a module of its own.",
      severity: "error",
      from: { path: "^drizzle/" },
      to: { circular: true },
    },
    {
      name: "no-server-in-browser-shared",
      comment:
        "A client-safe module (no .server in its name) imports a .server module, which the browser build empties.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: [
          "\\.server\\.tsx?$",
          "^app/routes/",
          "^app/root\\.tsx$",
          "^app/entry\\.server\\.tsx$",
          "^app/server-build\\.ts$",
        ],
      },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
