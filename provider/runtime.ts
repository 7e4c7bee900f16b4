import type * as pulumi from "@pulumi/pulumi";
import { configureFromStack } from "./framework/credentials";
import { attachEngineLog } from "./framework/progress";
import { withActionableErrors } from "./framework/messages";
import { withAdoption } from "./framework/adoption";

// In the engine's dynamic-provider host, progress lines of deployments go to `pulumi up`'s output (progress.ts).
// This module is loaded by the host's first Check, before any Create, Update or Delete it serves.
attachEngineLog();

/**
 * Where each resource kind's provider lives. Loaded lazily so the host only loads the kinds a program uses.
 * Keys are the `<Type>` part of the type tokens (`pulumi-nodejs:dynamic/deploy-service:<Type>`).
 */
const registry: Record<string, () => pulumi.dynamic.ResourceProvider> = {
  Project: () => require("./resources/project").projectProvider,
  Environment: () => require("./resources/environment").environmentProvider,
  Application: () => require("./resources/application/index").applicationProvider,
  ApplicationAdvancedSettings: () => require("./resources/application-advanced-settings").applicationAdvancedSettingsProvider,
  Database: () => require("./resources/database").databaseProvider,
  GitToken: () => require("./resources/git-token").gitTokenProvider,
  DeploymentStage: () => require("./resources/deployment-stage").deploymentStageProvider,
  Webhook: () => require("./resources/webhook").webhookProvider,
  LabelsGroup: () => require("./resources/labels-group").labelsGroupProvider,
  AnnotationsGroup: () => require("./resources/annotations-group").annotationsGroupProvider,
  ContainerRegistry: () => require("./resources/container-registry").containerRegistryProvider,
  Container: () => require("./resources/container").containerProvider,
  ContainerAdvancedSettings: () => require("./resources/container-advanced-settings").containerAdvancedSettingsProvider,
  JobAdvancedSettings: () => require("./resources/job-advanced-settings").jobAdvancedSettingsProvider,
  Job: () => require("./resources/job/index").jobProvider,
  EnvironmentDeployment: () => require("./resources/environment-deployment").environmentDeploymentProvider,
  Variable: () => require("./resources/variable").variableProvider,
  Secret: () => require("./resources/secret").secretProvider,
  CustomDomain: () => require("./resources/custom-domain").customDomainProvider,
  OrganizationSettings: () => require("./resources/organization-settings").organizationSettingsProvider,
  OrganizationMember: () => require("./resources/organization-member").organizationMemberProvider,
  OrganizationInvitation: () => require("./resources/organization-invitation").organizationInvitationProvider,
  ApiToken: () => require("./resources/api-token").apiTokenProvider,
  CustomRole: () => require("./resources/custom-role").customRoleProvider,
};

/** The resource kinds this version of the package serves. */
export function knownKinds(): string[] {
  return Object.keys(registry);
}

/**
 * The dynamic provider for a resource kind, as the engine's provider host calls it: the kind's
 * check/diff/create/read/update/delete plus `configure`, which takes the stack's `deploy-service:*` config.
 *
 * @throws when the kind is unknown: the state names a resource of a newer package than the one installed.
 */
export function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  const load = registry[kind];
  if (load === undefined) {
    throw new Error(
      `deploy-service: unknown resource kind "${kind}". The installed pulumi-deploy-service package is older than ` +
        `the program or state that uses it (it serves: ${knownKinds().join(", ")}); upgrade the package.`,
    );
  }
  const provider = load();
  return {
    // Every kind, including those not built by defineResource (already wrapped ones are left as they are).
    ...bindAll(keepingSerializedProvider(withActionableErrors(kind, withAdoption(kind, bindAll(provider))))),
    configure: async (req: pulumi.dynamic.ConfigureRequest) => {
      configureFromStack(req.config);
    },
  };
}

/** The key under which the engine keeps a dynamic resource's serialized provider. */
const PROVIDER_KEY = "__provider";

/**
 * The provider with the serialized provider (`__provider`) kept in the properties of a failure that reports what
 * it did (a partial create or update): the engine stores those properties as the object's state, and Pulumi's
 * dynamic-provider host adds `__provider` to successful results only, so without it the next refresh or destroy
 * could not load the provider ("code must be a string") and a destroy after a failed `up` would fail.
 */
function keepingSerializedProvider(provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const keep = async <T>(from: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      const properties = (e as { properties?: unknown } | null)?.properties;
      if (properties !== null && typeof properties === "object" && !(PROVIDER_KEY in properties) && typeof from?.[PROVIDER_KEY] === "string") {
        (properties as Record<string, unknown>)[PROVIDER_KEY] = from[PROVIDER_KEY];
      }
      throw e;
    }
  };
  const p = provider;
  return {
    ...p,
    ...(p.create ? { create: (inputs: Record<string, unknown>) => keep(inputs, () => p.create!(inputs)) } : {}),
    ...(p.update ? { update: (id: string, olds: Record<string, unknown>, news: Record<string, unknown>) => keep(news, () => p.update!(id, olds, news)) } : {}),
  };
}

/** Copies the provider's methods bound to it, so spreading keeps `this` working for object-literal providers. */
function bindAll(provider: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const out: Record<string, unknown> = {};
  for (const key of ["check", "diff", "create", "read", "update", "delete"] as const) {
    const fn = provider[key] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof fn === "function") out[key] = fn.bind(provider);
  }
  return out as unknown as pulumi.dynamic.ResourceProvider;
}
