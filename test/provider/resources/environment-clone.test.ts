/**
 * An environment made by a clone (`cloneFrom`) through the provider as the engine's host serves it: the create is
 * the service's clone (no project create), the copied application is adopted by name and its branch changed in the
 * clone only, and mode PREVIEW is a replacement to move to, an edit to leave.
 */
import { providerFor } from "../../../provider/runtime";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { sourceEnvironment } from "../lifecycle-rows/environment-clones";

type Props = Record<string, unknown>;
const fx = useFixture();
const checked = (kind: string, inputs: Props, olds: Props = {}) => checkedInputs(providerFor(kind), { ...inputs, __provider: "serialized" }, olds);
const writes = async () => (await requests(fx.emulator)).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("Environment.cloneFrom", () => {
  it("clones the source in PREVIEW mode, and adopts the copied application by name to change its branch in the clone only", async () => {
    const source = await sourceEnvironment(fx);
    const [sourceApp] = await fx.client.applications.list(source);
    await clearRequests(fx.emulator);
    const envProvider = providerFor("Environment");
    const env = await envProvider.create!(await checked("Environment", { projectId: fx.projectId, name: "pr-7", cloneFrom: source, mode: "PREVIEW" }));
    expect(await writes()).toEqual([`POST /environment/${source}/clone`]);
    expect((await fx.client.environments.get(env.id)).mode).toBe("PREVIEW");
    expect((env.outs as Props)["mode"]).toBe("PREVIEW");

    const [copy] = await fx.client.applications.list(env.id);
    expect(copy?.id).toBeDefined();
    expect(copy?.id).not.toBe(sourceApp?.id);
    await clearRequests(fx.emulator);
    const app = await providerFor("Application").create!({
      ...(await checked("Application", {
        environmentId: env.id, name: "front", gitRepository: { url: "https://github.com/acme/front.git", branch: "pr-7-branch" }, healthchecks: {},
      })),
      adopt: { byName: true },
    });
    expect(app.id).toBe(copy?.id);
    expect((await writes()).filter((w) => w.startsWith("POST /environment/"))).toEqual([]);
    expect((await fx.client.applications.get(app.id)).git_repository?.branch).toBe("pr-7-branch");
    expect((await fx.client.applications.get(sourceApp!.id)).git_repository?.branch).toBe("main");

    // Read back as written: a refresh shows no drift of the mode.
    const read = await envProvider.read!(env.id, env.outs as Props);
    expect((await envProvider.diff!(env.id, read.props as Props, await checked("Environment", { projectId: fx.projectId, name: "pr-7", cloneFrom: source, mode: "PREVIEW" }))).changes).toBe(false);
  });

  it("replaces an environment moved to PREVIEW (the edit does not take it), and edits one moved away from it", async () => {
    const p = providerFor("Environment");
    const stored = await checked("Environment", { projectId: fx.projectId, name: "pr-8", cloneFrom: "e-source", mode: "STAGING" });
    const toPreview = await p.diff!("e-1", stored, await checked("Environment", { ...stored, mode: "PREVIEW" }));
    expect([toPreview.changes, toPreview.replaces]).toEqual([true, ["mode"]]);
    const fromPreview = await p.diff!("e-1", { ...stored, mode: "PREVIEW" }, stored);
    expect([fromPreview.changes, fromPreview.replaces ?? []]).toEqual([true, []]);
  });
});
