/**
 * The pieces the forms of records share (see `slice.ts`: each model declares its records' form with its slice).
 * Objects are loose: a field this emulator does not know is kept, and fields that files of older emulators lack are
 * optional.
 */
import { z } from "zod";

export const str = z.string();
export const int = z.number().int();
export const num = z.number();
export const strOrNull = z.string().nullable();
export const obj = z.record(z.string(), z.unknown());
export const base = { id: str, created_at: str, updated_at: str };
export const groupRefs = { annotations_groups: z.array(str).optional(), labels_groups: z.array(str).optional() };

export const commit = z.looseObject({ git_commit_id: str, created_at: str, author_name: str, message: str, tag: str });
export const deployment = z.looseObject({
  action: str, steps: z.array(str), start: num, requested_at: num.optional(), stepMs: num, request_id: str, version: int,
  commit: commit.optional(), release: obj.optional(), seq: num.optional(), group_id: str.optional(),
  cancelled_at: num.optional(), notified: z.enum(["started", "ended"]).optional(),
});
export const deletion = z.looseObject({ start: num, stepMs: num });
export const runtime = z.looseObject({
  deployment: deployment.nullable(), requests_count: int, last_deployment_date: strOrNull, deployed_version: int.nullable(),
  version: int, failure: z.enum(["BUILD", "DEPLOY"]).nullable(), history: z.array(deployment).optional(),
});
export const service = {
  ...base, ...groupRefs, environment_id: str, name: str, description: str.optional(), icon_uri: str.optional(), runtime,
  deleting: deletion.optional(),
};
export const port = z.looseObject({
  id: str, name: str, internal_port: int, external_port: int.optional(), publicly_accessible: z.boolean(), is_default: z.boolean().optional(),
  protocol: str.optional(),
});
export const storage = z.looseObject({ id: str, type: str, size: num, mount_point: str });
export const running = {
  ...service, healthchecks: obj, auto_deploy: z.boolean(), cpu: num, memory: num, gpu: num.optional(), auto_preview: z.boolean(),
  arguments: z.array(str), advanced_settings: obj, min_running_instances: int, max_running_instances: int,
  ports: z.array(port), storage: z.array(storage), autoscaling: obj.optional(),
};
export const gitRepository = z.looseObject({ url: str, provider: str, branch: str, root_path: str, git_token_id: strOrNull.optional() });
export const jobCommand = z.looseObject({ arguments: z.array(str), entrypoint: str.optional() });
