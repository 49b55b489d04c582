// ESLint flat config: correctness rules only (formatting is Prettier's job, see .prettierrc.json).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "node_modules/",
      ".scratch/",
      "coverage/",
      "benchmarks/results/",
      "**/*.d.ts",
      "**/*.d.cts",
      "test/types/**/out/",
      "examples/typescript/",
      "examples/nestjs/dist/",
    ],
  },
  js.configs.recommended,
  // test/loaders/: CommonJS (its package.json has no "type") and Jest's globals.
  { files: ["test/loaders/**/*.js"], languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.jest } } },
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none", ignoreRestSiblings: true }],
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
  { files: ["test/**", "benchmarks/**"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ["examples/public/**"], languageOptions: { globals: { ...globals.browser } } },
];
