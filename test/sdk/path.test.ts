import { path } from "../../sdk";

describe("path tagged template", () => {
  test("percent-encodes each interpolated id as one segment", () => {
    expect(path`/project/${"a:b@c+d"}`).toBe("/project/a%3Ab%40c%2Bd");
    expect(path`/application/${"x"}/environmentVariable/${"y.z"}`).toBe("/application/x/environmentVariable/y.z");
  });

  test("leaves literal parts and plain ids alone", () => {
    expect(path`/organization/${"3f1c-uuid"}/project`).toBe("/organization/3f1c-uuid/project");
  });

  test("rejects an empty id instead of addressing the parent collection, naming the argument", () => {
    expect(() => path`/project/${""}`).toThrow(/projectId in \/project\/\{\}: is empty/);
  });
});
