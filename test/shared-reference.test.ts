import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REFERENCE_PATH, readSharedReference } from "./shared-reference";

const savedCi = process.env["CI"];
afterEach(() => {
  if (savedCi === undefined) delete process.env["CI"];
  else process.env["CI"] = savedCi;
  jest.restoreAllMocks();
});

const missing = path.join(os.tmpdir(), "no-such-shared", "api", "reference-openapi.json");

describe("the rule for tests that need the shared reference", () => {
  it("reads the shared folder beside the checkout", () => {
    expect(REFERENCE_PATH).toBe(path.resolve(__dirname, "../../shared/api/reference-openapi.json"));
  });

  it("parses the reference when it is there", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-reference-"));
    const file = path.join(dir, "reference-openapi.json");
    fs.writeFileSync(file, JSON.stringify({ openapi: "3.0.0", paths: {} }));
    expect(readSharedReference("anything", file)).toEqual({ openapi: "3.0.0", paths: {} });
    fs.rmSync(dir, { recursive: true });
  });

  it("fails in CI when the reference is absent, naming the file", () => {
    process.env["CI"] = "true";
    expect(() => readSharedReference("the enums", missing)).toThrow(`needs the reference in CI, where it is required: ${missing} is absent`);
  });

  it("elsewhere warns what it did not check, and gives nothing", () => {
    delete process.env["CI"];
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readSharedReference("the enums", missing)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(`test/shared-reference.test.ts did not check the enums: ${missing} is absent (the shared folder beside the checkout)`);
  });
});
