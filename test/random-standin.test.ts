/**
 * Tests of the STAND-IN for the @pulumi/random resource plugin (test/random-standin/): its logic on its own, the
 * plugin process, and `new random.RandomPassword(...)` through the real engine with the stand-in on PATH.
 */
import { spawn } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { describeWithEngine, EngineStack, REPO_ROOT, steps } from "./e2e/harness";
import * as standin from "./random-standin/standin-random";

const STANDIN_BIN = path.join(__dirname, "random-standin", "bin");
const SECRET = { [standin.SECRET_SIG_KEY]: standin.SECRET_SIG_VALUE };

function secret(value: unknown): Record<string, unknown> {
  return { ...SECRET, value };
}

function checked(type: string, news: Record<string, unknown>): Record<string, unknown> {
  const { inputs, failures } = standin.check(type, news);
  expect(failures).toEqual([]);
  return inputs;
}

function passwordOf(outs: Record<string, unknown>): string {
  return standin.reveal<string>(outs.result);
}

describe("random stand-in: check", () => {
  it("applies the SDK's defaults", () => {
    expect(standin.check(standin.PASSWORD_TYPE, { length: 12 })).toEqual({
      inputs: {
        length: 12, lower: true, upper: true, numeric: true, number: true, special: true,
        minLower: 0, minUpper: 0, minNumeric: 0, minSpecial: 0,
      },
      failures: [],
    });
  });

  it("keeps explicit values and syncs the deprecated `number` alias", () => {
    const inputs = checked(standin.STRING_TYPE, { length: 5, special: false, number: false });
    expect(inputs).toMatchObject({ special: false, number: false, numeric: false, upper: true });
  });

  it.each([
    [{}, "length", /required/],
    [{ length: 0 }, "length", /at least 1, got 0/],
    [{ length: 2.5 }, "length", /integer/],
    [{ length: "8" }, "length", /integer/],
    [{ length: 8, minUpper: -1 }, "minUpper", /at least 0/],
    [{ length: 3, minUpper: 2, minNumeric: 2 }, "length", /sum of minLower.*\(4\), got 3/],
    [{ length: 8, special: "yes" }, "special", /true or false/],
    [{ length: 8, number: true, numeric: false }, "numeric", /disagree/],
    [{ length: 8, lower: false, upper: false, numeric: false, special: false }, "length", /no characters/],
  ])("rejects %j naming %s", (news, property, reason) => {
    const { failures } = standin.check(standin.PASSWORD_TYPE, news);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.property).toBe(property);
    expect(failures[0]?.reason).toMatch(reason);
  });

  it("accepts unknown values in preview without validating them", () => {
    const { inputs, failures } = standin.check(standin.PASSWORD_TYPE, { length: standin.UNKNOWN, minUpper: standin.UNKNOWN });
    expect(failures).toEqual([]);
    expect(inputs.length).toBe(standin.UNKNOWN);
  });

  it("validates the value inside a secret and keeps the secret", () => {
    expect(standin.check(standin.PASSWORD_TYPE, { length: secret(0) }).failures[0]?.property).toBe("length");
    const inputs = checked(standin.PASSWORD_TYPE, { length: secret(10) });
    expect(inputs.length).toEqual(secret(10));
  });

  it("refuses a resource type it does not serve, naming it", () => {
    expect(() => standin.check("random:index/randomUuid:RandomUuid", { length: 1 })).toThrow(/randomUuid:RandomUuid/);
  });
});

