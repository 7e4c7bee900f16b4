/**
 * Containers: validation (status and field named), defaults, name uniqueness among the environment's services, the
 * deployment clock (no build step; a deploy may name a new tag), failure injection, logs, history, advanced settings,
 * variables and secrets, stages, cascades, and the organization's auto-deploy of a new tag.
 */
import { control } from "../../../emulator/control/control-client";
import { appBody, containerBody, dockerHubId, fieldOf, projectAndEnv, useEmulator, walkStates, WALK_STEP_MS, type Client } from "../support/helpers";


describe("containers (instant clock)", () => {
  const c = useEmulator();
  let envId: string;
  let hub: string;
  beforeEach(async () => {
    ({ envId } = await projectAndEnv(c));
    hub = await dockerHubId(c);
  });
  const create = (body: Record<string, unknown>) => c.call("POST", `/environment/${envId}/container`, body);

  it("creates with the service's defaults and answers the registry it pulls from", async () => {
    const r = await create(containerBody("web", hub));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "web", service_type: "CONTAINER", environment: { id: envId }, registry_id: hub,
      registry: { id: hub, name: "Docker Hub", url: "https://docker.io", kind: "DOCKER_HUB" }, image_name: "library/nginx", tag: "1.27",
      cpu: 500, memory: 512, gpu: 0, min_running_instances: 1, max_running_instances: 1, auto_deploy: false, auto_preview: true,
      healthchecks: {}, ports: [], storage: [], arguments: [], cpu_architecture: null, annotations_groups: [], labels_groups: [],
    });
    expect((await c.call("GET", `/container/${r.body.id}`)).body).toEqual(r.body);
    expect((await c.call("GET", `/environment/${envId}/container`)).body.results).toEqual([r.body]);
    expect((await c.call("GET", `/container/${r.body.id}/status`)).body).toMatchObject({ state: "READY", service_deployment_status: "NEVER_DEPLOYED" });
  });

  it("keeps what the request sets: ports with their defaults, storage, command, resources", async () => {
    const body = containerBody("web", hub, {
      description: "front", cpu: 250, memory: 256, min_running_instances: 2, max_running_instances: -1, auto_deploy: true,
      ports: [{ internal_port: 80, publicly_accessible: true }, { internal_port: 9090, publicly_accessible: false, protocol: "GRPC" }],
      storage: [{ size: 10, mount_point: "/data" }], arguments: ["-g", "daemon off;"], entrypoint: "/docker-entrypoint.sh",
      healthchecks: { readiness_probe: { type: { http: { path: "/", port: 80 } }, period_seconds: 5 } },
    });
    const r = await create(body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      description: "front", cpu: 250, memory: 256, min_running_instances: 2, max_running_instances: -1, auto_deploy: true,
      arguments: ["-g", "daemon off;"], entrypoint: "/docker-entrypoint.sh", healthchecks: body["healthchecks"] as object,
      storage: [{ type: "FAST_SSD", size: 10, mount_point: "/data" }],
    });
    expect(r.body.ports).toEqual([
      expect.objectContaining({ internal_port: 80, external_port: 443, publicly_accessible: true, is_default: true, protocol: "HTTP", name: "p80" }),
      expect.objectContaining({ internal_port: 9090, publicly_accessible: false, is_default: false, protocol: "GRPC" }),
    ]);
  });

  it("refuses invalid requests with 400 naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...containerBody("web", hub), healthchecks: undefined }, "healthchecks"],
      [{ ...containerBody("web", hub), registry_id: undefined }, "registry_id"],
      [containerBody("web", "not-a-uuid"), "registry_id"],
      [containerBody("web", "5b1c7a4e-0000-4000-8000-000000000000"), "registry_id"],
      [containerBody("web", hub, { image_name: "Library/Nginx" }), "image_name"],
      [containerBody("web", hub, { image_name: "nginx:1.27" }), "image_name"],
      [containerBody("web", hub, { tag: "-latest" }), "tag"],
      [containerBody("web", hub, { tag: "" }), "tag"],
      [containerBody("", hub), "name"],
      [containerBody("web", hub, { cpu: 0 }), "cpu"],
      [containerBody("web", hub, { min_running_instances: 3, max_running_instances: 2 }), "min_running_instances"],
      [containerBody("web", hub, { ports: [{ internal_port: 80, publicly_accessible: true }, { internal_port: 80, publicly_accessible: false }] }), "ports[1].internal_port"],
      [containerBody("web", hub, { storage: [{ size: 5, mount_point: "data" }] }), "storage[0].mount_point"],
      [containerBody("web", hub, { annotations_groups: [{ id: "5b1c7a4e-0000-4000-8000-000000000000" }] }), "annotations_groups[0].id"],
    ];
    for (const [body, name] of cases) {
      const r = await create(body);
      expect([name, r.status, fieldOf(r.body.message)]).toEqual([name, 400, name]);
    }
    expect((await c.call("GET", `/environment/${envId}/container`)).body.results).toEqual([]);
  });

  it("names are unique among the environment's services of every kind, ignoring case (409)", async () => {
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("api"))).status).toBe(201);
    const dup = await create(containerBody("API", hub));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name: service name 'API' is already used in this environment/);
    const web = (await create(containerBody("web", hub))).body;
    expect((await c.call("PUT", `/container/${web.id}`, containerBody("Api", hub))).status).toBe(409);
    const { envId: other } = await projectAndEnv(c, "other");
    expect((await c.call("POST", `/environment/${other}/container`, containerBody("api", hub))).status).toBe(201);
  });

  it("an edit is the whole request again; fields it leaves out keep their values; a refused edit changes nothing", async () => {
    const reg = (await c.call("POST", `/organization/${c.org}/containerRegistry`, { name: "ghcr", kind: "GITHUB_CR", config: {} })).body;
    const made = (await create(containerBody("web", hub, { ports: [{ internal_port: 80, publicly_accessible: true }], cpu: 250 }))).body;
    const put = await c.call("PUT", `/container/${made.id}`, containerBody("web2", reg.id, { image_name: "acme/web", tag: "2.0" }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "web2", registry_id: reg.id, registry: { name: "ghcr", kind: "GITHUB_CR" }, image_name: "acme/web", tag: "2.0", cpu: 250 });
    expect(put.body.ports).toEqual(made.ports);
    const partial = await c.call("PUT", `/container/${made.id}`, { name: "web3", healthchecks: {} });
    expect([partial.status, fieldOf(partial.body.message)]).toEqual([400, "registry_id"]);
    const refused = await c.call("PUT", `/container/${made.id}`, containerBody("web3", hub, { min_running_instances: 5 }));
    expect(refused.status).toBe(400);
    expect((await c.call("GET", `/container/${made.id}`)).body).toEqual(put.body);
    expect((await c.call("PUT", `/container/5b1c7a4e-0000-4000-8000-000000000000`, containerBody("x", hub))).status).toBe(404);
  });

  it("a deploy naming a tag keeps it; the history shows each deploy's image, tag and command", async () => {
    const made = (await create(containerBody("web", hub, { arguments: ["serve"] }))).body;
    const first = await c.call("POST", `/container/${made.id}/deploy`);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ id: made.id, state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    const second = await c.call("POST", `/container/${made.id}/deploy`, { image_tag: "1.28" });
    expect(second.body).toMatchObject({ state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
    expect((await c.call("GET", `/container/${made.id}`)).body.tag).toBe("1.28");
    const bad = await c.call("POST", `/container/${made.id}/deploy`, { image_tag: "bad tag" });
    expect([bad.status, fieldOf(bad.body.message)]).toEqual([400, "image_tag"]);
    const history = (await c.call("GET", `/container/${made.id}/deploymentHistory`)).body.results;
    expect(history.map((h: Record<string, unknown>) => [h["status"], h["image_name"], h["tag"], h["arguments"]])).toEqual([
      ["DEPLOYED", "library/nginx", "1.28", ["serve"]], ["DEPLOYED", "library/nginx", "1.27", ["serve"]],
    ]);
    const log = (await c.call("GET", `/container/${made.id}/log`)).body.results.map((l: { message: string }) => l.message);
    expect(log).toEqual(expect.arrayContaining(["Pulling image library/nginx:1.28", "Container web running library/nginx:1.28 (1 instance(s))"]));
    expect(log.some((m: string) => /Building|Cloning/.test(m))).toBe(false);
  });

  it("an edit puts the container out of date until it is deployed again", async () => {
    const made = (await create(containerBody("web", hub))).body;
    await c.call("POST", `/container/${made.id}/deploy`);
    await c.call("PUT", `/container/${made.id}`, containerBody("web", hub, { tag: "1.29" }));
    expect((await c.call("GET", `/container/${made.id}/status`)).body.service_deployment_status).toBe("OUT_OF_DATE");
    await c.call("POST", `/container/${made.id}/redeploy`);
    expect((await c.call("GET", `/container/${made.id}/status`)).body.service_deployment_status).toBe("UP_TO_DATE");
    expect((await c.call("GET", `/container/${made.id}/deploymentHistory`)).body.results[0].tag).toBe("1.29");
  });

  it("stop, restart-service and uninstall", async () => {
    const made = (await create(containerBody("web", hub))).body;
    await c.call("POST", `/container/${made.id}/deploy`);
    expect((await c.call("POST", `/container/${made.id}/stop`)).body.state).toBe("STOPPED");
    expect((await c.call("POST", `/container/${made.id}/restart-service`)).body.state).toBe("DEPLOYED");
    const un = await c.call("POST", `/container/${made.id}/uninstall`, {});
    expect(un.status).toBe(202);
    expect(un.body).toMatchObject({ state: "DELETED", service_deployment_status: "NEVER_DEPLOYED", status_details: { action: "DELETE", status: "SUCCESS" } });
    expect((await c.call("GET", `/container/${made.id}`)).status).toBe(200);
  });

  it("a deploy failure injected at DEPLOY ends in DEPLOYMENT_ERROR with a log line saying so", async () => {
    const made = (await create(containerBody("web", hub))).body;
    expect((await control(c.emu, "PUT", `/services/${made.id}/failure`, { stage: "DEPLOY" })).status).toBe(200);
    expect((await c.call("POST", `/container/${made.id}/deploy`)).body.state).toBe("DEPLOYMENT_ERROR");
    const log = (await c.call("GET", `/container/${made.id}/log`)).body.results.map((l: { message: string }) => l.message);
    expect(log.some((m: string) => /failure injected by the emulator at stage DEPLOY/.test(m))).toBe(true);
  });

  it("advanced settings: the container's keys only (another kind's key is a 400), merged on edit; the defaults route", async () => {
    const made = (await create(containerBody("web", hub))).body;
    const got = (await c.call("GET", `/container/${made.id}/advancedSettings`)).body;
    expect(Object.keys(got)).toHaveLength(41);
    expect(got).toMatchObject({ "network.ingress.proxy_request_buffering": "on", "deployment.termination_grace_period_seconds": 60 });
    expect(Object.keys(got).filter((k) => k.startsWith("build.") || k.startsWith("deployment.lifecycle."))).toEqual([]);
    const other = await c.call("PUT", `/container/${made.id}/advancedSettings`, { "hpa.cpu.average_utilization_percent": 75, "build.timeout_max_sec": 10 });
    expect([other.status, fieldOf(other.body.message)]).toEqual([400, "build.timeout_max_sec"]);
    const put = await c.call("PUT", `/container/${made.id}/advancedSettings`, { "hpa.cpu.average_utilization_percent": 75 });
    expect(put.status).toBe(201);
    expect(put.body["hpa.cpu.average_utilization_percent"]).toBe(75);
    expect(put.body).not.toHaveProperty("build.timeout_max_sec");
    const bad = await c.call("PUT", `/container/${made.id}/advancedSettings`, { "network.ingress.proxy_request_buffering": "maybe" });
    expect([bad.status, fieldOf(bad.body.message)]).toEqual([400, "network.ingress.proxy_request_buffering"]);
    expect((await c.call("GET", `/container/${made.id}/status`)).body.service_deployment_status).toBe("NEVER_DEPLOYED");
    const defaults = (await c.call("GET", "/defaultContainerAdvancedSettings")).body;
    expect(defaults).toEqual({ ...got });
  });

  it("variables and secrets are scoped to the container; secret values are never answered", async () => {
    const made = (await create(containerBody("web", hub))).body;
    const v = await c.call("POST", `/container/${made.id}/environmentVariable`, { key: "MODE", value: "prod" });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ key: "MODE", value: "prod", scope: "CONTAINER", service_type: "CONTAINER", service_id: made.id, service_name: "web" });
    const s = await c.call("POST", `/container/${made.id}/secret`, { key: "TOKEN", value: "s3cr3t-value" });
    expect(s.body).toMatchObject({ key: "TOKEN", scope: "CONTAINER" });
    expect(s.body).not.toHaveProperty("value");
    expect((await c.call("POST", `/container/${made.id}/secret`, { key: "MODE", value: "x" })).status).toBe(409);
    const answers = JSON.stringify([
      s.body, (await c.call("GET", `/container/${made.id}/secret`)).body,
      (await c.call("PUT", `/container/${made.id}/secret/${s.body.id}`, { key: "TOKEN", value: "s3cr3t-value" })).body,
    ]);
    expect(answers).not.toContain("s3cr3t-value");
    expect(await (await control(c.emu, "GET", "/state")).text()).not.toContain("s3cr3t-value");
    const listed = (await c.call("GET", `/container/${made.id}/environmentVariable`)).body.results as Array<{ key: string; scope: string }>;
    expect(listed.filter((x) => x.scope === "CONTAINER").map((x) => x.key)).toEqual(["MODE"]);
    expect((await c.call("GET", `/application/${made.id}/environmentVariable`)).status).toBe(404);
    expect((await c.call("DELETE", `/container/${made.id}/secret/${v.body.id}`)).status).toBe(404);
    expect((await c.call("DELETE", `/container/${made.id}/environmentVariable/${v.body.id}`)).status).toBe(204);
  });

  it("joins the environment's first stage and moves between stages like every service", async () => {
    const made = (await create(containerBody("web", hub))).body;
    const stage = await c.call("GET", `/service/${made.id}/deploymentStage`);
    expect(stage.body.name).toBe("DEFAULT");
    expect(stage.body.services).toEqual([expect.objectContaining({ service_id: made.id, service_type: "CONTAINER" })]);
    const late = (await c.call("POST", `/environment/${envId}/deploymentStage`, { name: "late" })).body;
    expect((await c.call("PUT", `/deploymentStage/${late.id}/service/${made.id}`, { is_skipped: false })).status).toBe(200);
    expect((await c.call("GET", `/service/${made.id}/deploymentStage`)).body.id).toBe(late.id);
  });

  it("is listed with the organization's services, counted in its cost, deployed with its environment and deleted with it", async () => {
    const before = (await c.call("GET", `/organization/${c.org}/currentCost`)).body.cost.total_in_cents;
    const made = (await create(containerBody("web", hub))).body;
    await c.call("POST", `/container/${made.id}/environmentVariable`, { key: "A", value: "1" });
    const services = (await c.call("GET", `/organization/${c.org}/services?environment_id=${envId}`)).body.results;
    expect(services).toEqual([expect.objectContaining({ id: made.id, name: "web", service_type: "CONTAINER" })]);
    expect((await c.call("GET", `/organization/${c.org}/currentCost`)).body.cost.total_in_cents).toBe(before + 1000);
    await c.call("POST", `/environment/${envId}/deploy`);
    expect((await c.call("GET", `/container/${made.id}/status`)).body.state).toBe("DEPLOYED");
    const history = (await c.call("GET", `/environment/${envId}/deploymentHistory`)).body.results;
    expect(history[0].containers).toEqual([expect.objectContaining({ name: "web", status: "DEPLOYED", image_name: "library/nginx", tag: "1.27" })]);
    expect((await c.call("DELETE", `/environment/${envId}`)).status).toBe(204);
    expect((await c.call("GET", `/container/${made.id}`)).status).toBe(404);
    const state = JSON.parse(await (await control(c.emu, "GET", "/state")).text());
    expect(Object.keys(state.containers)).toEqual([]);
    expect(Object.values(state.variables)).toEqual([]);
  });
});

