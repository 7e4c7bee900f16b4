import { childCalls, defineResource, type Props } from "../../framework/define";
import { serviceObjectClass, type ServiceComputed } from "../../framework/resource";
import { scopedValueGroups } from "../../framework/scoped-values";
import type { ValueOwner } from "../../framework/service-values";
import { HOST_OUTPUTS, type ServiceHostsComputed } from "../../service-kinds/hosts";
import { serviceFromWire, serviceImpliedOutputs, serviceOutputNames, serviceParts } from "../../service-kinds/parts";
import { isRecord, withRuntimeChoices } from "../../service-kinds/shape";
import { helmSchema, type HelmArgs, type HelmInputs } from "./schema";
import { helmSecretValues, valuesOverrideFromWire, valuesOverrideToWire, type HelmRecord } from "./values-wire";

export { helmSchema };
export type {
  HelmArgs, HelmPortArgs, HelmRepositorySourceArgs, HelmSecretValuesOverrideArgs, HelmServiceSelectorArgs, HelmSourceArgs, HelmValuesFilesArgs,
  HelmValuesOverrideArgs,
} from "./schema";

/** What the service says of a Helm chart beyond its inputs: outputs of a {@link Helm}. */
export interface HelmComputed extends ServiceComputed, ServiceHostsComputed {
  /** Name of the chart's repository, for a chart of a Helm repository. */
  repositoryName?: string;
  /** URL of the chart's repository, for a chart of a Helm repository. */
  repositoryUrl?: string;
}

/** The chart as an owner of variables (scope HELM): the service keeps them through `/variable` only. */
const owner: ValueOwner = { noun: "helm", scope: "HELM", groups: scopedValueGroups("HELM") };

/**
 * The desired inputs with what the service chose where the program left a value out, taken from the stored state:
 * each port's name, external port and default flag (matched by internal port), the deployment stage, the git
 * branch of a git source (same URL) and the preview flag.
 */
function withServiceChoices(news: Props, olds: Props): Props {
  const out: Props = withRuntimeChoices(news, olds);
  const git = isRecord(news["source"]) ? news["source"]["git"] : undefined;
  const oldGit = isRecord(olds["source"]) ? olds["source"]["git"] : undefined;
  if (isRecord(git) && isRecord(oldGit) && git["branch"] === undefined && git["url"] === oldGit["url"]) {
    out["source"] = { ...(news["source"] as Props), git: { ...git, branch: oldGit["branch"] } };
  }
  if (news["autoPreview"] === undefined) out["autoPreview"] = olds["autoPreview"];
  return out;
}

/** The chart's repository, as the service names it: the definition's outputs and its lookup's. */
export const helmRepositoryOutputs = (record: HelmRecord) => ({
  repositoryName: record.source?.repository?.repository?.name ?? undefined,
  repositoryUrl: record.source?.repository?.repository?.url ?? undefined,
});

/** The Helm family: a chart from a repository or git, with its values, variables, stage, advanced settings and deployment. */
export const helm = defineResource({
  kind: "Helm",
  noun: "helm",
  schema: helmSchema,
  outputNames: [...serviceOutputNames, ...HOST_OUTPUTS, "repositoryName", "repositoryUrl"],
  impliedOutputs: serviceImpliedOutputs,
  outputs: helmRepositoryOutputs,
  toWire: (inputs, _purpose, { secret_values_override: _inValues, ...derived }) => ({ ...derived, values_override: valuesOverrideToWire(inputs) }),
  fromWire: (record: HelmRecord, previous, derived) => ({ ...serviceFromWire(record, previous, derived), ...valuesOverrideFromWire(record, previous) }),
  fillServiceChoices: withServiceChoices,
  parts: serviceParts<HelmInputs, HelmRecord>("helm", owner, { secretValues: helmSecretValues }),
  calls: childCalls((client) => client.helms, "environmentId"),
});

/** The dynamic provider of {@link Helm}. */
export const helmProvider = helm.provider;

/**
 * A Helm chart deployed into an environment: a chart of a {@link HelmRepository} (name and version) or a chart's
 * directory in a git repository, with values overriding the chart's (`--set` pairs, values files from git, inline
 * YAML; `secretValuesOverride` for the secret ones, a Pulumi secret), extra `helm` arguments, ports exposed through
 * the service's ingress, variables and secrets, a deployment stage and advanced settings. With `deploy: true` a
 * change (values included) redeploys the chart and waits for it.
 *
 * @example
 * const nginx = new Helm("ingress", {
 *   environmentId: env.id, name: "ingress",
 *   source: { repository: { repositoryId: repo.id, chartName: "ingress-nginx", chartVersion: "4.12.1" } },
 *   valuesOverride: { inline: "controller:\n  replicaCount: 2\n" },
 *   secretValuesOverride: { set: { "auth.password": config.requireSecret("ingressPassword") } },
 *   deploy: true,
 * });
 *
 * @class
 */
export const Helm = serviceObjectClass<HelmArgs, typeof helmSchema, HelmComputed>(helm);
/** {@link Helm} as a type: its outputs are every input as stored and what the service computes. */
export type Helm = InstanceType<typeof Helm>;
