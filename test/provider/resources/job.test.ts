import { job, jobProvider as p } from "../../../provider/resources/job/provider";
import { UNKNOWN } from "../../../provider/framework/unknowns";
import type { JobInputs } from "../../../provider/resources/job/schema";
import { toWire } from "../../../provider/resources/job/wire";
import { checkedInputs } from "../support/check-helpers";
import { clearRequests, failDeploys, requests, useFixture } from "../support/fixture";

type Props = Record<string, unknown>;

const fx = useFixture({ clearFaultsAfterEach: true });
let counter = 0;
let registryId: string;

const SECRET = "job-s3cr3t-value-one";

beforeAll(async () => {
  const registries = await fx.client.containerRegistries.list(fx.orgId);
  registryId = (registries.find((r) => r.kind === "DOCKER_HUB") ?? registries[0]!).id;
});

const checked = (inputs: Props): Promise<Props> => checkedInputs(p, inputs);

function cronJob(extra: Props = {}): Props {
  counter += 1;
  return {
    environmentId: fx.envId,
    name: `job-${counter}`,
    source: { image: { registryId, imageName: "acme/report", tag: "1.0.0" } },
    schedule: { cron: { expression: "0 3 * * *" } },
    environmentVariables: { MODE: "nightly" },
    secrets: { TOKEN: SECRET },
    ...extra,
  };
}

const lifecycleJob = (extra: Props = {}): Props => cronJob({ schedule: { onStart: { arguments: ["migrate", "up"] } }, ...extra });

async function failureOf(run: () => Promise<unknown>): Promise<{ id?: string; properties?: Props; message: string; finalState?: string }> {
  try {
    await run();
  } catch (e) {
    return e as { id?: string; properties?: Props; message: string };
  }
  throw new Error("expected a failure");
}

describe("Job check", () => {
  it("fills the service's defaults: timezone Etc/UTC, no arguments, healthchecks {}", async () => {
    const inputs = await checked(cronJob());
    expect(inputs["schedule"]).toEqual({ cron: { expression: "0 3 * * *", timezone: "Etc/UTC", arguments: [] } });
    expect(inputs["healthchecks"]).toEqual({});
    expect(inputs["maxRestarts"]).toBe(0);
  });

  it("derives the git provider of a docker source", async () => {
    const inputs = await checked(lifecycleJob({ source: { docker: { gitRepository: { url: "https://gitlab.com/acme/jobs" } } } }));
    expect(((inputs["source"] as Props)["docker"] as Props)["gitRepository"]).toMatchObject({ provider: "GITLAB", rootPath: "/" });
  });

  it("accepts values not known yet at preview, and the diff says they change", async () => {
    const base = await checked(cronJob());
    const { id, outs } = await p.create!(base);
    const preview = { ...base, source: { image: { registryId: UNKNOWN, imageName: "acme/report", tag: UNKNOWN } } };
    const result = await p.check!({}, preview);
    expect(result.failures ?? []).toEqual([]);
    const d = await p.diff!(id, outs as Props, result.inputs as Props);
    expect(d.changes).toBe(true);
    expect(d.replaces ?? []).toEqual([]);
  });

  it("never quotes a secret value in a failure", async () => {
    const result = await p.check!({}, cronJob({ secrets: { TOKEN: 424242424242 } }));
    expect(JSON.stringify(result.failures)).toContain("secrets.TOKEN");
    expect(JSON.stringify(result.failures)).not.toContain("424242424242");
  });
});

