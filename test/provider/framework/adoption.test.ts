/**
 * Adoption through the provider as the engine's host serves it (`providerFor`): every adoptable kind of the
 * lifecycle table is made outside Pulumi, then taken over by id with a change (one update, same id, no second
 * object), shows no change afterwards, and is deleted by the resource's delete. Beside it: adoption by name, the
 * name-conflict error without adopt, `DEPLOY_SERVICE_ADOPT`, and the refusals.
 */
import { FAMILIES } from "../../../provider/families";
import { providerFor } from "../../../provider/runtime";
import { ENV_ADOPT } from "../../../provider/framework/adoption";
import { NATURAL_KEYS } from "../../../provider/framework/natural-keys";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";
import { exists, lifecycleRows, type LifecycleRow, type Props } from "../support/lifecycle-table";

const fx = useFixture();

const kindOf = (row: LifecycleRow) => row.kind.split(" ")[0]!;
// The families that say why they cannot adopt (provider/families.ts), so a new one is never missed here.
const NOT_ADOPTABLE = new Set(Object.entries(FAMILIES).filter(([, family]) => "notAdoptable" in family).map(([kind]) => kind));
const adoptable = lifecycleRows.filter((row) => !NOT_ADOPTABLE.has(kindOf(row)));

const checked = (kind: string, inputs: Props) => checkedInputs(providerFor(kind), { ...inputs, __provider: "serialized" });
const writes = async () => (await requests(fx.emulator)).filter((r) => r.method !== "GET");

describe.each(adoptable.map((row) => [row.kind, row] as const))("%s adoption", (_kind, row) => {
  const kind = kindOf(row);
  const p = providerFor(kind);
  let id: string;
  let outs: Props;
  let wanted: Props;

  it("takes over an object made outside Pulumi by id, changing only what differs", async () => {
    const base = await checked(kind, await row.inputs(fx));
    const made = await row.provider.create!(base);
    // A replace-only kind (an invitation) is taken over as it is: nothing of it can change in place.
    wanted = row.replaceOnly ? base : await checked(kind, row.update(fx, base));
    await clearRequests(fx.emulator);
    const adopted = await p.create!({ ...wanted, adopt: { id: made.id } });
    expect(adopted.id).toBe(made.id);
    id = adopted.id;
    outs = adopted.outs as Props;
    // No second object: the only creates are of what the object holds (a variable or a deployment restriction the update adds, a deployment).
    const creates = (await writes()).filter((r) => r.method === "POST" && !/\/(environmentVariable|secret|alias|override|deploy|deploymentRestriction)$/.test(r.path));
    expect(creates).toEqual([]);
    if (row.replaceOnly) expect(await writes()).toEqual([]);
    else await row.expectUpdated(fx, id, outs);
  });

  it("shows no change afterwards, and a refresh reads no drift", async () => {
    expect((await p.diff!(id, outs, { ...wanted, adopt: { id } })).changes).toBe(false);
    expect((await p.diff!(id, outs, wanted)).changes).toBe(false);
    const r = await p.read!(id, outs);
    expect((await p.diff!(id, r.props as Props, wanted)).changes).toBe(false);
  });

  it("deletes the adopted object on delete", async () => {
    await p.delete!(id, outs);
    if (row.expectDeleted) await row.expectDeleted(fx, id, outs);
    else expect(await exists(row, fx, id, outs)).toBe(false);
  });
});

