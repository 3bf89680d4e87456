export * from "./people";
export * from "./event";
export * from "./catalogue";
export * from "./money";
export * from "./registration";
export * from "./fundraising";
export * from "./settings";
export * from "./auth";
