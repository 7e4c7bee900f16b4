import { appBody, projectAndEnv, useEmulator } from "../support/helpers";
import { control } from "../../../emulator/control/control-client";

const c = useEmulator();

describe("git tokens", () => {
  it("creates (201) without ever answering the token", async () => {
    const r = await c.call("POST", `/organization/${c.org}/gitToken`, { name: "gh", type: "GITHUB", token: "ghp_supersecret" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "gh", type: "GITHUB", associated_services_count: 0, git_api_url: "https://api.github.com" });
    expect(r.body.expired_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.body).not.toHaveProperty("token");
    const all = JSON.stringify((await c.call("GET", `/organization/${c.org}/gitToken`)).body);
    expect(all).not.toContain("ghp_supersecret");
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("ghp_supersecret");
  });

  it("requires workspace for BITBUCKET, rejects unknown types and duplicate names", async () => {
    const bb = await c.call("POST", `/organization/${c.org}/gitToken`, { name: "bb", type: "BITBUCKET", token: "t" });
    expect(bb.status).toBe(400);
    expect(bb.body.message).toMatch(/^workspace/);
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, { name: "bb", type: "BITBUCKET", token: "t", workspace: "acme" })).status).toBe(201);
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, { name: "x", type: "SVN", token: "t" })).body.message).toMatch(/^type/);
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, { name: "x", type: "GITLAB" })).body.message).toMatch(/^token/);
    expect((await c.call("POST", `/organization/${c.org}/gitToken`, { name: "bb", type: "GITLAB", token: "t" })).status).toBe(409);
  });

  it("gets, replaces, counts associated services, deletes", async () => {
    const t = (await c.call("POST", `/organization/${c.org}/gitToken`, { name: "gl", type: "GITLAB", token: "a" })).body;
    const { envId } = await projectAndEnv(c);
    const app = await c.call("POST", `/environment/${envId}/application`, appBody("api", {
      git_repository: { url: "https://gitlab.com/acme/api", provider: "GITLAB", git_token_id: t.id },
    }));
    expect(app.body.git_repository).toMatchObject({ git_token_id: t.id, git_token_name: "gl" });
    expect((await c.call("GET", `/organization/${c.org}/gitToken/${t.id}`)).body.associated_services_count).toBe(1);
    const put = await c.call("PUT", `/organization/${c.org}/gitToken/${t.id}`, { name: "gl2", type: "GITLAB", token: "b", description: "d" });
    expect(put.body).toMatchObject({ name: "gl2", description: "d" });
    expect((await c.call("DELETE", `/organization/${c.org}/gitToken/${t.id}`)).status).toBe(204);
    expect((await c.call("GET", `/organization/${c.org}/gitToken/${t.id}`)).status).toBe(404);
  });
});