describe("organization auto-deploy", () => {
  const c = useEmulator();

  async function container(cl: Client, envId: string, name: string, image: string, autoDeploy: boolean, registryId: string): Promise<string> {
    const r = await cl.call("POST", `/environment/${envId}/container`, containerBody(name, registryId, { image_name: image, tag: "1.0", auto_deploy: autoDeploy }));
    expect(r.status).toBe(201);
    return r.body.id as string;
  }

  it("gives the new tag to every container of the organization with auto_deploy running the image, and deploys only those", async () => {
    const hub = await dockerHubId(c);
    const ghcr = (await c.call("POST", `/organization/${c.org}/containerRegistry`, { name: "ghcr", kind: "GITHUB_CR", config: {} })).body.id as string;
    const { envId: dev } = await projectAndEnv(c, "one");
    const { envId: prod } = await projectAndEnv(c, "two");
    const follows = await container(c, dev, "a", "acme/web", true, hub);
    const elsewhere = await container(c, prod, "b", "acme/web", true, ghcr);
    const manual = await container(c, dev, "c", "acme/web", false, hub);
    const otherImage = await container(c, dev, "d", "acme/api", true, hub);
    const r = await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "acme/web", tag: "2.0" });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ state: "DEPLOYED", deployment_requests_count: 2, service_deployment_status: "UP_TO_DATE" });
    for (const id of [follows, elsewhere]) {
      expect((await c.call("GET", `/container/${id}`)).body.tag).toBe("2.0");
      expect((await c.call("GET", `/container/${id}/status`)).body).toMatchObject({ state: "DEPLOYED", service_deployment_status: "UP_TO_DATE" });
      expect((await c.call("GET", `/container/${id}/deploymentHistory`)).body.results[0]).toMatchObject({ tag: "2.0", status: "DEPLOYED" });
    }
    for (const id of [manual, otherImage]) {
      expect((await c.call("GET", `/container/${id}`)).body.tag).toBe("1.0");
      expect((await c.call("GET", `/container/${id}/status`)).body.state).toBe("READY");
    }
  });

  it("answers 202 with nothing deployed when no container follows the image; refuses a malformed body; 404 for another organization", async () => {
    const none = await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "acme/none", tag: "1" });
    expect(none.status).toBe(202);
    expect(none.body).toMatchObject({ deployment_requests_count: 0, is_part_last_deployment: false });
    const bad = await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "acme/web", tag: "not a tag" });
    expect([bad.status, fieldOf(bad.body.message)]).toEqual([400, "tag"]);
    expect((await c.call("POST", `/organization/5b1c7a4e-0000-4000-8000-000000000000/container/deploy`, { image_name: "a", tag: "1" })).status).toBe(404);
    expect((await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "a", tag: "1" }, c.emu.tokens.deploy)).status).toBe(202);
    expect((await c.call("POST", `/organization/${c.org}/container/deploy`, { image_name: "a", tag: "1" }, c.emu.tokens.write)).status).toBe(403);
  });
});

describe("containers (stepped clock)", () => {
  const c = useEmulator({ stepMs: WALK_STEP_MS });


  it("a deploy walks QUEUED, DEPLOYING, DEPLOYED (no build); a failed one ends in DEPLOYMENT_ERROR", async () => {
    const { envId } = await projectAndEnv(c);
    const made = (await c.call("POST", `/environment/${envId}/container`, containerBody("web", await dockerHubId(c)))).body;
    expect((await c.call("POST", `/container/${made.id}/deploy`, { image_tag: "1.28" })).body.state).toBe("QUEUED");
    const states = await walkStates(c, `/container/${made.id}/status`);
    expect(states.filter((s) => s !== "QUEUED")).toEqual(["DEPLOYING", "DEPLOYED"]);
    await control(c.emu, "PUT", `/services/${made.id}/failure`, { stage: "DEPLOY" });
    await c.call("POST", `/container/${made.id}/deploy`);
    const failed = await walkStates(c, `/container/${made.id}/status`);
    expect(failed[failed.length - 1]).toBe("DEPLOYMENT_ERROR");
    expect((await c.call("GET", `/container/${made.id}/status`)).body.status_details.status).toBe("ERROR");
  });
});
