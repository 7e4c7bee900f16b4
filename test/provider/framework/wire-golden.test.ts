import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ApplicationsApi, ContainersApi, JobsApi } from "../../../sdk";
import { applicationProvider } from "../../../provider/resources/application/index";
import { containerProvider } from "../../../provider/resources/container";
import { jobProvider } from "../../../provider/resources/job/provider";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

/**
 * The request bodies and the state of the three service kinds, compared with golden copies captured from the
 * hand-written wire mapping each kind had before the mapping was derived from the schema's field facts.
 */
type Props = Record<string, unknown>;
const GOLDEN = join(__dirname, "..", "..", "fixtures", "wire-golden.json");

const fx = useFixture();
let registryId: string;
const bodies: Array<{ kind: string; call: string; body: unknown }> = [];

beforeAll(async () => {
  const registries = await fx.client.containerRegistries.list(fx.orgId);
  registryId = (registries.find((r) => r.kind === "DOCKER_HUB") ?? registries[0]!).id;
  for (const [kind, api] of [["application", ApplicationsApi], ["container", ContainersApi], ["job", JobsApi]] as const) {
    for (const call of ["create", "update"] as const) {
      const original = api.prototype[call] as (...args: unknown[]) => Promise<unknown>;
      const spy = function (this: unknown, ...args: unknown[]): Promise<unknown> {
        bodies.push({ kind, call, body: args[args.length - 1] });
        return original.apply(this, args);
      };
      jest.spyOn(api.prototype, call).mockImplementation(spy as never);
    }
  }
});

afterAll(() => jest.restoreAllMocks());

/** Outputs that differ from run to run whatever the mapping: timestamps, and built-ins naming the run's project. */
const VOLATILE: Record<string, string> = { createdAt: "<time>", updatedAt: "<time>", builtInVariables: "<built-ins>" };

/** `value` with every id of this run named by its role, volatile outputs and generated ids replaced. */
function normalized(value: unknown, ids: Record<string, string>): unknown {
  let text = JSON.stringify(value, (key, v: unknown) => VOLATILE[key] ?? v);
  for (const [role, id] of Object.entries(ids)) text = text.split(JSON.stringify(id)).join(JSON.stringify(`<${role}>`));
  text = text.replace(/"id":"[^"<]+"/g, '"id":"<generated>"');
  // Hosts are made of the service's, its environment's and its cluster's ids (`app-z1a2b3c4d`, `z..-z...z....emulator.app`).
  text = text.replace(/\bz[0-9a-f]{8}\b/g, "z<id>");
  return JSON.parse(text) as unknown;
}

type Provider = typeof jobProvider;
/** Creates `first`, updates it to `second` and reads it back: the bodies sent and the state at each step. */
async function lifecycle(kind: string, p: Provider, first: Props, second: Props): Promise<unknown> {
  bodies.length = 0;
  const a = await checkedInputs(p, first);
  const created = await p.create!(a);
  const b = await checkedInputs(p, second);
  const updated = await p.update!(created.id, created.outs as Props, b);
  const read = await p.read!(created.id, updated.outs as Props);
  const ids = { env: fx.envId, registry: registryId, [kind]: created.id };
  return normalized({ bodies: bodies.filter((x) => x.kind === kind), created: created.outs, updated: updated.outs, read: { props: read.props, inputs: read.inputs } }, ids);
}

const probe = { type: { http: { port: 8080 } }, periodSeconds: 20 };
const autoscaling = { scalers: [{ scalerType: "cpu", configJson: { value: "70", metricType: "Utilization" } }] };

async function captured(): Promise<Record<string, unknown>> {
  const app = { environmentId: fx.envId, name: "golden-app", gitRepository: { url: "https://github.com/acme/api.git", gitTokenId: undefined } };
  const appFull = {
    ...app, gitRepository: { url: "https://github.com/acme/api.git", branch: "main", rootPath: "/srv" }, dockerfilePath: "Dockerfile.prod",
    ports: [{ internalPort: 8080, publiclyAccessible: true, name: "web" }, { internalPort: 9090, publiclyAccessible: false, protocol: "GRPC" }],
    storage: [{ size: 10, mountPoint: "/data" }], healthchecks: { readinessProbe: probe, livenessProbe: { type: { exec: { command: ["true"] } } } },
    entrypoint: "/bin/run", arguments: ["--port", "8080"], autoscaling, minRunningInstances: 1, maxRunningInstances: 3,
  };
  const container = {
    environmentId: fx.envId, name: "golden-web", registryId, imageName: "nginx", tag: "1.27", description: "front",
    ports: [{ internalPort: 80, publiclyAccessible: true }], storage: [{ size: 4, mountPoint: "/cache" }], entrypoint: "/docker-entrypoint.sh",
  };
  const job = {
    environmentId: fx.envId, name: "golden-job", maxRestarts: 2, port: 8080,
    source: { docker: { gitRepository: { url: "https://gitlab.com/acme/jobs" }, dockerfilePath: "job.Dockerfile", dockerTargetBuildStage: "run" } },
    schedule: { onStart: { arguments: ["migrate"] }, onStop: { entrypoint: "/stop" } },
    healthchecks: { livenessProbe: { type: { tcp: { port: 8080 } } } },
  };
  const cron = {
    environmentId: fx.envId, name: "golden-cron", source: { image: { registryId, imageName: "acme/report", tag: "1.0.0" } },
    schedule: { cron: { expression: "0 3 * * *", timezone: "Europe/Paris", entrypoint: "/bin/report", arguments: ["--all"] } },
  };
  return {
    application: await lifecycle("application", applicationProvider, appFull, { ...app, ports: appFull.ports.slice(1), storage: appFull.storage, cpu: 750 }),
    container: await lifecycle("container", containerProvider, container, { ...container, tag: "1.28", entrypoint: undefined, ports: [{ internalPort: 80, publiclyAccessible: false, name: "http" }] }),
    job: await lifecycle("job", jobProvider, job, { ...job, port: undefined, source: { docker: { gitRepository: { url: "https://gitlab.com/acme/jobs", branch: "dev" } } } }),
    cron: await lifecycle("job", jobProvider, cron, { ...cron, schedule: { cron: { expression: "0 4 * * *" } }, maxDurationSeconds: 600 }),
  };
}

describe("the service kinds' wire mapping", () => {
  it("sends the bodies and stores the state captured from the hand-written mapping", async () => {
    const now = await captured();
    expect(now).toEqual(JSON.parse(readFileSync(GOLDEN, "utf8")) as unknown);
  });
});
