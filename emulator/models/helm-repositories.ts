/**
 * Helm repositories of the organization: where Helm services take their charts from. Names are unique in the
 * organization ignoring case; the URL is `https://` for an `HTTPS` repository and `oci://` for the OCI kinds, and
 * never carries credentials (they go in `config`); each kind needs its own credentials in `config`, whose secret
 * fields are kept and never answered. A repository a Helm service deploys a chart of cannot be deleted.
 */
import { z } from "zod";
import { ApiError, badRequest } from "../server/errors";
import type { helmRepositoryRequest } from "../schemas/helm-repositories";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import { assertNameFree } from "./uniqueness";
import { helmsUsingRepository } from "./queries";
import { base, str } from "./record-forms";
import { slice } from "./slice";
import { assertConfigGiven } from "./required-config";

/** A Helm repository of the organization (secret config fields included). */
export interface HelmRepositoryRec extends BaseRec {
  organization_id: string;
  name: string;
  kind: string;
  description?: string;
  url: string;
  skip_tls_verification: boolean;
  config: Record<string, string>;
}

/** The helmRepositories of the state (see `slice.ts`). */
export const helmRepositorySlice = slice<HelmRepositoryRec>().keyed("helmRepositories", z.looseObject({
  ...base, organization_id: str, name: str, kind: str, url: str, skip_tls_verification: z.boolean(), config: z.record(z.string(), str),
}));

type Input = z.output<typeof helmRepositoryRequest>;
type ConfigField = keyof Input["config"];

/** The config fields each kind needs, as alternatives (an ECR repository: keys, or a role to assume). */
export const REQUIRED_HELM_REPOSITORY_CONFIG: Readonly<Record<string, ReadonlyArray<readonly ConfigField[]>>> = {
  OCI_ECR: [["region", "access_key_id", "secret_access_key"], ["region", "role_arn"]],
  OCI_PUBLIC_ECR: [["access_key_id", "secret_access_key"]],
  OCI_SCALEWAY_CR: [["region", "scaleway_access_key", "scaleway_secret_key", "scaleway_project_id"]],
};

/** The scheme a kind's URL takes. */
export function helmUrlScheme(kind: string): "https" | "oci" {
  return kind === "HTTPS" ? "https" : "oci";
}

/** The URL a request sets: its kind's scheme, a host, no credentials (which are never quoted back). */
function urlFor(b: Input): string {
  const scheme = helmUrlScheme(b.kind);
  if (b.url === undefined || b.url === "") throw badRequest("url", `is required (a ${scheme}:// URL for kind ${b.kind})`);
  if (!b.url.startsWith(`${scheme}://`) || !URL.canParse(b.url)) throw badRequest("url", `must be a URL starting with ${scheme}:// for kind ${b.kind}`);
  const u = new URL(b.url);
  if (u.username !== "" || u.password !== "") throw badRequest("url", "must not carry credentials: give them in config (username, password)");
  if (u.hostname === "") throw badRequest("url", "has no host");
  return b.url;
}

/** The config a request sets: 400 naming the first field its kind needs that it lacks (a username with a password). */
function configFor(b: Input): Record<string, string> {
  assertConfigGiven<ConfigField>(b.kind, REQUIRED_HELM_REPOSITORY_CONFIG[b.kind] ?? [], b.config);
  if (b.config.password && !b.config.username) throw badRequest("config.username", "is required with a password");
  const config: Record<string, string> = {};
  for (const [k, v] of Object.entries(b.config)) if (v !== undefined) config[k] = v;
  return config;
}

function check(m: ModelContext, b: Input, self?: string): void {
  assertNameFree(helmRepositorySlice.of(m.world.store).values(), b.name, "case-insensitive", "helm repository", "this organization", self);
}

function apply(r: HelmRepositoryRec, b: Input): void {
  const url = urlFor(b);
  const config = configFor(b);
  Object.assign(r, { name: b.name, kind: b.kind, url, config, skip_tls_verification: b.skip_tls_verification });
  if (b.description !== undefined) r.description = b.description;
  else delete r.description;
}

const writer: RequestWriter<HelmRepositoryRec, Input> = { check, apply };

/** Creates a Helm repository of the organization. */
export function createHelmRepository(m: ModelContext, orgId: string, b: Input): HelmRepositoryRec {
  return createFrom(m, writer, helmRepositorySlice.of(m.world.store), b, (): HelmRepositoryRec => ({
    ...baseFields(m.now), organization_id: orgId, name: b.name, kind: b.kind, url: "", skip_tls_verification: false, config: {},
  }));
}

/** Replaces a Helm repository with a full request. */
export function replaceHelmRepository(m: ModelContext, r: HelmRepositoryRec, b: Input): void {
  replaceFrom(m, writer, r, b);
}

/** Deletes a Helm repository; 400 naming the Helm services while any deploys a chart of it. */
export function deleteHelmRepository(m: ModelContext, r: HelmRepositoryRec): void {
  const users = helmsUsingRepository(m.world.store, r.id);
  if (users.length > 0) {
    const named = users.slice(0, 3).map((h) => `'${h.name}' (chart ${h.source.repository?.chart_name ?? ""})`).join(", ");
    throw new ApiError(400, `helmRepositoryId: helm repository '${r.name}' is used by ${users.length} helm service(s): ${named}${users.length > 3 ? ", ..." : ""}; change or delete them first`);
  }
  helmRepositorySlice.of(m.world.store).delete(r.id);
}

/** The repository a request names by id, or 400 naming the field. */
export function helmRepositoryFor(m: ModelContext, field: string, id: string): HelmRepositoryRec {
  const r = helmRepositorySlice.of(m.world.store).get(id);
  if (r === undefined) throw badRequest(field, `unknown helm repository ${id}`);
  return r;
}
