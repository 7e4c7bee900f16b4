/**
 * A cluster's `secretManagerAccesses` input (wire `secret_manager_accesses`, the reference's
 * `SecretManagerAccessRequest`): where the cluster reads secrets from and how it authenticates there. The AWS
 * secret key and the GCP JSON key are secrets the service never answers: the whole input is a Pulumi secret, a
 * refresh keeps them from the state, and no message quotes any of its values (messages name fields and kinds).
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { SECRET_MANAGER_AUTH_MODES, SECRET_MANAGER_ENDPOINT_MODES } from "../../../sdk";
import { kindFieldIssues, type KindFields } from "../../framework/rules";
import { fromWire } from "../../framework/wire";

type EndpointMode = (typeof SECRET_MANAGER_ENDPOINT_MODES)[number];
type AuthMode = (typeof SECRET_MANAGER_AUTH_MODES)[number];

/** The secret manager a cluster reads from (the reference's `SecretManagerEndpointConfigurationDto`). */
export interface SecretManagerEndpointArgs {
  /** `AWS_SECRET_MANAGER`, `AWS_PARAMETER_STORE` or `GCP_SECRET_MANAGER`. Wire: `mode`. */
  mode: pulumi.Input<EndpointMode>;
  /** The secret manager's region. Wire: `region`. */
  region: pulumi.Input<string>;
  /** The GCP project, with `GCP_SECRET_MANAGER` only (required there). Wire: `project_id`. */
  projectId?: pulumi.Input<string>;
}

/** How the cluster authenticates to the secret manager (the reference's `SecretManagerAuthenticationDto`). */
export interface SecretManagerAuthenticationArgs {
  /**
   * `AUTOMATICALLY_CONFIGURED` (any endpoint), `AWS_ROLE_ARN` (`roleArn`) or `AWS_STATIC_CREDENTIALS` (`region`,
   * `accessKey`, `secretKey`) with an AWS endpoint, `GCP_JSON_CREDENTIALS` (`jsonCredentials`) with GCP's. Wire: `mode`.
   */
  mode: pulumi.Input<AuthMode>;
  /** The IAM role the cluster assumes (`AWS_ROLE_ARN`). Wire: `role_arn`. */
  roleArn?: pulumi.Input<string>;
  /** The access key's region (`AWS_STATIC_CREDENTIALS`). Wire: `region`. */
  region?: pulumi.Input<string>;
  /** The AWS access key id (`AWS_STATIC_CREDENTIALS`). Wire: `access_key`. */
  accessKey?: pulumi.Input<string>;
  /** The AWS secret key (`AWS_STATIC_CREDENTIALS`): a secret the service never answers. Wire: `secret_key`. */
  secretKey?: pulumi.Input<string>;
  /** The service account's JSON key, base64 encoded (`GCP_JSON_CREDENTIALS`): a secret the service never answers. Wire: `json_credentials`. */
  jsonCredentials?: pulumi.Input<string>;
}

/** One secret manager a cluster reads secrets from. */
export interface SecretManagerAccessArgs {
  /** Its name, unique among the cluster's accesses. Wire: `name`. */
  name: pulumi.Input<string>;
  /** The secret manager. Wire: `endpoint`. */
  endpoint: pulumi.Input<SecretManagerEndpointArgs>;
  /** How the cluster authenticates there. Wire: `authentication`. */
  authentication: pulumi.Input<SecretManagerAuthenticationArgs>;
}

const text = z.string().min(1);

/** Each endpoint in words (a message names no value: the input is a secret) and its cloud. */
const ENDPOINTS: Readonly<Record<EndpointMode, { cloud: "AWS" | "GCP"; called: string }>> = {
  AWS_SECRET_MANAGER: { cloud: "AWS", called: "AWS Secrets Manager" },
  AWS_PARAMETER_STORE: { cloud: "AWS", called: "AWS Parameter Store" },
  GCP_SECRET_MANAGER: { cloud: "GCP", called: "Google Secret Manager" },
};

