/**
 * Container registries of the organization: where containers and jobs run from an image pull it. Names are unique
 * in the organization ignoring case; the URL is fixed for the public registries (Docker Hub, GitHub, GitLab) and
 * required (`https://`) for the others; each kind needs its own credentials in `config`, whose secret fields are kept
 * and never answered. A registry in use by a container or a job cannot be deleted.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiError, badRequest } from "../server/errors";
import type { containerRegistryRequest } from "../schemas/container-registries";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import type { StoreView } from "./store-view";
import { assertNameFree } from "./uniqueness";
import { containersUsingRegistry, jobsUsingRegistry } from "./queries";
import { base, num, str } from "./record-forms";
import { slice } from "./slice";
import { assertConfigGiven } from "./required-config";

/** A registry's config as stored (secret fields included). */
export type RegistryConfig = Record<string, string | number>;

/** A container registry of the organization. */
export interface ContainerRegistryRec extends BaseRec {
  organization_id: string;
  name: string;
  kind: string;
  description?: string;
  url: string;
  config: RegistryConfig;
}

/** The containerRegistries of the state (see `slice.ts`). */
export const registrySlice = slice<ContainerRegistryRec>().keyed("containerRegistries", z.looseObject({
  ...base, organization_id: str, name: str, kind: str, url: str, config: z.record(z.string(), z.union([str, num])),
}));

type Input = z.output<typeof containerRegistryRequest>;
type ConfigField = keyof Input["config"];

/** The URL of the kinds whose URL is fixed (a request may leave it out). */
export const FIXED_REGISTRY_URLS: Readonly<Record<string, string>> = {
  DOCKER_HUB: "https://docker.io", GITHUB_CR: "https://ghcr.io", GITLAB_CR: "https://registry.gitlab.com",
};

/**
 * The config fields each kind needs, as alternatives: the request must give every field of one of them
 * (an ECR registry: keys, or a role to assume; a GCP one: a service account key, or workload identity federation).
 */
export const REQUIRED_REGISTRY_CONFIG: Readonly<Record<string, ReadonlyArray<readonly ConfigField[]>>> = {
  ECR: [["region", "access_key_id", "secret_access_key"], ["region", "role_arn"]],
  SCALEWAY_CR: [["region", "scaleway_access_key", "scaleway_secret_key"]],
  GCP_ARTIFACT_REGISTRY: [
    ["region", "json_credentials"],
    ["region", "gcp_credentials_type", "project_id", "service_account_email", "workload_identity_provider_resource"],
  ],
  AZURE_CR: [["azure_tenant_id", "azure_subscription_id"]],
};

/** Kinds the reference lists that the service no longer takes. */
const UNSUPPORTED_KINDS = new Set(["DOCR"]);

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The URL a request sets, checked against its kind's rule. */
function urlFor(b: Input): string {
  const fixed = FIXED_REGISTRY_URLS[b.kind];
  if (fixed !== undefined) {
    if (b.url !== undefined && withoutTrailingSlash(b.url) !== fixed) throw badRequest("url", `must be ${fixed} for kind ${b.kind} (or left out)`);
    return fixed;
  }
  if (b.url === undefined || b.url === "") throw badRequest("url", `is required for kind ${b.kind}`);
  if (!b.url.startsWith("https://") || !URL.canParse(b.url)) throw badRequest("url", "must be a URL starting with https://");
  return b.url;
}

/** The config a request sets: 400 naming the first field its kind needs that it lacks. */
function configFor(b: Input): RegistryConfig {
  assertConfigGiven<ConfigField>(b.kind, REQUIRED_REGISTRY_CONFIG[b.kind] ?? [], b.config);
  const config: RegistryConfig = {};
  for (const [k, v] of Object.entries(b.config)) if (v !== undefined) config[k] = v;
  return config;
}

function check(m: ModelContext, b: Input, self?: string): void {
  if (UNSUPPORTED_KINDS.has(b.kind)) throw badRequest("kind", `${b.kind} registries are no longer supported`);
  assertNameFree(registrySlice.of(m.world.store).values(), b.name, "case-insensitive", "container registry", "this organization", self);
}

/** Sets every field from a full request (the config replaced whole, credentials included). */
function apply(r: ContainerRegistryRec, b: Input): void {
  const url = urlFor(b);
  const config = configFor(b);
  r.name = b.name;
  r.kind = b.kind;
  r.url = url;
  r.config = config;
  if (b.description !== undefined) r.description = b.description;
  else delete r.description;
}

const writer: RequestWriter<ContainerRegistryRec, Input> = { check, apply };

/** Creates a registry of the organization. */
export function createContainerRegistry(m: ModelContext, orgId: string, b: Input): ContainerRegistryRec {
  return createFrom(m, writer, registrySlice.of(m.world.store), b, (): ContainerRegistryRec => ({
    ...baseFields(m.now), organization_id: orgId, name: b.name, kind: b.kind, url: "", config: {},
  }));
}

/** Replaces a registry with a full request. */
export function replaceContainerRegistry(m: ModelContext, r: ContainerRegistryRec, b: Input): void {
  replaceFrom(m, writer, r, b);
}

/** A service pulling from a registry: a container, or a job whose source is an image. */
export interface RegistryUser {
  id: string;
  name: string;
  environment_id: string;
  /** `CONTAINER`, or the job's type (`CRON`, `LIFECYCLE`). */
  type: string;
}

/** The services pulling from a registry. */
export function servicesUsingRegistry(store: StoreView, registryId: string): RegistryUser[] {
  const users: RegistryUser[] = [];
  for (const c of containersUsingRegistry(store, registryId)) {
    users.push({ id: c.id, name: c.name, environment_id: c.environment_id, type: "CONTAINER" });
  }
  for (const j of jobsUsingRegistry(store, registryId)) {
    users.push({ id: j.id, name: j.name, environment_id: j.environment_id, type: j.schedule.cronjob ? "CRON" : "LIFECYCLE" });
  }
  return users;
}

/** Deletes a registry; 400 while a container or a job pulls from it. */
export function deleteContainerRegistry(m: ModelContext, r: ContainerRegistryRec): void {
  const users = servicesUsingRegistry(m.world.store, r.id);
  if (users.length > 0) {
    const named = users.slice(0, 3).map((u) => `'${u.name}'`).join(", ");
    throw new ApiError(400, `containerRegistryId: registry '${r.name}' is used by ${users.length} service(s) (${named}${users.length > 3 ? ", ..." : ""}); change or delete them first`);
  }
  registrySlice.of(m.world.store).delete(r.id);
}

/** The registry a request names by id, or 400 naming the field. */
export function registryFor(m: ModelContext, field: string, id: string): ContainerRegistryRec {
  const r = registrySlice.of(m.world.store).get(id);
  if (r === undefined) throw badRequest(field, `unknown container registry ${id}`);
  return r;
}

/** A uuid derived from a seed string (the same on every reset of the same seed). */
function derivedUuid(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The registries every organization starts with: Docker Hub, with no credentials (its id derived from the organization's). */
export function seededRegistries(orgId: string, createdAt: string): Map<string, ContainerRegistryRec> {
  const r: ContainerRegistryRec = {
    id: derivedUuid(`${orgId}/container-registry/docker-hub`), created_at: createdAt, updated_at: createdAt,
    organization_id: orgId, name: "Docker Hub", kind: "DOCKER_HUB", url: FIXED_REGISTRY_URLS["DOCKER_HUB"] as string, config: {},
  };
  return new Map([[r.id, r]]);
}
