/**
 * A cluster's advanced settings: the service's default for every key (what `GET /defaultClusterAdvancedSettings`
 * answers), the keys a cluster's owner set on top, and the check of an edit (a key the service does not know, or a
 * value of the wrong type or outside its choices, is a 400 naming the key).
 */
import { badRequest } from "../server/errors";
import type { ClusterRec } from "./clusters";
import { touch, type ModelContext } from "./records";

type Kind = "integer" | "boolean" | "string" | "strings" | "map";

/** One key: its default and its kind (`choices` for a string of a fixed set). */
interface Key {
  value: unknown;
  kind: Kind;
  choices?: readonly string[];
}

const int = (value: number): Key => ({ value, kind: "integer" });
const bool = (value: boolean): Key => ({ value, kind: "boolean" });
const text = (value: string, choices?: readonly string[]): Key => (choices ? { value, kind: "string", choices } : { value, kind: "string" });
const cidrs = (): Key => ({ value: [], kind: "strings" });

const loki = (part: string, cpu: number, memory: number): Record<string, Key> => ({
  [`loki.${part}.cpu_request_m`]: int(cpu), [`loki.${part}.cpu_limit_m`]: int(cpu * 2),
  [`loki.${part}.memory_request_mib`]: int(memory), [`loki.${part}.memory_limit_mib`]: int(memory * 2),
});

/** Every key with the service's default. */
const KEYS: Readonly<Record<string, Key>> = {
  "aws.cloudwatch.eks_logs_retention_days": int(90),
  "aws.vpc.enable_s3_flow_logs": bool(false),
  "aws.vpc.flow_logs_retention_days": int(365),
  "aws.vpc.enable_nat_gateway_secondary_eip": bool(false),
  "loki.log_retention_in_week": int(12),
  "loki.deployment_mode": text("single_binary", ["single_binary", "simple_scalable"]),
  ...loki("single_binary", 500, 1024), ...loki("write", 250, 512), ...loki("read", 250, 512), ...loki("backend", 250, 512),
  "registry.image_retention_time": int(31536000),
  "cloud_provider.container_registry.tags": { value: {}, kind: "map" },
  "aws.eks.enable_alb_controller": bool(true),
  "aws.eks.enable_efs_addon": bool(false),
  "aws.eks.efs.throughput_mode": text("elastic", ["bursting", "elastic", "provisioned"]),
  "aws.eks.efs.performance_mode": text("generalPurpose", ["generalPurpose", "maxIO"]),
  "aws.eks.efs.transition_to_ia": text("AFTER_30_DAYS", ["AFTER_1_DAY", "AFTER_7_DAYS", "AFTER_14_DAYS", "AFTER_30_DAYS", "AFTER_60_DAYS", "AFTER_90_DAYS", ""]),
  "load_balancer.size": text("lb-s"),
  "database.postgresql.deny_any_access": bool(false), "database.postgresql.allowed_cidrs": cidrs(),
  "database.mysql.deny_any_access": bool(false), "database.mysql.allowed_cidrs": cidrs(),
  "database.mongodb.deny_any_access": bool(false), "database.mongodb.allowed_cidrs": cidrs(),
  "database.redis.deny_any_access": bool(false), "database.redis.allowed_cidrs": cidrs(),
  "aws.iam.admin_group": text("Admins"),
  "aws.eks.ec2.metadata_imds": text("optional", ["optional", "required"]),
  "aws.eks.ec2.ami": text("AmazonLinux2023"),
  "pleco.resources_ttl": int(-1),
  "registry.mirroring_mode": text("Service", ["Cluster", "Service"]),
  "nginx.vcpu.request_in_milli_cpu": int(100),
  "nginx.vcpu.limit_in_milli_cpu": int(500),
  "nginx.memory.request_in_mib": int(768),
  "nginx.memory.limit_in_mib": int(768),
  "envoy.gateway_api.http_request_timeout_seconds": int(60),
  "envoy.gateway_api.http_connection_idle_timeout_seconds": int(3600),
  "envoy.gateway_api.retry.num_retries": int(0),
  "envoy.gateway_api.retry.retry_on": text(""),
  "envoy.gateway_api.retry.http_status_codes": text(""),
  "envoy.gateway_api.retry.per_try_timeout_seconds": int(15),
  "nginx.hpa.cpu_utilization_percentage_threshold": int(50),
  "nginx.hpa.min_number_instances": int(2),
  "nginx.hpa.max_number_instances": int(25),
  "storageclass.fast_ssd": text("aws-ebs-gp2-0"),
  "qovery.static_ip_mode": bool(false),
  "k8s.api.allowed_public_access_cidrs": { value: ["0.0.0.0/0"], kind: "strings" },
};

/** The service's default for every key. */
export function defaultClusterSettings(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(KEYS).map(([k, d]) => [k, structuredClone(d.value)]));
}

/** A cluster's settings: the defaults with what was set on top. */
export function clusterSettings(c: ClusterRec): Record<string, unknown> {
  return { ...defaultClusterSettings(), ...structuredClone(c.advanced_settings ?? {}) };
}

function valueProblem(d: Key, v: unknown): string | undefined {
  switch (d.kind) {
    case "integer": return Number.isInteger(v) ? undefined : "expected an integer";
    case "boolean": return typeof v === "boolean" ? undefined : "expected a boolean";
    case "strings": return Array.isArray(v) && v.every((x) => typeof x === "string") ? undefined : "expected an array of strings";
    case "map": return typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string") ? undefined : "expected an object of strings";
    case "string":
      if (typeof v !== "string") return "expected a string";
      return d.choices && !d.choices.includes(v) ? `expected one of ${d.choices.map((c) => `'${c}'`).join(", ")}` : undefined;
  }
}

/** Sets the keys an edit gives (the others keep their values), each checked first; answers the whole settings. */
export function editClusterSettings(m: ModelContext, c: ClusterRec, body: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(body)) {
    const d = Object.hasOwn(KEYS, k) ? KEYS[k] : undefined;
    if (!d) throw badRequest(k, "is not a cluster advanced setting");
    const problem = valueProblem(d, v);
    if (problem) throw badRequest(k, `${problem}, got ${JSON.stringify(v)}`);
  }
  c.advanced_settings = { ...(c.advanced_settings ?? {}), ...structuredClone(body) };
  touch(c, m.now);
  return clusterSettings(c);
}
