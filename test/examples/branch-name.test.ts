import { environmentNameForBranch, MAX_ENVIRONMENT_NAME } from "../../examples/feature-branch/branch-name";

describe("environmentNameForBranch", () => {
  it.each([
    ["feature/Login-Page", "fb-feature-login-page"],
    ["main", "fb-main"],
    ["fix/#42 crash__on  start", "fb-fix-42-crash-on-start"],
    ["--Release--2.0--", "fb-release-2-0"],
  ])("names %j %j", (branch, expected) => {
    expect(environmentNameForBranch(branch)).toBe(expected);
  });

  it("cuts long names without a trailing dash", () => {
    const name = environmentNameForBranch(`feature/${"a".repeat(30)}-${"b".repeat(30)}`);
    expect(name.length).toBeLessThanOrEqual(MAX_ENVIRONMENT_NAME);
    expect(name.endsWith("-")).toBe(false);
    expect(name.startsWith("fb-feature-aaa")).toBe(true);
  });

  it("rejects a branch with no letter or digit, naming the field", () => {
    expect(() => environmentNameForBranch("///")).toThrow(/branch: expected a name/);
  });
});
