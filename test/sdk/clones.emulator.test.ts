/**
 * Clones through the client against the emulator: an environment copied in PREVIEW mode (its application copied
 * under a new id), an application copied into another environment, and the requests the client refuses before sending.
 */
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator();
const repo = { url: "https://github.com/acme/front.git", provider: "GITHUB" as const, branch: "main" };

describe("clones against the emulator", () => {
  test("an environment cloned in PREVIEW mode holds copies of its services, with new ids", async () => {
    const { environment, project, client } = await scaffold(harness());
    const app = await client.applications.create(environment.id, { name: "front", git_repository: repo, healthchecks: {} });
    const clone = await client.environments.clone(environment.id, { name: "pr-12", mode: "PREVIEW", project_id: project.id });
    expect(clone).toMatchObject({ name: "pr-12", mode: "PREVIEW" });
    expect(clone.id).not.toBe(environment.id);
    const copies = await client.applications.list(clone.id);
    expect(copies.map((a) => a.name)).toEqual(["front"]);
    expect(copies[0]!.id).not.toBe(app.id);
    expect((await client.environments.get(clone.id)).mode).toBe("PREVIEW");
  });

  test("a service cloned into another environment is answered as the kind's record, with a new id", async () => {
    const { environment, project, client } = await scaffold(harness());
    const app = await client.applications.create(environment.id, { name: "front", git_repository: repo, healthchecks: {} });
    const other = await client.environments.create(project.id, { name: "other" });
    const copy = await client.applications.clone(app.id, { name: "front-copy", environment_id: other.id });
    expect(copy).toMatchObject({ name: "front-copy" });
    expect(copy.id).not.toBe(app.id);
    expect((await client.applications.list(other.id)).map((a) => a.id)).toEqual([copy.id]);
  });

  test("a clone without a name, or in a mode the service does not have, is refused before sending", async () => {
    const { environment, client } = await scaffold(harness());
    await expect(client.environments.clone(environment.id, { name: "" })).rejects.toThrow(/name/);
    await expect(client.environments.clone(environment.id, { name: "pr-1", mode: "QA" as never })).rejects.toThrow(/mode/);
    await expect(client.databases.clone(environment.id, { name: "db" } as never)).rejects.toThrow(/environment_id/);
    expect((await client.environments.list(environment.project!.id)).map((e) => e.name)).toEqual(["staging"]);
  });
});
