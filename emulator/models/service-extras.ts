/**
 * What a service has beside its record's own fields: its network setting (sticky sessions), the images its
 * registry holds as its users pull them, the versions its database type offers, the link of a database to an
 * application (a variable of the application holding the database's host) and the git webhook of a service built from git.
 */
import { notFound } from "../server/errors";
import { applicationKind } from "./applications";
import { containersUsingRegistry, jobsUsingRegistry, servicesOfKind, variablesOf } from "./queries";
import { databaseHost, type DatabaseRec } from "./databases";
import { touch, type ModelContext } from "./records";
import type { ServiceRecBase } from "./services";
import type { StoreView } from "./store-view";
import { deleteVariable } from "./variables";

/** A service with the network setting (absent: never set, off). */
type Networked = ServiceRecBase & { network?: { sticky_session: boolean } };

/** The service's network setting. */
export function networkOf(svc: ServiceRecBase): { sticky_session: boolean } {
  return { sticky_session: (svc as Networked).network?.sticky_session ?? false };
}

/** Sets the service's network setting (absent in the request: off). */
export function setNetwork(m: ModelContext, svc: ServiceRecBase, input: { sticky_session?: boolean | undefined }): void {
  (svc as Networked).network = { sticky_session: input.sticky_session ?? false };
  touch(svc, m.now);
}

/** The images of a registry its containers and jobs name, each with the tags they run, sorted; `name` filters by a part of the image name. */
export function registryImages(store: StoreView, registryId: string, name?: string): Array<{ image_name: string; versions: string[] }> {
  const tags = new Map<string, Set<string>>();
  const users: Array<{ image_name: string; tag: string }> = [
    ...containersUsingRegistry(store, registryId),
    ...jobsUsingRegistry(store, registryId).flatMap((j) => (j.source.image ? [j.source.image] : [])),
  ];
  for (const u of users) tags.set(u.image_name, (tags.get(u.image_name) ?? new Set()).add(u.tag));
  return [...tags.entries()]
    .filter(([image]) => name === undefined || image.includes(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([image_name, versions]) => ({ image_name, versions: [...versions].sort() }));
}

/** Major versions each database type offers. */
const DATABASE_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  POSTGRESQL: ["12", "13", "14", "15", "16", "17"], MYSQL: ["5.7", "8.0", "8.4"], MONGODB: ["5.0", "6.0", "7.0"], REDIS: ["6", "7"],
};

/** The versions the database's type offers. */
export function databaseVersions(d: DatabaseRec): string[] {
  return [...(DATABASE_VERSIONS[d.type] ?? [d.version])];
}

/** Unlinks an application from a database: its own variables holding the database's host go (404 when it holds none). */
export function unlinkApplication(m: ModelContext, d: DatabaseRec, applicationId: string): void {
  const app = servicesOfKind(m.world.store, applicationKind, d.environment_id).find((a) => a.id === applicationId);
  const host = databaseHost(d);
  const linked = app ? variablesOf(m.world.store, app.id).filter((v) => v.value.includes(host)) : [];
  if (linked.length === 0) throw notFound("application linked to the database", applicationId);
  for (const v of linked) deleteVariable(m, v);
}

/** Where each kind keeps its git repository, if it has one. */
function gitRepositoryOf(svc: ServiceRecBase): { provider?: string } | undefined {
  const s = svc as {
    git_repository?: { provider?: string };
    source?: { git?: { provider?: string }; docker?: { git_repository?: { provider?: string } } };
  };
  return s.git_repository ?? s.source?.git ?? s.source?.docker?.git_repository;
}

/** The git webhook of a service built from git: ACTIVE (the emulator registers it with the repository), 404 without one. */
export function gitWebhookOf(svc: ServiceRecBase): { status: "ACTIVE"; provider: string } {
  const repo = gitRepositoryOf(svc);
  if (!repo) throw notFound("git repository of service", svc.id);
  return { status: "ACTIVE", provider: repo.provider ?? "GITHUB" };
}