describe("Job wire", () => {
  it("sends the schedule and the source in the service's spelling", async () => {
    const inputs = await checked(cronJob({ schedule: { cron: { expression: "*/15 * * * *", timezone: "Europe/Paris", entrypoint: "/bin/report", arguments: ["--all"] } }, maxRestarts: 2 }));
    expect(toWire(inputs as JobInputs, "create")).toMatchObject({
      source: { image: { registry_id: registryId, image_name: "acme/report", tag: "1.0.0" } },
      schedule: { cronjob: { scheduled_at: "*/15 * * * *", timezone: "Europe/Paris", entrypoint: "/bin/report", arguments: ["--all"] } },
      max_nb_restart: 2,
      healthchecks: {},
    });
    const { id, outs } = await p.create!(inputs);
    expect((outs as Props)["jobType"]).toBe("CRON");
    const record = (await fx.client.jobs.get(id)) as unknown as Props;
    expect(record).toMatchObject({
      job_type: "CRON",
      max_nb_restart: 2,
      schedule: { cronjob: { scheduled_at: "*/15 * * * *", timezone: "Europe/Paris", entrypoint: "/bin/report", arguments: ["--all"] } },
    });
  });

  it("sends lifecycle events each with its command, and a cleared port as null on edit", async () => {
    const inputs = await checked(lifecycleJob({ schedule: { onStart: { arguments: ["up"] }, onStop: { entrypoint: "/stop" } }, port: 8080 }));
    expect(toWire(inputs as JobInputs, "create")).toMatchObject({
      schedule: { on_start: { arguments: ["up"] }, on_stop: { entrypoint: "/stop", arguments: [] } },
      port: 8080,
    });
    const { port: _port, ...withoutPort } = inputs;
    expect(toWire(withoutPort as JobInputs, "update")["port"]).toBeNull();
  });

  it("changes the source from an image to a git repository in place", async () => {
    const inputs = await checked(lifecycleJob());
    const { id, outs } = await p.create!(inputs);
    const news = await checked({ ...inputs, source: { docker: { gitRepository: { url: "https://github.com/acme/jobs.git", branch: "main" }, dockerfilePath: "migrate.Dockerfile" } } });
    const d = await p.diff!(id, outs as Props, news);
    expect([d.changes, d.replaces ?? []]).toEqual([true, []]);
    const { outs: after } = await p.update!(id, outs as Props, news);
    const record = (await fx.client.jobs.get(id)) as unknown as { source: Props };
    expect(record.source["docker"]).toMatchObject({ dockerfile_path: "migrate.Dockerfile", git_repository: { url: "https://github.com/acme/jobs.git" } });
    const read = await p.read!(id, after as Props);
    expect((await p.diff!(id, read.props as Props, news)).changes).toBe(false);
  });

  it("replaces the job when the schedule moves between cron and lifecycle events, and only then", async () => {
    const inputs = await checked(cronJob());
    const { id, outs } = await p.create!(inputs);
    const later = await checked({ ...inputs, schedule: { cron: { expression: "0 4 * * *" } } });
    expect((await p.diff!(id, outs as Props, later)).replaces ?? []).toEqual([]);
    const lifecycle = await checked({ ...inputs, schedule: { onStop: {} } });
    expect(await p.diff!(id, outs as Props, lifecycle)).toMatchObject({ changes: true, replaces: ["schedule"], deleteBeforeReplace: true });
  });
});

describe("Job deploy", () => {
  it("deploys by running the job, and waits for the run", async () => {
    const inputs = await checked(lifecycleJob({ deploy: true, deployTimeoutSeconds: 60 }));
    await clearRequests(fx.emulator);
    const { id } = await p.create!(inputs);
    expect((await fx.client.jobs.status(id)).state).toBe("DEPLOYED");
    expect((await requests(fx.emulator)).filter((r) => r.method === "POST" && r.path === `/job/${id}/deploy`)).toHaveLength(1);
  });

  it("a failed run fails the update with the job named, its id and state, without the secret", async () => {
    const inputs = await checked(cronJob());
    const { id, outs } = await p.create!(inputs);
    await failDeploys(fx.emulator, id, "DEPLOY");
    const news = await checked({ ...inputs, cpu: 750, deploy: true, deployTimeoutSeconds: 60 });
    const error = await failureOf(() => p.update!(id, outs as Props, news));
    expect(error.id).toBe(id);
    expect(error.message).toContain(`job "${String(inputs["name"])}" (${id})`);
    expect(error.message).toMatch(/DEPLOYMENT_ERROR/);
    expect(error.message).not.toContain(SECRET);
    // Recorded as not deployed, so the next `up` runs it again; the edit itself is kept.
    expect(error.properties!["deploy"]).toBe(false);
    expect(error.properties!["cpu"]).toBe(750);
  });

  it("a failed build keeps the job in the state with its secrets recorded, never quoted", async () => {
    const inputs = await checked(lifecycleJob({ deploy: true, deployTimeoutSeconds: 60 }));
    // Deploy failures are injected by service id: create without deploying, then ask for the deployment.
    const created = await p.create!({ ...inputs, deploy: false });
    await failDeploys(fx.emulator, created.id, "DEPLOY");
    const error = await failureOf(() => p.update!(created.id, created.outs as Props, inputs));
    expect(error.message).toContain(`job "${String(inputs["name"])}"`);
    expect(error.properties!["secrets"]).toEqual({ TOKEN: SECRET });
    expect(error.message).not.toContain(SECRET);
  });
});

describe("Job secrets", () => {
  it("are secret outputs of the resource, never plain state", () => {
    expect(job.secretOutputs).toContain("secrets");
    expect(job.options(undefined).additionalSecretOutputs).toContain("secrets");
  });

  it("are set by the job's import of its initial values, not in the job's body", async () => {
    const inputs = await checked(cronJob());
    expect(JSON.stringify(toWire(inputs as JobInputs, "create"))).not.toContain(SECRET);
    await clearRequests(fx.emulator);
    const { id } = await p.create!(inputs);
    const log = await requests(fx.emulator);
    expect(log.filter((r) => r.method === "POST" && r.path === `/job/${id}/environmentVariable/import`)).toHaveLength(1);
    expect(log.filter((r) => r.method === "POST" && r.path === `/job/${id}/secret`)).toHaveLength(0);
    const secrets = await fx.client.jobs.secrets.list(id);
    expect(secrets.map((s) => s.key)).toEqual(["TOKEN"]);
  });
});
