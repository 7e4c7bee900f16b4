/**
 * Deployment rules and restrictions (sdk/deployment-rules.ts, sdk/deployment-restrictions.ts) through the client:
 * times and time zones checked before sending, a project's rules created and ordered, an environment's rule read
 * and edited, a restriction's path checked before sending and a kind without restrictions refused, nothing sent.
 */
import { BadRequestError, ruleTimeFromWire, ruleTimeProblem, ruleTimeToWire, timeZoneProblem } from "../../sdk";
import { rejectionOf } from "./support/helpers";
import { scaffold, useEmulator } from "./support/emulator-harness";

const harness = useEmulator(0);

describe("deployment rules and restrictions through the sdk", () => {
  it("spells times of day as the service does, and tells bad times and time zones", () => {
    expect(ruleTimeToWire("08:05")).toBe("1970-01-01T08:05:00.000Z");
    expect(ruleTimeFromWire("1970-01-01T19:30:00.000Z")).toBe("19:30");
    expect([ruleTimeProblem("23:59"), ruleTimeProblem("00:00")]).toEqual([undefined, undefined]);
    for (const bad of ["24:00", "8:00", "08:60", "0800", ""]) expect(ruleTimeProblem(bad)).toMatch(/HH:MM/);
    expect([timeZoneProblem("Europe/Paris"), timeZoneProblem("UTC"), timeZoneProblem("Etc/UTC")]).toEqual([undefined, undefined, undefined]);
    expect(timeZoneProblem("Mars/Olympus")).toMatch(/IANA time zone/);
  });

  it("creates and orders a project's rules, and edits an environment's", async () => {
    const h = harness();
    const { project, environment, client } = await scaffold(h);
    const body = (name: string) => ({
      name, mode: "PREVIEW" as const, cluster_id: h.emu.ids.clusterIds[0], timezone: "Europe/Paris", auto_stop: true,
      start_time: ruleTimeToWire("08:00"), stop_time: ruleTimeToWire("19:00"), weekdays: ["MONDAY" as const], wildcard: `${name}-*`,
    });
    const a = await client.deploymentRules.create(project.id, body("a"));
    const b = await client.deploymentRules.create(project.id, body("b"));
    await client.deploymentRules.order(project.id, [b.id, a.id]);
    const ordered = (await client.deploymentRules.list(project.id)).sort((x, y) => (x.priority_index ?? 0) - (y.priority_index ?? 0));
    expect(ordered.map((r) => r.name)).toEqual(["b", "a"]);

    const rule = await client.deploymentRules.ofEnvironment(environment.id);
    const edited = await client.deploymentRules.editOfEnvironment(environment.id, rule.id, {
      timezone: "UTC", start_time: ruleTimeToWire("07:00"), stop_time: ruleTimeToWire("21:00"), weekdays: ["TUESDAY"], on_demand_preview: true,
    });
    expect([ruleTimeFromWire(edited.start_time!), edited.on_demand_preview]).toEqual(["07:00", true]);

    const refused = await rejectionOf(client.deploymentRules.create(project.id, { ...body("c"), timezone: "Paris" }));
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(String((refused as Error).message)).toContain("timezone");
  });

  it("checks a restriction's path and kind before sending", async () => {
    const h = harness();
    const { environment, client } = await scaffold(h);
    const app = await client.applications.create(environment.id, { name: "web", git_repository: { url: "https://github.com/acme/web" } });
    const made = await client.deploymentRestrictions.create("application", app.id, { mode: "MATCH", type: "PATH", value: "web/" });
    expect((await client.deploymentRestrictions.list("application", app.id)).map((r) => r.id)).toEqual([made.id]);
    const fromRoot = await rejectionOf(client.deploymentRestrictions.create("application", app.id, { mode: "MATCH", type: "PATH", value: "/web" }));
    expect(String((fromRoot as Error).message)).toMatch(/value.*not starting with/);
    await expect(client.deploymentRestrictions.list("container" as never, app.id)).rejects.toThrow(/serviceKind: expected one of application, job, helm, terraform/);
  });
});
