/**
 * The form of every record of a data file, checked when it is loaded so that a bad record is refused at start (naming
 * the collection, the record and the field) rather than answered as a 500 later. Objects are loose: a field this
 * emulator does not know is kept, and fields that files of older emulators lack are optional.
 */
import { z } from "zod";
import type { KeyedCollection, State } from "./state";

const str = z.string();
const int = z.number().int();
const num = z.number();
const strOrNull = z.string().nullable();
const obj = z.record(z.string(), z.unknown());
const base = { id: str, created_at: str, updated_at: str };
const groupRefs = { annotations_groups: z.array(str).optional(), labels_groups: z.array(str).optional() };

const commit = z.looseObject({ git_commit_id: str, created_at: str, author_name: str, message: str, tag: str });
const deployment = z.looseObject({
  action: str, steps: z.array(str), start: num, requested_at: num.optional(), stepMs: num, request_id: str, version: int,
  commit: commit.optional(), release: obj.optional(), seq: num.optional(), group_id: str.optional(),
  cancelled_at: num.optional(), notified: z.enum(["started", "ended"]).optional(),
});
const deletion = z.looseObject({ start: num, stepMs: num });
const runtime = z.looseObject({
  deployment: deployment.nullable(), requests_count: int, last_deployment_date: strOrNull, deployed_version: int.nullable(),
  version: int, failure: z.enum(["BUILD", "DEPLOY"]).nullable(), history: z.array(deployment).optional(),
});
const service = {
  ...base, ...groupRefs, environment_id: str, name: str, description: str.optional(), icon_uri: str.optional(), runtime,
  deleting: deletion.optional(),
};
const port = z.looseObject({
  id: str, name: str, internal_port: int, external_port: int.optional(), publicly_accessible: z.boolean(), is_default: z.boolean().optional(),
  protocol: str.optional(),
});
const storage = z.looseObject({ id: str, type: str, size: num, mount_point: str });
const running = {
  ...service, healthchecks: obj, auto_deploy: z.boolean(), cpu: num, memory: num, gpu: num.optional(), auto_preview: z.boolean(),
  arguments: z.array(str), advanced_settings: obj, min_running_instances: int, max_running_instances: int,
  ports: z.array(port), storage: z.array(storage), autoscaling: obj.optional(),
};
const gitRepository = z.looseObject({ url: str, provider: str, branch: str, root_path: str, git_token_id: strOrNull.optional() });
const jobCommand = z.looseObject({ arguments: z.array(str), entrypoint: str.optional() });

