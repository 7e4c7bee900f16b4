/**
 * `GET /database/{id}/masterCredentials` answers the real password, as the live service does (its CLI and Terraform
 * provider read it there): the generated one after create, the one set last after a PUT, to an Admin or Write token
 * (a credential is read only by a token that may change it; Read and Deploy get 403, issue 31). The state dump keeps
 * redacting it.
 */
import { control } from "../../../emulator/control/control-client";
import { projectAndEnv, useEmulator } from "../support/helpers";
import { answerProblems, loadReference } from "../support/reference-schema";

const doc = loadReference("master credentials answers against the reference");
const c = useEmulator();

async function database(): Promise<{ id: string; host: string }> {
  const { envId } = await projectAndEnv(c);
  const r = await c.call("POST", `/environment/${envId}/database`, { name: "db", type: "POSTGRESQL", version: "16", mode: "MANAGED" });
  expect(r.status).toBe(201);
  return r.body;
}

describe("database master credentials", () => {
  it("a new database's generated password can be read, the same every time", async () => {
    const d = await database();
    const path = `/database/${d.id}/masterCredentials`;
    const first = await c.call("GET", path);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ host: d.host, port: 5432, login: "postgres", password: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(answerProblems(doc, "GET", path, 200, first.body)).toEqual([]);
    expect((await c.call("GET", path)).body.password).toBe(first.body.password);
  });

  it("after a PUT Admin and Write tokens read the new login and password, Read and Deploy get 403; the state dump does not", async () => {
    const d = await database();
    const path = `/database/${d.id}/masterCredentials`;
    const put = await c.call("PUT", path, { login: "shop", password: "s3cret-pass-of-the-test" });
    expect(put.body).toMatchObject({ login: "shop", password: "s3cret-pass-of-the-test" });
    const t = c.emu.tokens;
    for (const token of [t.admin, t.write]) {
      const r = await c.call("GET", path, undefined, token);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ login: "shop", password: "s3cret-pass-of-the-test" });
    }
    for (const token of [t.read, t.deploy]) {
      const r = await c.call("GET", path, undefined, token);
      expect([r.status, JSON.stringify(r.body)]).toEqual([403, expect.not.stringContaining("s3cret-pass-of-the-test")]);
    }
    const dump = await (await control(c.emu, "GET", "/state")).text();
    expect(dump).not.toContain("s3cret-pass-of-the-test");
    expect(dump).toContain('"password":"***"');
  });

  it("the generated password is redacted in the state dump too", async () => {
    const d = await database();
    const password = (await c.call("GET", `/database/${d.id}/masterCredentials`)).body.password as string;
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain(password);
  });
});
