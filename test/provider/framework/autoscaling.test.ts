/**
 * `autoscaling` on Application and Container: checked before any call, sent in the service's spelling, kept by the
 * emulator and read back without drift; leaving it out keeps the service's policy.
 */
import { applicationProvider } from "../../../provider/resources/application/index";
import { application } from "../../../provider/resources/application/provider";
import { toWire as applicationToWire } from "../../../provider/resources/application/wire";
import { fromWire as applicationFromWire } from "../../../provider/resources/application/wire";
import { container, containerProvider, containerSchema } from "../../../provider/resources/container";
import { autoscalingFromWire, autoscalingToWire, type AutoscalingInputs } from "../../../provider/framework/autoscaling";
import { schemaWire } from "../../../provider/framework/wire";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import type { ApplicationInputs } from "../../../provider/resources/application/schema";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture();
let counter = 0;

const policy = {
  pollingIntervalSeconds: 15,
  scalers: [
    { scalerType: "prometheus", configJson: { serverAddress: "http://prom:9090", threshold: "100", query: "sum(rate(http_requests_total[1m]))" } },
    {
      scalerType: "aws-sqs-queue", role: "SAFETY", enabled: false, configYaml: "queueURL: https://sqs/q\nqueueLength: '5'\n",
      triggerAuthentication: { name: "sqs-auth", configYaml: "podIdentity:\n  provider: aws\nsecretTargetRef: []\n" },
    },
  ],
};

function appInputs(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId, name: `as-app-${counter}`, gitRepository: { url: "https://github.com/acme/api.git" },
    minRunningInstances: 1, maxRunningInstances: 5, ...extra,
  };
}

async function failuresOf(inputs: Props): Promise<Array<{ property: string; reason: string }>> {
  return ((await applicationProvider.check!({}, inputs)).failures ?? []) as Array<{ property: string; reason: string }>;
}

describe("autoscaling is checked before any call", () => {
  it("fills KEDA's defaults and the scaler defaults", async () => {
    const checked = await checkedInputs(applicationProvider, appInputs({ autoscaling: { scalers: [{ scalerType: "cpu", configJson: { value: "70" } }] } }));
    expect(checked["autoscaling"]).toEqual({
      mode: "KEDA", pollingIntervalSeconds: 30, cooldownPeriodSeconds: 300,
      scalers: [{ scalerType: "cpu", enabled: true, role: "PRIMARY", configJson: { value: "70" } }],
    });
  });

  it.each([
    ["no scaler", { scalers: [] }, "autoscaling.scalers", />= 1 items/],
    ["both configurations", { scalers: [{ scalerType: "cpu", configJson: {}, configYaml: "a: 1" }] }, "autoscaling.scalers[0].configYaml", /not both/],
    ["a polling interval of 0", { pollingIntervalSeconds: 0, scalers: [{ scalerType: "cpu" }] }, "autoscaling.pollingIntervalSeconds", />= 1/],
    ["a cooldown beyond a day", { cooldownPeriodSeconds: 86_401, scalers: [{ scalerType: "cpu" }] }, "autoscaling.cooldownPeriodSeconds", /<= 86400/],
    ["a negative cooldown", { cooldownPeriodSeconds: -1, scalers: [{ scalerType: "cpu" }] }, "autoscaling.cooldownPeriodSeconds", />= 0/],
    ["a fractional interval", { pollingIntervalSeconds: 1.5, scalers: [{ scalerType: "cpu" }] }, "autoscaling.pollingIntervalSeconds", /integer/],
    ["an unknown mode", { mode: "HPA", scalers: [{ scalerType: "cpu" }] }, "autoscaling.mode", /"KEDA"/],
    ["an unknown role", { scalers: [{ scalerType: "cpu", role: "MAIN" }] }, "autoscaling.scalers[0].role", /"PRIMARY", "SAFETY"/],
    ["a scaler type in capitals", { scalers: [{ scalerType: "CPU" }] }, "autoscaling.scalers[0].scalerType", /KEDA trigger type/],
    ["the same type twice in a role", { scalers: [{ scalerType: "cpu" }, { scalerType: "cpu" }] }, "autoscaling.scalers[1].scalerType", /once per role/],
    ["an empty trigger authentication name", { scalers: [{ scalerType: "cpu", triggerAuthentication: { name: "" } }] }, "autoscaling.scalers[0].triggerAuthentication.name", />= 1 characters/],
    ["an unknown field", { scalers: [{ scalerType: "cpu", config: {} }] }, "autoscaling.scalers[0].config", /./],
  ])("refuses %s, naming the field", async (_what, autoscaling, property, reason) => {
    const failures = await failuresOf(appInputs({ autoscaling }));
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
  });

  it("never quotes a trigger authentication's YAML in a failure", async () => {
    const secretYaml = "secretTargetRef: hunter2-very-secret";
    const failures = await failuresOf(appInputs({ autoscaling: { scalers: [{ scalerType: "cpu", triggerAuthentication: { name: "a", configYaml: secretYaml } }], pollingIntervalSeconds: -5 } }));
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain("hunter2");
  });

  it("is a secret output of Application and Container", () => {
    expect(application.secretOutputs).toContain("autoscaling");
    expect(container.secretOutputs).toContain("autoscaling");
  });
});

