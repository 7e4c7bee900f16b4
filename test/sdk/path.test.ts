import { path } from "../../sdk";

describe("path tagged template", () => {
  test("percent-encodes each interpolated id as one segment", () => {
    expect(path`/project/${"a/b?c#d e"}`).toBe("/project/a%2Fb%3Fc%23d%20e");
    expect(path`/application/${"x"}/environmentVariable/${"../y"}`).toBe("/application/x/environmentVariable/..%2Fy");
  });

  test("leaves literal parts and plain ids alone", () => {
    expect(path`/organization/${"3f1c-uuid"}/project`).toBe("/organization/3f1c-uuid/project");
  });

  test("rejects an empty id instead of addressing the parent collection", () => {
    expect(() => path`/project/${""}`).toThrow(/segment 1 is empty/);
  });
});
