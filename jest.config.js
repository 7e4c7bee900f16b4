/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json", diagnostics: false }],
  },
  // Engine tests start `pulumi` processes; they run in their own project with long timeouts.
  testTimeout: 30000,
  modulePathIgnorePatterns: ["<rootDir>/dist/", "<rootDir>/.tools/", "<rootDir>/.work/"],
};