describe("autoscaling on the wire", () => {
  it("maps to the service's spelling and back unchanged, config_json keys as given", async () => {
    const checked = (await checkedInputs(applicationProvider, appInputs({ autoscaling: policy })))["autoscaling"] as AutoscalingInputs;
    const wire = autoscalingToWire(checked);
    expect(wire.scalers[0]).toEqual({ scaler_type: "prometheus", enabled: true, role: "PRIMARY", config_json: policy.scalers[0]!.configJson });
    expect(wire.scalers[1]!.trigger_authentication).toEqual({ name: "sqs-auth", config_yaml: policy.scalers[1]!.triggerAuthentication!.configYaml });
    expect(autoscalingFromWire({ ...wire, id: "x", service_id: "s" })).toEqual(checked);
    expect(autoscalingFromWire(null)).toBeUndefined();
  });

  it("an application keeps the policy at the service, and reading it back shows no drift", async () => {
    const inputs = await checkedInputs(applicationProvider, appInputs({ autoscaling: policy })) as ApplicationInputs;
    const created = await application.calls.create(fx.client, inputs, applicationToWire(inputs) as unknown as Props);
    const record = await fx.client.applications.get(created.id);
    expect(record.autoscaling).toMatchObject({ mode: "KEDA", polling_interval_seconds: 15, cooldown_period_seconds: 300 });
    const read = applicationFromWire(record, inputs as unknown as Props);
    expect(read.autoscaling).toEqual(inputs.autoscaling);
    const stored = { ...(inputs as unknown as Props), ...(read as unknown as Props) };
    const d = await applicationProvider.diff!(created.id, stored, inputs as unknown as Props);
    expect(d.changes).toBe(false);

    // An edit of the policy replaces it at the service.
    const edited = await checkedInputs(applicationProvider, { ...appInputs(), name: inputs.name, autoscaling: { ...policy, cooldownPeriodSeconds: 60, scalers: [policy.scalers[0]] } }) as ApplicationInputs;
    expect((await applicationProvider.diff!(created.id, stored, edited as unknown as Props)).changes).toBe(true);
    const current = await fx.client.applications.get(created.id);
    await application.calls.update(fx.client, created.id, edited, applicationToWire(edited, "update", current));
    const after = applicationFromWire(await fx.client.applications.get(created.id), {});
    expect(after.autoscaling).toEqual(edited.autoscaling);
  });

  it("leaving autoscaling out keeps the service's policy: no change, and no call", async () => {
    const inputs = await checkedInputs(applicationProvider, appInputs({ autoscaling: policy }));
    const { autoscaling: _left, ...without } = inputs;
    const news = await checkedInputs(applicationProvider, without);
    await clearRequests(fx.emulator);
    const d = await applicationProvider.diff!("any-id", inputs, news);
    expect(d.changes).toBe(false);
    expect(await requests(fx.emulator)).toEqual([]);
  });

  it("a container keeps the policy and reads it back without drift", async () => {
    const registryId = (await fx.client.containerRegistries.list(fx.orgId))[0]!.id;
    counter += 1;
    const raw = { environmentId: fx.envId, name: `as-ctr-${counter}`, registryId, imageName: "nginx", tag: "1.27", maxRunningInstances: 3, autoscaling: policy };
    const inputs = await checkedInputs(containerProvider, raw);
    const wire = schemaWire(containerSchema);
    const created = await container.calls.create(fx.client, inputs as never, wire.toWire(inputs));
    const record = await fx.client.containers.get(created.id);
    expect(wire.fromWire(record, {})["autoscaling"]).toEqual(inputs["autoscaling"]);
  });
});

describe("autoscaling through the Application provider", () => {
  it("create, refresh with no drift, a policy changed outside is drift, and the next update restores the program's", async () => {
    const p = applicationProvider;
    const inputs = await checkedInputs(p, appInputs({ autoscaling: policy }));
    const { id, outs } = await p.create!(inputs);
    expect((outs as Props)["autoscaling"]).toEqual(inputs["autoscaling"]);
    const read = await p.read!(id, outs as Props);
    expect((await p.diff!(id, read.props as Props, inputs)).changes).toBe(false);

    const current = await fx.client.applications.get(id);
    await fx.client.applications.update(id, {
      healthchecks: {}, autoscaling: { mode: "KEDA", scalers: [{ scaler_type: "memory", role: "PRIMARY", config_json: { value: "80" } }] },
    });
    expect(current.autoscaling).toBeDefined();
    const drifted = await p.read!(id, read.props as Props);
    expect(((drifted.inputs as Props)["autoscaling"] as AutoscalingInputs).scalers.map((s) => s.scalerType)).toEqual(["memory"]);
    const d = await p.diff!(id, drifted.props as Props, inputs);
    expect([d.changes, d.replaces ?? []]).toEqual([true, []]);
    const { outs: restored } = await p.update!(id, drifted.props as Props, inputs);
    const again = await p.read!(id, restored as Props);
    expect((await p.diff!(id, again.props as Props, inputs)).changes).toBe(false);
    expect(autoscalingFromWire((await fx.client.applications.get(id)).autoscaling)).toEqual(inputs["autoscaling"]);
  });
});

describe("autoscaling with values not known yet (preview)", () => {
  it.each([
    ["the whole policy", UNKNOWN],
    ["the scalers", { scalers: UNKNOWN }],
    ["an interval and a trigger authentication's YAML", { pollingIntervalSeconds: UNKNOWN, scalers: [{ scalerType: "cpu", triggerAuthentication: { name: "a", configYaml: UNKNOWN } }] }],
    ["a scaler type", { scalers: [{ scalerType: UNKNOWN }, { scalerType: UNKNOWN }] }],
  ])("passes check when %s is unknown", async (_what, autoscaling) => {
    expect(await failuresOf(appInputs({ autoscaling }))).toEqual([]);
  });
});