describe("adoption by name and the name conflict", () => {
  const project = () => ({ organizationId: fx.orgId, name: "adopt-by-name", description: "made outside" });

  it("adopts by name, ignoring letter case where the service does, with no write when nothing differs", async () => {
    const made = await fx.client.projects.create(fx.orgId, { name: "Adopt-By-Name", description: "made outside" });
    await clearRequests(fx.emulator);
    const p = providerFor("Project");
    const inputs = await checked("Project", { ...project(), name: "Adopt-By-Name" });
    const adopted = await p.create!({ ...inputs, adopt: { byName: true } });
    expect(adopted.id).toBe(made.id);
    expect(await writes()).toEqual([]);
    await p.delete!(made.id, adopted.outs as Props);
  });

  it("fails a create that meets an object of the same name, naming its id and both ways to adopt it", async () => {
    const made = await fx.client.projects.create(fx.orgId, { name: "taken-name" });
    const p = providerFor("Project");
    const inputs = await checked("Project", { organizationId: fx.orgId, name: "taken-name" });
    const error = await p.create!(inputs).then(() => undefined, (e: Error) => e);
    expect(error?.message).toContain(`Project "taken-name": a project "taken-name" already exists in organization ${fx.orgId} with id ${made.id}`);
    expect(error?.message).toContain(`adopt: { id: "${made.id}" }`);
    expect(error?.message).toContain(`${ENV_ADOPT}=${made.id} pulumi up`);
    expect((await fx.client.projects.list(fx.orgId)).filter((x) => x.name === "taken-name")).toHaveLength(1);
  });

  it("takes over the conflicting object when DEPLOY_SERVICE_ADOPT lists its id", async () => {
    const made = await fx.client.projects.create(fx.orgId, { name: "listed-name", description: "old" });
    const p = providerFor("Project");
    process.env[ENV_ADOPT] = `unrelated-id,${made.id}`;
    try {
      const created = await p.create!(await checked("Project", { organizationId: fx.orgId, name: "listed-name", description: "new" }));
      expect(created.id).toBe(made.id);
      expect((await fx.client.projects.get(made.id)).description).toBe("new");
    } finally {
      delete process.env[ENV_ADOPT];
    }
  });

  it("names the candidates when no object has the name, and the ids when several have it", async () => {
    await fx.client.webhooks.create(fx.orgId, { kind: "STANDARD", target_url: "https://hooks.example.com/a", events: ["DEPLOYMENT_STARTED"] });
    await fx.client.webhooks.create(fx.orgId, { kind: "STANDARD", target_url: "https://hooks.example.com/a", events: ["DEPLOYMENT_STARTED"] });
    const hook = providerFor("Webhook");
    const inputs = await checked("Webhook", { organizationId: fx.orgId, kind: "STANDARD", targetUrl: "https://hooks.example.com/a", events: ["DEPLOYMENT_STARTED"] });
    const several = await hook.create!({ ...inputs, adopt: { byName: true } }).then(() => undefined, (e: Error) => e);
    expect(several?.message).toMatch(/2 webhooks in organization .* \(id .*, id .*\); adopt one by id/);
    expect(several?.message).not.toContain("hooks.example.com");

    const env = providerFor("Environment");
    const missing = await env.create!({
      ...(await checked("Environment", { projectId: fx.projectId, name: "fixture-c", clusterId: fx.clusterIds[0] })), adopt: { byName: true },
    }).then(() => undefined, (e: Error) => e);
    expect(missing?.message).toContain(`no environment "fixture-c" in project ${fx.projectId} to take over`);
    expect(missing?.message).toMatch(/"fixture-a" \(id [^)]+\)/);
  });

  it("adopts a pending invitation by its email, compared ignoring case, with no second invitation", async () => {
    const made = await fx.client.invitations.create(fx.orgId, { email: "Dana@Example.com", role: "DEVELOPER" });
    const p = providerFor("OrganizationInvitation");
    const inputs = await checked("OrganizationInvitation", { organizationId: fx.orgId, email: "dana@example.com", roleId: made.role_id! });
    const adopted = await p.create!({ ...inputs, adopt: { byName: true } });
    expect(adopted.id).toBe(made.id);
    expect((await fx.client.invitations.list(fx.orgId)).filter((i) => i.email.toLowerCase() === "dana@example.com")).toHaveLength(1);
    await p.delete!(made.id, adopted.outs as Props);
  });

  it("refuses to adopt an object that differs where only a replacement could change it", async () => {
    const made = await fx.client.projects.create(fx.orgId, { name: "elsewhere-project" });
    const env = await fx.client.environments.create(made.id, { name: "elsewhere", cluster: fx.clusterIds[0] });
    const p = providerFor("Environment");
    const inputs = await checked("Environment", { projectId: fx.projectId, name: "elsewhere", clusterId: fx.clusterIds[0] });
    const error = await p.create!({ ...inputs, adopt: { id: env.id } }).then(() => undefined, (e: Error) => e);
    expect(error?.message).toContain(`environment ${env.id} differs from the program in projectId`);
    expect((await fx.client.environments.get(env.id)).name).toBe("elsewhere");
  });

  it("refuses a malformed adopt, and adopt on kinds that have nothing to take over, before any call", async () => {
    await clearRequests(fx.emulator);
    const cases: Array<[string, Props, RegExp]> = [
      ["Project", { adopt: { id: "" } }, /adopt: id: expected the existing object's id/],
      ["Project", { adopt: { id: "x", byName: true } }, /exactly one of id and byName/],
      ["Project", { adopt: { name: "x" } }, /unknown key "name"/],
      ["Project", { adopt: "x" }, /expected \{ id: "<id>" \} or \{ byName: true \}/],
      ["EnvironmentDeployment", { adopt: { id: "x" } }, /EnvironmentDeployment takes no adopt/],
    ];
    for (const [kind, extra, reason] of cases) {
      const result = await providerFor(kind).check!({}, { organizationId: fx.orgId, name: "p", ...extra });
      expect(result.failures?.map((f) => f.reason).join("\n")).toMatch(reason);
    }
    expect(await requests(fx.emulator)).toEqual([]);
  });

  it("knows a natural key for every adoptable kind of the table but the one-per-service ones", () => {
    const missing = adoptable.map(kindOf).filter((k) => NATURAL_KEYS[k] === undefined);
    expect([...new Set(missing)]).toEqual([]);
  });
});