describe("random stand-in: create", () => {
  it("makes a password of the requested length, secret, with a salted stand-in hash", () => {
    const { id, outs } = standin.create(standin.PASSWORD_TYPE, checked(standin.PASSWORD_TYPE, { length: 32 }));
    expect(id).toBe("none");
    expect(outs.result).toMatchObject(SECRET);
    expect(outs.bcryptHash).toMatchObject(SECRET);
    const password = passwordOf(outs);
    expect(password).toHaveLength(32);
    const [, scheme, salt, digest] = standin.reveal<string>(outs.bcryptHash).split("$");
    expect(scheme).toBe("standin-sha256");
    const expected = crypto.createHash("sha256").update(Buffer.from(salt!, "base64url")).update(password).digest("hex");
    expect(digest).toBe(expected);
  });

  it("returns a string's value as id and plain result, and the inputs as outputs", () => {
    const inputs = checked(standin.STRING_TYPE, { length: 6, special: false });
    const { id, outs } = standin.create(standin.STRING_TYPE, inputs);
    expect(outs.result).toBe(id);
    expect(outs).toMatchObject(inputs);
    expect(outs.bcryptHash).toBeUndefined();
  });

  it("honours the character classes, overrideSpecial and the minimums", () => {
    for (let i = 0; i < 50; i++) {
      const only = passwordOf(standin.create(standin.PASSWORD_TYPE, checked(standin.PASSWORD_TYPE,
        { length: 20, lower: false, upper: false, special: true, overrideSpecial: "_~", minNumeric: 5, minSpecial: 5 })).outs);
      expect(only).toMatch(/^[0-9_~]{20}$/);
      expect(only.replace(/[^0-9]/g, "").length).toBeGreaterThanOrEqual(5);
      expect(only.replace(/[^_~]/g, "").length).toBeGreaterThanOrEqual(5);

      const mixed = passwordOf(standin.create(standin.PASSWORD_TYPE, checked(standin.PASSWORD_TYPE,
        { length: 8, minLower: 2, minUpper: 2, minNumeric: 2, minSpecial: 2 })).outs);
      expect(mixed.replace(/[^a-z]/g, "").length).toBeGreaterThanOrEqual(2);
      expect(mixed.replace(/[^A-Z]/g, "").length).toBeGreaterThanOrEqual(2);
      expect(mixed.replace(/[^0-9]/g, "").length).toBeGreaterThanOrEqual(2);
      expect([...mixed].filter((c) => standin.DEFAULT_SPECIAL_CHARS.includes(c)).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("uses the default special characters and never repeats a 32-character value", () => {
    const values = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const value = standin.generate(checked(standin.PASSWORD_TYPE, { length: 32 }));
      expect([...value].every((c) => /[A-Za-z0-9]/.test(c) || standin.DEFAULT_SPECIAL_CHARS.includes(c))).toBe(true);
      values.add(value);
    }
    expect(values.size).toBe(20);
  });
});

describe("random stand-in: diff and read", () => {
  const olds = { ...checked(standin.PASSWORD_TYPE, { length: 16, keepers: { rotate: "1" } }), result: secret("x".repeat(16)) };

  it("reports no change for the same inputs, also when a value became a secret", () => {
    expect(standin.diff(olds, checked(standin.PASSWORD_TYPE, { length: 16, keepers: { rotate: "1" } })).changes).toBe(false);
    expect(standin.diff(olds, checked(standin.PASSWORD_TYPE, { length: secret(16), keepers: { rotate: "1" } })).changes).toBe(false);
  });

  it("replaces on any input change, keepers included, and on unknown values", () => {
    expect(standin.diff(olds, checked(standin.PASSWORD_TYPE, { length: 17, keepers: { rotate: "1" } })))
      .toEqual({ changes: true, replaces: ["length"], deleteBeforeReplace: false });
    expect(standin.diff(olds, checked(standin.PASSWORD_TYPE, { length: 16, keepers: { rotate: "2" } })).replaces).toEqual(["keepers"]);
    expect(standin.diff(olds, checked(standin.PASSWORD_TYPE, { length: 16, keepers: { rotate: standin.UNKNOWN } })).replaces).toEqual(["keepers"]);
  });

  it("reads the state as it is", () => {
    const read = standin.read("none", olds);
    expect(read.props).toBe(olds);
    expect(read.inputs).toMatchObject({ length: 16, keepers: { rotate: "1" } });
    expect(read.inputs.result).toBeUndefined();
  });

  it("names a parent-qualified URN's own type", () => {
    expect(standin.typeOfUrn(`urn:pulumi:dev::p::my:index:Parent$${standin.PASSWORD_TYPE}::pw`)).toBe(standin.PASSWORD_TYPE);
  });
});

describe("random stand-in: plugin process", () => {
  it("prints only its port on stdout and names itself a stand-in on stderr", async () => {
    const child = spawn(path.join(STANDIN_BIN, "pulumi-resource-random"), [], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no port within 20 s; stderr: ${stderr}`)), 20000);
        child.stdout.on("data", () => { if (stdout.includes("\n")) { clearTimeout(timer); resolve(); } });
        child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}: ${stderr}`)); });
      });
      expect(stdout).toMatch(/^\d+\n$/);
      const version: string = require(path.join(REPO_ROOT, "node_modules", "@pulumi", "random", "package.json")).version;
      expect(stderr).toContain(`[random-standin] stand-in for pulumi-resource-random, claiming v${version}`);
    } finally {
      child.kill();
    }
  });
});

const PROGRAM = `
import * as fs from "node:fs";
import * as path from "node:path";
import * as random from "@pulumi/random";

const settings = JSON.parse(fs.readFileSync(path.join(__dirname, "settings.json"), "utf8"));
const password = new random.RandomPassword("db-password", { length: settings.length, minNumeric: 2 });
export const passwordResult = password.result;
export const passwordLength = password.length;
`;

