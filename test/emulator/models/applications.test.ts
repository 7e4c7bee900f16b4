import { appBody, projectAndEnv, useEmulator } from "../support/helpers";

const c = useEmulator();
let envId: string;
beforeEach(async () => { ({ envId } = await projectAndEnv(c)); });

describe("applications", () => {
  it("creates with 201 and answers the full shape", async () => {
    const r = await c.call("POST", `/environment/${envId}/application`, appBody("api", { storage: [{ size: 10, mount_point: "/data" }] }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "api", service_type: "APPLICATION", icon_uri: expect.any(String), environment: { id: envId },
      git_repository: { provider: "GITHUB", owner: "acme", name: "api", url: "https://github.com/acme/api.git", branch: "main" },
      healthchecks: {}, cpu: 500, memory: 512, min_running_instances: 1,
      storage: [{ id: expect.any(String), type: "FAST_SSD", size: 10, mount_point: "/data" }],
      ports: [{ id: expect.any(String), internal_port: 8080, publicly_accessible: true, protocol: "HTTP", is_default: true }],
    });
    expect(typeof r.body.created_at).toBe("string");
    expect(typeof r.body.updated_at).toBe("string");
    const list = await c.call("GET", `/environment/${envId}/application`);
    expect(list.body.results).toHaveLength(1);
  });

  it.each([
    [{ ...appBody("a"), git_repository: { provider: "GITHUB" } }, "git_repository.url"],
    [{ ...appBody("a"), git_repository: { url: "https://x/y" } }, "git_repository.provider"],
    [{ name: "a", git_repository: { url: "https://x/y", provider: "GITHUB" } }, "healthchecks"],
    [{ ...appBody("a"), ports: [{ internal_port: "80", publicly_accessible: true }] }, "ports[0].internal_port"],
    [{ ...appBody("a"), ports: [{ internal_port: 80 }] }, "ports[0].publicly_accessible"],
    [{ ...appBody("a"), ports: [{ internal_port: 70000, publicly_accessible: true }] }, "ports[0].internal_port"],
    [{ ...appBody("a"), ports: [{ internal_port: 80, publicly_accessible: true, protocol: "SMTP" }] }, "ports[0].protocol"],
    [{ ...appBody("a"), cpu: "lots" }, "cpu"],
    [{ ...appBody("a"), git_repository: { url: "https://x/y", provider: "GITHUB", git_token_id: "00000000-0000-0000-0000-000000000000" } }, "git_repository.git_token_id"],
  ])("rejects bad input with 400 naming the field (%#)", async (body, field) => {
    const r = await c.call("POST", `/environment/${envId}/application`, body);
    expect(r.status).toBe(400);
    expect(r.body.status).toBe(400);
    expect(r.body.message.startsWith(`${field}:`)).toBe(true);
  });

  it("409 on a duplicate name in the environment, 404 under an unknown environment", async () => {
    await c.call("POST", `/environment/${envId}/application`, appBody("api"));
    expect((await c.call("POST", `/environment/${envId}/application`, appBody("api"))).status).toBe(409);
    expect((await c.call("POST", "/environment/00000000-0000-0000-0000-000000000000/application", appBody("x"))).status).toBe(404);
  });

  it("edits: healthchecks required, existing ports keep their id, updated_at changes", async () => {
    const a = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const missing = await c.call("PUT", `/application/${a.id}`, { name: "api" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^healthchecks/);
    const portId = a.ports[0].id;
    const edited = await c.call("PUT", `/application/${a.id}`, {
      healthchecks: { readiness_probe: { type: { http: { path: "/health", port: 8080 } }, period_seconds: 5 } },
      ports: [{ id: portId, internal_port: 8081, publicly_accessible: false, protocol: "HTTP" }, { internal_port: 9090, publicly_accessible: false }],
      cpu: 1000,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.ports[0]).toMatchObject({ id: portId, internal_port: 8081 });
    expect(edited.body.ports[1].id).not.toBe(portId);
    expect(edited.body.cpu).toBe(1000);
    expect(edited.body.healthchecks.readiness_probe.type.http.path).toBe("/health");
    expect(edited.body.updated_at).not.toBe(a.updated_at);
    const unknownPort = await c.call("PUT", `/application/${a.id}`, { healthchecks: {}, ports: [{ id: "00000000-0000-0000-0000-000000000000", internal_port: 1, publicly_accessible: true }] });
    expect(unknownPort.body.message).toMatch(/^ports\[0\]\.id/);
  });

  it("deletes with 204, then 404", async () => {
    const a = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    expect((await c.call("DELETE", `/application/${a.id}`)).status).toBe(204);
    expect((await c.call("GET", `/application/${a.id}`)).status).toBe(404);
    expect((await c.call("DELETE", `/application/${a.id}`)).status).toBe(404);
  });

  it("deploy/stop/redeploy/restart answer 202 Status", async () => {
    const a = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body;
    const before = await c.call("GET", `/application/${a.id}/status`);
    expect(before.body).toMatchObject({ state: "READY", service_deployment_status: "NEVER_DEPLOYED", deployment_request_id: null });
    for (const action of ["deploy", "stop", "redeploy", "restart-service"]) {
      const r = await c.call("POST", `/application/${a.id}/${action}`);
      expect(r.status).toBe(202);
      expect(Object.keys(r.body).sort()).toEqual([
        "deployment_request_id", "deployment_requests_count", "id", "is_part_last_deployment", "last_deployment_date",
        "service_deployment_status", "state", "status_details",
      ]);
    }
    const withCommit = await c.call("POST", `/application/${a.id}/deploy`, { git_commit_id: "abc123" });
    expect(withCommit.body.deployment_requests_count).toBe(5);
    const log = await c.call("GET", `/application/${a.id}/log`);
    expect(log.body.results.some((l: { version: string }) => l.version === "abc123")).toBe(true);
  });
});

describe("advanced settings", () => {
  let appId: string;
  beforeEach(async () => { appId = (await c.call("POST", `/environment/${envId}/application`, appBody("api"))).body.id; });

  it("GET answers all 47 keys with defaults", async () => {
    const r = await c.call("GET", `/application/${appId}/advancedSettings`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toHaveLength(47);
    expect(r.body["build.skip_git_submodules"]).toBe(false);
    expect(r.body["deployment.lifecycle.pre_stop_exec_command"]).toEqual(["/bin/sh", "-c", "sleep 15"]);
  });

  it("PUT merges with 201", async () => {
    const r = await c.call("PUT", `/application/${appId}/advancedSettings`, { "network.ingress.proxy_body_size_mb": 250, "deployment.antiaffinity.pod": "Requirred" });
    expect(r.status).toBe(201);
    expect(r.body["network.ingress.proxy_body_size_mb"]).toBe(250);
    const again = await c.call("PUT", `/application/${appId}/advancedSettings`, { "hpa.cpu.average_utilization_percent": 75 });
    expect(again.body["network.ingress.proxy_body_size_mb"]).toBe(250);
    expect(again.body["deployment.antiaffinity.pod"]).toBe("Requirred");
    expect((await c.call("GET", `/application/${appId}/advancedSettings`)).body["hpa.cpu.average_utilization_percent"]).toBe(75);
  });

  it.each([
    ["deployment.antiaffinity.pod", "Required"],
    ["deployment.topology_spread.zone", "Sometimes"],
    ["deployment.update_strategy.type", "BlueGreen"],
    ["network.gateway_api.retry.per_try_timeout_seconds", 0],
    ["network.gateway_api.retry.num_retries", -1],
    ["network.gateway_api.http_request_timeout_seconds", -5],
    ["network.gateway_api.retry.http_status_codes", "500,600"],
    ["hpa.cpu.average_utilization_percent", 101],
    ["deployment.termination_grace_period_seconds", -1],
    ["build.disable_buildkit_cache", "true"],
  ])("rejects %s = %p with 400 naming the key", async (key, value) => {
    const r = await c.call("PUT", `/application/${appId}/advancedSettings`, { [key]: value });
    expect(r.status).toBe(400);
    expect(r.body.message.startsWith(`${key}:`)).toBe(true);
  });

  it("accepts the bounds themselves", async () => {
    const r = await c.call("PUT", `/application/${appId}/advancedSettings`, {
      "network.gateway_api.retry.per_try_timeout_seconds": 1, "network.gateway_api.retry.num_retries": 0,
      "network.gateway_api.retry.http_status_codes": "100,599", "hpa.memory.average_utilization_percent": null,
    });
    expect(r.status).toBe(201);
  });
});
