// ESLint (flat config): TypeScript, React and its hooks rules, accessibility, and imports (order, cycles,
// extraneous packages). Formatting is Prettier's job, so no stylistic rule is here. `npm run lint` runs it.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const NAMED_INTENT =
  "Read the intent from its screen's constant (SCREEN_INTENT.save, in the screen's browser-safe forms module), " +
  "not a literal: one name for the form that posts it and the action that answers it.";

const HAND_BUILT_ADDRESS =
  "Build an event's address with app/http/paths.ts (paths.live(eventId), eventAddress(path, eventId)), not by hand.";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "drizzle/migrations/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
      "import-x/internal-regex": "^~",
    },
    rules: {
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      "import-x/first": "error",
      "import-x/no-self-import": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"], "type"],
          alphabetize: { order: "asc", caseInsensitive: true },
          "newlines-between": "never",
        },
      ],
    },
  },
  {
    // An event's address comes from app/http/paths.ts, whose entries tests/unit/paths.test.ts checks against the
    // route manifest: one built by hand ("/live?id=" and the id) is checked by nothing and outlives a renamed route.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/http/paths.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TemplateElement[value.raw=/\\?id=$/]",
          message: HAND_BUILT_ADDRESS,
        },
        {
          selector: "Literal[value=/\\?id=$/]",
          message: HAND_BUILT_ADDRESS,
        },
        {
          selector:
            "JSXOpeningElement:has(> JSXAttribute[name.name='name'][value.value='intent']) > JSXAttribute[name.name='value'] Literal",
          message: NAMED_INTENT,
        },
        { selector: "Property[key.name='intent'] > Literal", message: NAMED_INTENT },
        { selector: "Property[computed=false] > CallExpression[callee.name='intent']", message: NAMED_INTENT },
      ],
    },
  },
);
