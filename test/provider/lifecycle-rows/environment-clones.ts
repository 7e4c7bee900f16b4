/**
 * Lifecycle row of an environment made by a clone in mode PREVIEW (`cloneFrom`): made by the service's clone with a
 * copy of the source's application, renamed in place with its mode PREVIEW kept (the edit never sends it), another
 * source replacing it, a mode changed outside read back.
 */
import { environment } from "../../../provider/resources/environment";
import type { Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow } from "../support/lifecycle-row";

let sources = 0;
/** A source environment with one application, made through the sdk. */
export async function sourceEnvironment(fx: Fixture, app = "front"): Promise<string> {
  sources += 1;
  const env = await fx.client.environments.create(fx.projectId, { name: `lc-clone-source-${sources}`, cluster: fx.clusterIds[0], mode: "STAGING" });
  await fx.client.applications.create(env.id, {
    name: app, git_repository: { url: "https://github.com/acme/front.git", provider: "GITHUB", branch: "main" }, healthchecks: {},
  });
  return env.id;
}

/** The source the replacement clones, made with the row's first inputs (a row's replace is synchronous). */
let otherSource = "";

const cloneRow: LifecycleRow = {
  ...fromDefinition(environment),
  kind: "Environment (a clone in PREVIEW mode)",
  inputs: async (fx) => {
    otherSource = await sourceEnvironment(fx);
    return { projectId: fx.projectId, name: "lc-pr-1", cloneFrom: await sourceEnvironment(fx), mode: "PREVIEW" };
  },
  update: (_fx, base) => ({ ...base, name: "lc-pr-1-renamed" }),
  expectUpdated: async (fx, id) => {
    const record = await fx.client.environments.get(id);
    expect([record.name, record.mode]).toEqual(["lc-pr-1-renamed", "PREVIEW"]);
    // The service's copy of the source's application is in the clone, under its own id.
    const apps = await fx.client.applications.list(id);
    expect(apps.map((a) => a.name)).toEqual(["front"]);
  },
  replace: (_fx, base) => ({ inputs: { ...base, cloneFrom: otherSource }, replaces: ["cloneFrom"] }),
  // Renamed outside (a mode changed outside cannot be restored in place: the edit does not take PREVIEW).
  changeOutside: async (fx, id) => {
    await fx.client.environments.update(id, { name: "lc-pr-1-outside" });
    return (read) => expect([read["name"], read["mode"]]).toEqual(["lc-pr-1-outside", "PREVIEW"]);
  },
};

export const rows: LifecycleRow[] = [cloneRow];