/** What each authentication takes, which of those it needs, which cloud's endpoints it fits, and its name in words. */
const AUTHS: Readonly<Record<AuthMode, KindFields & { cloud?: "AWS" | "GCP" }>> = {
  AUTOMATICALLY_CONFIGURED: { keys: [], called: "automatic authentication" },
  AWS_ROLE_ARN: { keys: ["roleArn"], cloud: "AWS", called: "an AWS role" },
  AWS_STATIC_CREDENTIALS: { keys: ["region", "accessKey", "secretKey"], cloud: "AWS", called: "AWS static credentials" },
  GCP_JSON_CREDENTIALS: { keys: ["jsonCredentials"], cloud: "GCP", called: "a GCP JSON key" },
};
const AUTH_KEYS = Object.values(AUTHS).flatMap((a) => a.keys);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const endpoint = z.strictObject({ mode: z.enum(SECRET_MANAGER_ENDPOINT_MODES), region: text, projectId: text.optional() });
const authentication = z.strictObject({
  mode: z.enum(SECRET_MANAGER_AUTH_MODES),
  roleArn: text.optional(), region: text.optional(), accessKey: text.optional(), secretKey: text.optional(), jsonCredentials: text.optional(),
});

/** One access: each mode's fields required, another mode's refused, the authentication fitting the endpoint. */
const access = z.strictObject({ name: text, endpoint, authentication }).superRefine((v, ctx) => {
  const ep = ENDPOINTS[v.endpoint.mode];
  const auth = AUTHS[v.authentication.mode];
  if (ep === undefined || auth === undefined) return;
  if (ep.cloud === "GCP" && v.endpoint.projectId === undefined) ctx.addIssue({ code: "custom", path: ["endpoint", "projectId"], message: `is required for ${ep.called}` });
  if (ep.cloud !== "GCP" && v.endpoint.projectId !== undefined) ctx.addIssue({ code: "custom", path: ["endpoint", "projectId"], message: `is for Google Secret Manager only, not ${ep.called}: remove it` });
  if (auth.cloud !== undefined && auth.cloud !== ep.cloud) {
    ctx.addIssue({ code: "custom", path: ["authentication", "mode"], message: `${auth.called} cannot authenticate to ${ep.called}: expected an authentication of ${ep.cloud} or automatic` });
  }
  kindFieldIssues(ctx, v.authentication, auth, AUTH_KEYS, ["authentication"]);
  if (v.authentication.jsonCredentials !== undefined && !BASE64.test(v.authentication.jsonCredentials)) {
    ctx.addIssue({ code: "custom", path: ["authentication", "jsonCredentials"], message: "expected the JSON key encoded in base64 (base64 -w0 key.json)" });
  }
});

/** The `secretManagerAccesses` input: a list of accesses with distinct names. */
export const secretManagerAccessesSchema = z.array(access).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((a, i) => {
    if (seen.has(a.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: "is the name of an earlier access: expected names distinct" });
    seen.add(a.name);
  });
});

type Access = z.output<typeof access>;
const SECRETS = ["secretKey", "jsonCredentials"] as const;

/**
 * The accesses as the service answered them (`read`, in input form), with the secrets it never answers kept from
 * `stored`, the access of the same name.
 */
export function withStoredSecrets(read: unknown, stored: unknown): unknown {
  if (!Array.isArray(read) || !Array.isArray(stored)) return read;
  const byName = new Map((stored as Access[]).map((a) => [a.name, a]));
  return (read as Access[]).map((a) => {
    const known = byName.get(a.name)?.authentication;
    if (known === undefined || known.mode !== a.authentication?.mode) return a;
    const kept = Object.fromEntries(SECRETS.filter((k) => known[k] !== undefined).map((k) => [k, known[k]]));
    return { ...a, authentication: { ...a.authentication, ...kept } };
  });
}

/**
 * The accesses a cluster's record answers, in input form, with the secrets of `stored` (the inputs): a computed
 * input's outputs come from the record, which never holds the keys. Undefined when the program manages none.
 */
export function storedAccessesOf(record: { secret_manager_accesses?: unknown }, stored: unknown): Record<string, unknown> {
  if (stored === undefined) return {};
  const read = fromWire(secretManagerAccessesSchema.optional(), record.secret_manager_accesses, stored);
  return { secretManagerAccesses: withStoredSecrets(read, stored) };
}