/** The form of each collection's records, by collection. */
const RECORDS = {
  projects: z.looseObject({ ...base, organization_id: str, name: str, description: str.nullish() }),
  environments: z.looseObject({
    ...base, organization_id: str, project_id: str, name: str, mode: str, cluster_id: str, deleting: deletion.optional(),
    last_action: obj.optional(), actions: z.array(obj).optional(),
  }),
  applications: z.looseObject({
    ...running, git_repository: gitRepository, build_mode: str, dockerfile_path: strOrNull, docker_target_build_stage: strOrNull,
  }),
  databases: z.looseObject({
    ...service, type: str, version: str, mode: str, accessibility: str, cpu: num, memory: num, storage: num, login: str, password: str,
  }),
  containers: z.looseObject({ ...running, registry_id: str, image_name: str, tag: str }),
  jobs: z.looseObject({
    ...service, healthchecks: obj, auto_deploy: z.boolean(), cpu: num, memory: num, gpu: num.optional(), max_nb_restart: int,
    max_duration_seconds: int, auto_preview: z.boolean(), port: int.nullable(), advanced_settings: obj,
    source: z.looseObject({
      image: z.looseObject({ image_name: str, tag: str, registry_id: str }).optional(),
      docker: z.looseObject({ git_repository: gitRepository }).optional(),
    }),
    schedule: z.looseObject({
      cronjob: jobCommand.extend({ scheduled_at: str, timezone: str }).optional(), on_start: jobCommand.optional(),
      on_stop: jobCommand.optional(), on_delete: jobCommand.optional(), lifecycle_type: str.optional(),
    }),
  }),
  variables: z.looseObject({
    ...base, service_id: str, kind: z.enum(["VARIABLE", "SECRET"]), key: str, value: str, mount_path: strOrNull,
    variable_type: z.enum(["VALUE", "FILE", "ALIAS", "OVERRIDE"]).optional(), target_id: str.optional(),
  }),
  gitTokens: z.looseObject({ ...base, organization_id: str, name: str, type: str, token: str, git_api_url: str, expired_at: str }),
  containerRegistries: z.looseObject({
    ...base, organization_id: str, name: str, kind: str, url: str, config: z.record(z.string(), z.union([str, num])),
  }),
  webhooks: z.looseObject({
    ...base, organization_id: str, kind: str, target_url: str, target_secret: str.optional(), enabled: z.boolean(),
    events: z.array(str), project_names_filter: z.array(str), environment_types_filter: z.array(str),
    deliveries: z.array(z.looseObject({ id: str, created_at: str, event_id: str, attempt: int, delivered: z.boolean() })).optional(),
  }),
  stages: z.looseObject({
    ...base, environment_id: str, name: str, description: strOrNull, deployment_order: int,
    services: z.array(z.looseObject({ ...base, service_id: str, service_type: str, is_skipped: z.boolean() })),
  }),
  onPremiseCredentials: z.looseObject({ id: str, organization_id: str, name: str }),
  annotationsGroups: z.looseObject({
    ...base, organization_id: str, name: str, annotations: z.array(z.looseObject({ key: str, value: str })), scopes: z.array(str),
  }),
  labelsGroups: z.looseObject({
    ...base, organization_id: str, name: str,
    labels: z.array(z.looseObject({ key: str, value: str, propagate_to_cloud_provider: z.boolean() })),
  }),
  customDomains: z.looseObject({
    ...base, service_id: str, domain: str, generate_certificate: z.boolean(), use_cdn: z.boolean(), validation_domain: str,
  }),
  members: z.looseObject({ ...base, email: str, name: str, role_id: str }),
  invitations: z.looseObject({ ...base, organization_id: str, email: str, role_id: str }),
  customRoles: z.looseObject({
    ...base, organization_id: str, name: str, description: str,
    cluster_permissions: z.array(z.looseObject({ cluster_id: str, permission: str })),
    project_permissions: z.array(z.looseObject({ project_id: str, is_admin: z.boolean(), permissions: z.array(z.looseObject({ environment_type: str, permission: str })) })),
  }),
  clusterCredentials: z.looseObject({ id: str, created_at: str, token: str, read_only_token: str }),
} satisfies Record<KeyedCollection, z.ZodType>;

/** The collections kept as lists and the organization, by name. */
const LISTS = {
  clusters: z.looseObject({
    ...base, ...groupRefs, organization_id: str, name: str, region: str, version: str, next_version: strOrNull,
    is_default: z.boolean(), last_deployment_date: strOrNull, last_execution_id: strOrNull,
  }),
  tokens: z.looseObject({
    name: str, value: str, scope: z.enum(["Admin", "Read", "Deploy", "Write"]), revoked: z.boolean(),
    id: str.optional(), role_id: str.optional(), description: str.optional(), created_at: str.optional(),
  }),
  logs: z.looseObject({ id: str, service_id: str, at: num, message: str, pod_name: str, version: str }),
} satisfies Record<string, z.ZodType>;
const organization = z.looseObject({ ...base, name: str, plan: str, owner: str, admin_emails: z.array(str).nullish() });

function check(schema: z.ZodType, rec: unknown, where: string): void {
  const r = schema.safeParse(rec);
  if (r.success) return;
  const issue = r.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new Error(`${where}${field ? `.${field}` : ""}: ${issue?.message ?? "not a record of this collection"}`);
}

/**
 * Throws on the first record of `state` that is not of its collection's form, naming it as
 * `state.<collection>.<id or index>.<field>: <what was expected>`.
 */
export function validateRecords(state: State): void {
  check(organization, state.organization, "state.organization");
  for (const [name, schema] of Object.entries(LISTS)) {
    const list = state[name as keyof typeof LISTS] as unknown[];
    list.forEach((rec, i) => check(schema, rec, `state.${name}.${i}`));
  }
  for (const [name, schema] of Object.entries(RECORDS)) {
    const coll = (state as unknown as Record<string, Map<string, unknown> | undefined>)[name];
    if (coll === undefined) continue;
    for (const [id, rec] of coll) check(schema, rec, `state.${name}.${id}`);
  }
}
