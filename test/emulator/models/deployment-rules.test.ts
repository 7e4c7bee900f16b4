/**
 * Project deployment rules (create, read, replace, delete, order, the checks of their fields) and the deployment
 * rule every environment has (its defaults, its edit, the schedule a matching project rule gives a new environment).
 * The schedule's effect on the rules' clock is in `test/emulator/deployments/rule-clock.test.ts`.
 */
import { fieldOf, projectAndEnv, useEmulator } from "../support/helpers";
import { environmentRuleBody, projectRuleBody } from "../support/deployment-rules";

const c = useEmulator();

async function rule(projectId: string, name: string, extra: Record<string, unknown> = {}): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.call("POST", `/project/${projectId}/deploymentRule`, projectRuleBody(name, c.emu.ids.clusterIds[0], extra));
  if (r.status !== 201) throw new Error(`rule ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

describe("project deployment rules", () => {
  it("come back as sent, last in priority, and a replace keeps their place", async () => {
    const { projectId } = await projectAndEnv(c);
    const first = await rule(projectId, "previews", { description: "pull requests", wildcard: "pr-*", mode: "PREVIEW", auto_stop: true });
    expect(first).toMatchObject({
      name: "previews", description: "pull requests", wildcard: "pr-*", mode: "PREVIEW", auto_stop: true, cluster_id: c.emu.ids.clusterIds[0],
      timezone: "Europe/Paris", start_time: "1970-01-01T08:00:00.000Z", stop_time: "1970-01-01T19:00:00.000Z", weekdays: ["MONDAY", "FRIDAY"], priority_index: 0,
    });
    const second = await rule(projectId, "feature");
    expect([second.priority_index, second.description, second.auto_stop]).toEqual([1, null, false]);
    const put = await c.call("PUT", `/project/${projectId}/deploymentRule/${first.id}`, projectRuleBody("previews-2", c.emu.ids.clusterIds[1], { wildcard: "pr-??", weekdays: ["SUNDAY"] }));
    expect([put.status, put.body.name, put.body.cluster_id, put.body.wildcard, put.body.weekdays, put.body.priority_index, put.body.description, put.body.auto_stop])
      .toEqual([200, "previews-2", c.emu.ids.clusterIds[1], "pr-??", ["SUNDAY"], 0, null, false]);
    expect((await c.call("GET", `/project/${projectId}/deploymentRule/${first.id}`)).body).toEqual(put.body);
    expect((await c.call("GET", `/project/${projectId}/deploymentRule`)).body.results.map((r: { name: string }) => r.name)).toEqual(["previews-2", "feature"]);
  });

  it("refuse bad times, time zones, weekdays, clusters and wildcards, naming the field; a name taken ignoring case is a 409", async () => {
    const { projectId } = await projectAndEnv(c);
    await rule(projectId, "nightly");
    const post = (extra: Record<string, unknown>, name = "other") => c.call("POST", `/project/${projectId}/deploymentRule`, projectRuleBody(name, c.emu.ids.clusterIds[0], extra));
    const refusals = [
      await post({ timezone: "Mars/Olympus" }), await post({ timezone: "" }), await post({ start_time: "08:00" }),
      await post({ stop_time: "1970-01-01T25:00:00Z" }), await post({ weekdays: ["MONDAY", "MONDAY"] }), await post({ weekdays: ["FUNDAY"] }),
      await post({ auto_stop: true, weekdays: [] }), await post({ auto_stop: true, stop_time: "1970-01-01T08:00:00.000Z" }),
      await post({ cluster_id: "00000000-0000-4000-8000-000000000000" }), await post({ wildcard: "pr/*" }), await post({ wildcard: undefined }),
      await post({ mode: "TESTING" }), await post({}, ""),
    ];
    expect(refusals.map((r) => `${r.status} ${fieldOf(r.body.message)}`)).toEqual([
      "400 timezone", "400 timezone", "400 start_time", "400 stop_time", "400 weekdays", "400 weekdays[0]", "400 weekdays", "400 stop_time",
      "400 cluster_id", "400 wildcard", "400 wildcard", "400 mode", "400 name",
    ]);
    const taken = await post({}, "NIGHTLY");
    expect([taken.status, taken.body.message]).toEqual([409, expect.stringContaining("'NIGHTLY' is already used in this project")]);
    expect((await c.call("GET", `/project/${projectId}/deploymentRule`)).body.results).toHaveLength(1);
  });

  it("are ordered by the order call (every rule once), a delete closing the gap; 404 under another project", async () => {
    const { projectId } = await projectAndEnv(c);
    const [a, b, d] = [await rule(projectId, "a"), await rule(projectId, "b"), await rule(projectId, "d")];
    const order = (ids: unknown[]) => c.call("PUT", `/project/${projectId}/deploymentRule/order`, { project_deployment_rule_ids_in_order: ids });
    const done = await order([d.id, a.id, b.id]);
    expect([done.status, done.body.results.map((r: { name: string; priority_index: number }) => `${r.name}${r.priority_index}`)]).toEqual([200, ["d0", "a1", "b2"]]);
    const refused = [await order([d.id, a.id]), await order([d.id, a.id, b.id, a.id]), await order([d.id, a.id, b.id, projectId])];
    expect(refused.map((r) => [r.status, fieldOf(r.body.message)])).toEqual(Array(3).fill([400, "project_deployment_rule_ids_in_order"]));
    expect((await c.call("DELETE", `/project/${projectId}/deploymentRule/${d.id}`)).status).toBe(204);
    expect((await c.call("GET", `/project/${projectId}/deploymentRule`)).body.results.map((r: { name: string; priority_index: number }) => `${r.name}${r.priority_index}`))
      .toEqual(["a0", "b1"]);
    const other = (await c.call("POST", `/organization/${c.org}/project`, { name: "other" })).body.id as string;
    expect((await c.call("GET", `/project/${other}/deploymentRule/${a.id}`)).status).toBe(404);
    expect((await c.call("DELETE", `/project/${other}/deploymentRule/${a.id}`)).status).toBe(404);
  });
});

describe("the deployment rule of an environment", () => {
  it("exists from the start with the defaults and one id, comes back as replaced, and 404s under another rule id", async () => {
    const { projectId, envId } = await projectAndEnv(c);
    const first = await c.call("GET", `/environment/${envId}/deploymentRule`);
    expect([first.status, first.body]).toEqual([200, expect.objectContaining({
      on_demand_preview: false, auto_preview: false, auto_stop: false, timezone: "UTC",
      start_time: "1970-01-01T08:00:00.000Z", stop_time: "1970-01-01T19:00:00.000Z", weekdays: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
    })]);
    expect((await c.call("GET", `/environment/${envId}/deploymentRule`)).body.id).toBe(first.body.id);
    const put = await c.call("PUT", `/environment/${envId}/deploymentRule/${first.body.id}`, environmentRuleBody({ auto_stop: true, on_demand_preview: true }));
    expect([put.status, put.body.id, put.body.auto_stop, put.body.on_demand_preview, put.body.auto_preview, put.body.timezone, put.body.weekdays])
      .toEqual([200, first.body.id, true, true, false, "Europe/Paris", ["MONDAY", "FRIDAY"]]);
    expect((await c.call("GET", `/environment/${envId}/deploymentRule`)).body).toEqual(put.body);
    const other = (await c.call("POST", `/project/${projectId}/environment`, { name: "other" })).body.id as string;
    const otherRule = (await c.call("GET", `/environment/${other}/deploymentRule`)).body.id as string;
    expect(otherRule).not.toBe(first.body.id);
    expect((await c.call("PUT", `/environment/${envId}/deploymentRule/${otherRule}`, environmentRuleBody())).status).toBe(404);
    const bad = await c.call("PUT", `/environment/${envId}/deploymentRule/${first.body.id}`, environmentRuleBody({ timezone: "Nowhere/Else" }));
    expect([bad.status, fieldOf(bad.body.message)]).toEqual([400, "timezone"]);
  });

  it("takes the schedule of the first project rule, by priority, whose wildcard its name matches; leaves with its environment", async () => {
    const { projectId } = await projectAndEnv(c);
    const wide = await rule(projectId, "wide", { wildcard: "PR-*", timezone: "America/New_York", auto_stop: true });
    const narrow = await rule(projectId, "narrow", { wildcard: "pr-?", timezone: "Asia/Tokyo", auto_stop: true, weekdays: ["SATURDAY"] });
    const env = async (name: string) => (await c.call("POST", `/project/${projectId}/environment`, { name })).body.id as string;
    const ruleOf = async (id: string) => (await c.call("GET", `/environment/${id}/deploymentRule`)).body;
    expect(await ruleOf(await env("pr-7"))).toMatchObject({ timezone: "America/New_York", auto_stop: true, weekdays: ["MONDAY", "FRIDAY"] });
    await c.call("PUT", `/project/${projectId}/deploymentRule/order`, { project_deployment_rule_ids_in_order: [narrow.id, wide.id] });
    expect(await ruleOf(await env("pr-8"))).toMatchObject({ timezone: "Asia/Tokyo", weekdays: ["SATURDAY"] });
    expect(await ruleOf(await env("pr-42"))).toMatchObject({ timezone: "America/New_York" });
    const plain = await env("staging");
    expect(await ruleOf(plain)).toMatchObject({ timezone: "UTC", auto_stop: false });
    expect((await c.call("DELETE", `/environment/${plain}`)).status).toBe(204);
    expect((await c.call("GET", `/environment/${plain}/deploymentRule`)).status).toBe(404);
    expect((await c.call("DELETE", `/project/${projectId}`)).status).toBe(204);
    const state = await (await fetch(`${c.emu.url}/_emulator/state`)).json() as Record<string, Record<string, unknown>>;
    expect([state["projectDeploymentRules"], state["environmentDeploymentRules"]]).toEqual([{}, {}]);
  });
});