interface PasswordState {
  id: string;
  /** The password, from the export with secrets shown. */
  plaintext: string;
  /** The resource's outputs in the plain export (secrets encrypted). */
  outputs: Record<string, any>;
  additionalSecretOutputs: string[] | undefined;
  /** The plain export's text. */
  exportText: string;
}

/** Every file of a file backend's `.pulumi` folder, as text; JSON re-serialized so that Go's \u0026-style escapes are undone. */
function backendFiles(dir: string): string[] {
  const normalise = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text));
    } catch {
      return text;
    }
  };
  return (fs.readdirSync(path.join(dir, ".pulumi"), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => normalise(fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8")));
}

describeWithEngine("random stand-in through the engine: RandomPassword", ({ binDir }) => {
  jest.setTimeout(5 * 60 * 1000);
  let programDir: string;
  let stack: EngineStack;

  const writeLength = (length: number) => fs.writeFileSync(path.join(programDir, "settings.json"), JSON.stringify({ length }));

  /** The password in the exported state, or undefined when there is none. */
  const passwordState = async (): Promise<PasswordState | undefined> => {
    const exported = await stack.exportState();
    const resource = exported.deployment.resources?.find((r) => r.type === standin.PASSWORD_TYPE);
    if (!resource) return undefined;
    const shown = await stack.exportStateWithSecrets();
    const shownResult = shown.deployment.resources?.find((r) => r.type === standin.PASSWORD_TYPE)?.outputs?.result;
    return {
      id: resource.id,
      plaintext: JSON.parse(shownResult?.plaintext ?? "null"),
      outputs: resource.outputs,
      additionalSecretOutputs: resource.additionalSecretOutputs,
      exportText: exported.text,
    };
  };

  beforeAll(() => {
    fs.mkdirSync(path.join(REPO_ROOT, ".work"), { recursive: true });
    // Inside the repo so that @pulumi/pulumi and @pulumi/random resolve to its node_modules.
    programDir = fs.mkdtempSync(path.join(REPO_ROOT, ".work", "random-standin-"));
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), "name: random-standin-test\nruntime: nodejs\n");
    fs.writeFileSync(path.join(programDir, "package.json"), JSON.stringify({ name: "random-standin-test", private: true }));
    fs.writeFileSync(path.join(programDir, "index.ts"), PROGRAM);
    writeLength(20);
    stack = new EngineStack({ programDir, binDir, env: { PATH: `${STANDIN_BIN}${path.delimiter}${process.env.PATH ?? ""}` } });
  });

  afterAll(async () => {
    await stack?.remove().catch(() => undefined);
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
  });

  let first: PasswordState | undefined;

  it("creates a password of the requested length, stored as a secret", async () => {
    const up = await stack.up();
    expect(steps(up).filter((s) => s.type === standin.PASSWORD_TYPE).map((s) => s.op)).toEqual(["create"]);
    expect(up.outputs).toEqual({ passwordResult: "[secret]", passwordLength: 20 });

    first = await passwordState();
    expect(first?.id).toBe("none");
    expect(first?.outputs.result).toEqual({ ...SECRET, ciphertext: expect.any(String) });
    expect(first?.outputs.bcryptHash).toEqual({ ...SECRET, ciphertext: expect.any(String) });
    expect(first?.additionalSecretOutputs).toEqual(expect.arrayContaining(["result", "bcryptHash"]));
    expect(first?.plaintext).toHaveLength(20);
    expect(first?.plaintext.replace(/[^0-9]/g, "").length).toBeGreaterThanOrEqual(2);
    // Neither the export nor any file the backend stored holds the plaintext.
    expect(first?.exportText).not.toContain(first?.plaintext);
    const files = backendFiles(stack.backendDir);
    expect(files.some((text) => text.includes(standin.PASSWORD_TYPE))).toBe(true);
    expect(files.filter((text) => text.includes(first!.plaintext))).toEqual([]);
  });

  it("changes nothing on a second up", async () => {
    const again = await stack.up();
    expect(again.changeSummary).toEqual({ same: 2 });
    expect((await passwordState())?.plaintext).toBe(first?.plaintext);
  });

  it("replaces the password when its length changes", async () => {
    writeLength(24);
    const up = await stack.up();
    expect(up.changeSummary).toEqual({ replace: 1, same: 1 });
    const replaced = await passwordState();
    expect(replaced?.plaintext).toHaveLength(24);
    expect(replaced?.plaintext).not.toBe(first?.plaintext);
  });

  it("removes it on destroy", async () => {
    const destroy = await stack.destroy();
    expect(destroy.changeSummary.delete).toBe(2);
    expect(await passwordState()).toBeUndefined();
  });
});
