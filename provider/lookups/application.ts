import type { Application } from "../../sdk";
import type { LookupResult } from "../framework/outputs";
import type { ApplicationArgs } from "../resources/application/index";
import { applicationSchema } from "../resources/application/schema";
import { booleanOf, defined, numberOf, textOf, type PlainArgs } from "./core";
import { lookups, parentLookup, type NameInParentArgs } from "./family";

/** Arguments of {@link getApplicationOutput}: the application's id, or its name in its environment (`environmentId`, checked when given with `id`). */
export type GetApplicationOutputArgs = NameInParentArgs<"environmentId">;
/** Arguments of {@link getApplication}: those of {@link GetApplicationOutputArgs} with plain values. */
export type GetApplicationArgs = PlainArgs<GetApplicationOutputArgs>;

/** The git repository of an {@link ApplicationResult}, in the spelling of `GitRepositoryArgs`. */
export interface ApplicationGitRepositoryResult {
  /** Repository URL. */
  url: string;
  /** Branch built, when the service says. */
  branch?: string;
  /** Directory of the repository the application is built from, when the service says. */
  rootPath?: string;
  /** Git token used to clone, when there is one. */
  gitTokenId?: string;
  /** Commit running, once deployed. */
  deployedCommitId?: string;
}

/** A port of an {@link ApplicationResult}, in the spelling of `PortArgs`. */
export interface ApplicationPortResult {
  /** Port the application listens on. */
  internalPort: number;
  /** Port exposed outside, for a public port. */
  externalPort?: number;
  /** Whether the port is reachable from outside the cluster. */
  publiclyAccessible?: boolean;
  /** `HTTP`, `GRPC`, `TCP` or `UDP`. */
  protocol?: string;
  /** The port's name. */
  name?: string;
  /** Whether this is the application's default port. */
  isDefault?: boolean;
}

/** The fields of an application that its lookup reads. */
const FIELDS = [
  "name", "buildMode", "dockerfilePath", "cpu", "memory", "minRunningInstances", "maxRunningInstances", "autoDeploy", "autoPreview",
] as const;

/** An application found by {@link getApplication} or {@link getApplicationOutput}, in the spelling of `ApplicationArgs`. */
export interface ApplicationResult extends LookupResult<Pick<ApplicationArgs, (typeof FIELDS)[number] | "environmentId">, "name" | "environmentId"> {
  /** Free text, when the application has one. */
  description?: string;
  /** Where the application is built from, when the service says. */
  gitRepository?: ApplicationGitRepositoryResult;
  /** Ports, when the application has some. */
  ports?: ApplicationPortResult[];
}

function gitRepositoryOf(r: Application): ApplicationGitRepositoryResult | undefined {
  const g = r.git_repository;
  if (g === null || g === undefined) return undefined;
  return defined<ApplicationGitRepositoryResult>({
    url: g.url, branch: textOf(g.branch), rootPath: textOf(g.root_path), gitTokenId: textOf(g.git_token_id),
    deployedCommitId: textOf(g.deployed_commit_id),
  });
}

const applications = parentLookup<typeof applicationSchema, Application, ApplicationResult>("Application", {
  schema: applicationSchema, fields: FIELDS, get: (client, id) => client.applications.get(id), timestamps: true,
  computed: (r) => ({
    description: r.description,
    gitRepository: gitRepositoryOf(r),
    ports: r.ports?.map((p) => defined<ApplicationPortResult>({
      internalPort: p.internal_port, externalPort: numberOf(p.external_port), publiclyAccessible: booleanOf(p.publicly_accessible),
      protocol: textOf(p.protocol), name: textOf(p.name), isDefault: booleanOf(p.is_default),
    })),
  }),
});

export const { findApplication,
  /**
   * Looks up an application the stack uses but does not manage, by id or by name in its environment (compared
   * ignoring letter case, as the service does), with plain values, in a Promise. None or several matching fail naming
   * the environment's applications.
   *
   * @example
   * const api = getApplicationOutput({ environmentId: staging.id, name: "api" });
   * new ApplicationAdvancedSettings("api-settings", { applicationId: api.id, settings: { "network.ingress.proxy_body_size_mb": 25 } });
   */
  getApplication,
  /** {@link getApplication} taking Inputs and answering an Output. */
  getApplicationOutput } = lookups<"Application", GetApplicationOutputArgs, ApplicationResult>("Application", applications);
