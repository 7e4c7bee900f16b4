import { z } from "zod";
import { APPLICATION_DEFAULTS, DEFAULT_DEPLOY_TIMEOUT_SECONDS, gitProviderOfUrl, gitUrlProblem, PORT_PROTOCOLS } from "../../../sdk";
import { GIT_PROVIDERS } from "../git-token";
import {
  idInput, MAX_CPU_MILLICORES, MAX_GPU, MAX_INSTANCES, MAX_MEMORY_MB, MAX_PORT, MAX_STORAGE_GB, MIN_APPLICATION_VOLUME_GB,
  nameInput,
} from "../../framework/rules";
import { isUnknown } from "../../framework/unknowns";
import { field } from "../../framework/fields";

/** Port protocols. */
export { PORT_PROTOCOLS };

const int = z.number().int();
const PROBE = APPLICATION_DEFAULTS.probe;
const portNumber = int.min(1).max(MAX_PORT);

/** A git repository; `provider` is derived from the URL host when left out. */
export const gitRepositorySchema = z
  .strictObject({
    url: z
      .string()
      .min(1)
      .superRefine((url, ctx) => {
        if (url === "" || isUnknown(url)) return;
        const problem = gitUrlProblem(url);
        if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
      }),
    branch: z.string().min(1).optional(),
    rootPath: z.string().min(1).default("/"),
    gitTokenId: idInput().optional(),
    provider: z.enum(GIT_PROVIDERS).optional(),
  })
  .transform((repo, ctx) => {
    if (repo.provider !== undefined || isUnknown(repo.url)) return repo;
    const provider = gitProviderOfUrl(repo.url);
    if (provider === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["provider"],
        message: `is required when the URL host is not github.com, gitlab.com or bitbucket.org (expected one of ${GIT_PROVIDERS.join(", ")})`,
      });
      return z.NEVER;
    }
    return { ...repo, provider };
  });

/** What a probe checks: exactly one of tcp, http, exec, grpc. */
export const probeTypeSchema = z
  .strictObject({
    tcp: z.strictObject({ port: portNumber.optional(), host: z.string().min(1).optional() }).optional(),
    http: z
      // `scheme` is typed `string` in the Args (a widened literal in a user's object must keep compiling), checked here.
      .strictObject({ path: z.string().min(1).default("/"), scheme: z.string().pipe(z.enum(["HTTP", "HTTPS"])).default("HTTP"), port: portNumber.optional() })
      .optional(),
    exec: z.strictObject({ command: z.array(z.string()).min(1) }).optional(),
    grpc: z.strictObject({ service: z.string().min(1).optional(), port: portNumber.optional() }).optional(),
  })
  .superRefine((t, ctx) => {
    const kinds = (["tcp", "http", "exec", "grpc"] as const).filter((k) => t[k] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({ code: "custom", message: `expected exactly one of tcp, http, exec, grpc, got ${kinds.length === 0 ? "none" : kinds.join(" and ")}` });
    }
  });

/** A readiness or liveness probe, with the service's defaults. */
export const probeSchema = z.strictObject({
  type: probeTypeSchema,
  initialDelaySeconds: int.min(0).default(PROBE.initial_delay_seconds),
  periodSeconds: int.min(1).default(PROBE.period_seconds),
  timeoutSeconds: int.min(1).default(PROBE.timeout_seconds),
  successThreshold: int.min(1).default(PROBE.success_threshold),
  failureThreshold: int.min(1).default(PROBE.failure_threshold),
});

/** A port of an application. */
export const portSchema = z.strictObject({
  internalPort: portNumber,
  externalPort: portNumber.optional(),
  publiclyAccessible: z.boolean(),
  protocol: z.enum(PORT_PROTOCOLS).default(APPLICATION_DEFAULTS.port_protocol),
  name: nameInput().optional(),
  isDefault: z.boolean().optional(),
  publicPath: z.string().min(1).optional(),
  publicPathRewrite: z.string().min(1).optional(),
});

/** A storage volume. */
export const storageSchema = z.strictObject({
  size: int.min(MIN_APPLICATION_VOLUME_GB).max(MAX_STORAGE_GB),
  mountPoint: z.string().regex(/^\//, "expected an absolute path (starting with /)"),
});

const variableKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a variable name: letters, digits and _, not starting with a digit");

/** Validated application inputs: the single source of field names, types and defaults. */
export const applicationSchema = z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    gitRepository: gitRepositorySchema,
    buildMode: z.enum(["DOCKER"]).default("DOCKER"),
    dockerfilePath: z.string().min(1).optional(),
    dockerTargetBuildStage: z.string().min(1).optional(),
    cpu: int.min(1).max(MAX_CPU_MILLICORES).default(APPLICATION_DEFAULTS.cpu),
    memory: int.min(1).max(MAX_MEMORY_MB).default(APPLICATION_DEFAULTS.memory),
    gpu: int.min(0).max(MAX_GPU).default(APPLICATION_DEFAULTS.gpu),
    minRunningInstances: int.min(0).max(MAX_INSTANCES).default(APPLICATION_DEFAULTS.min_running_instances),
    maxRunningInstances: int.min(-1).max(MAX_INSTANCES).default(APPLICATION_DEFAULTS.max_running_instances),
    ports: z.array(portSchema).default([]),
    healthchecks: z.strictObject({ readinessProbe: probeSchema.optional(), livenessProbe: probeSchema.optional() }).default({}),
    storage: z.array(storageSchema).default([]),
    arguments: z.array(z.string()).default([]),
    entrypoint: z.string().min(1).optional(),
    autoPreview: z.boolean().default(APPLICATION_DEFAULTS.auto_preview),
    autoDeploy: z.boolean().default(false),
    annotationsGroupIds: z.array(idInput()).default([]),
    labelsGroupIds: z.array(idInput()).default([]),
    deploymentStageId: field(idInput().optional(), { wire: false }),
    environmentVariables: field(z.record(variableKey, z.string()).default({}), { wire: false }),
    secrets: field(z.record(variableKey, z.string()).default({}), { wire: false, secret: true }),
    deploy: field(z.boolean().default(false), { wire: false }),
    deployTimeoutSeconds: field(int.min(1).max(86400).default(DEFAULT_DEPLOY_TIMEOUT_SECONDS), { wire: false }),
  })
  .superRefine((v, ctx) => {
    if (v.maxRunningInstances !== -1 && v.maxRunningInstances < v.minRunningInstances) {
      ctx.addIssue({
        code: "custom",
        path: ["maxRunningInstances"],
        message: `expected >= minRunningInstances (${v.minRunningInstances}) or -1 (no limit), got ${v.maxRunningInstances}`,
      });
    }
    const seen = new Set<number>();
    v.ports.forEach((p, i) => {
      if (seen.has(p.internalPort)) {
        ctx.addIssue({ code: "custom", path: ["ports", i, "internalPort"], message: `expected each internalPort once, got ${p.internalPort} twice` });
      }
      seen.add(p.internalPort);
    });
    for (const key of Object.keys(v.secrets)) {
      if (key in v.environmentVariables) {
        ctx.addIssue({ code: "custom", path: ["secrets", key], message: `expected a key not also in environmentVariables, got "${key}" in both` });
      }
    }
  });

/** Application inputs after validation (defaults applied, git provider derived). */
export type ApplicationInputs = z.output<typeof applicationSchema>;
