import type * as pulumi from "@pulumi/pulumi";
import { restrictionFields } from "../../service-kinds/restrictions";
import type { RestrictedServiceArgs } from "../../service-kinds/restrictions";
import { z } from "zod";
import {
  HELM_DEFAULTS, HELM_PORT_PROTOCOLS, helmChartNameProblem, helmChartVersionProblem, helmValuesYamlProblem, type HELM_ADVANCED_SETTINGS,
} from "../../../sdk";
import { argsSchema } from "../../framework/args";
import { field } from "../../framework/fields";
import { idInput, MAX_PORT, nameInput, ruledInput } from "../../framework/rules";
import { refineValues, type ServiceValuesArgs } from "../../framework/service-values";
import { isUnknown } from "../../framework/unknowns";
import type { AdoptableArgs } from "../../framework/adoption";
import { advancedSettingsField, type InlineAdvancedSettingsArgs } from "../../service-kinds/advanced-settings";
import type { DeployArgs } from "../../service-kinds/deploy";
import { serviceFields, type ServiceArgs } from "../../service-kinds/shape";
import { gitRepositorySchema } from "../application/schema";
import type { GitRepositoryArgs } from "../application/index";

/** A chart of a {@link HelmRepository}. */
export interface HelmRepositorySourceArgs {
  /** Id of the `HelmRepository`. Wire: `source.helm_repository.repository` (answered as `source.repository.repository.id`). */
  repositoryId: pulumi.Input<string>;
  /** Chart name in the repository: lower-case letters and digits, words separated by `-`, `_` or `.`. Wire: `chart_name`. */
  chartName: pulumi.Input<string>;
  /** Chart version: SemVer (`4.12.1`) or a SemVer constraint (`^4.12`, `>=4.0.0 <5.0.0`). Wire: `chart_version`. */
  chartVersion: pulumi.Input<string>;
}

/** Where the chart comes from: exactly one of `repository` and `git`. Changed in place. */
export interface HelmSourceArgs {
  /** A chart of a Helm repository. Wire: `source.helm_repository`. */
  repository?: pulumi.Input<HelmRepositorySourceArgs>;
  /** A chart's directory in a git repository (`rootPath`; `gitTokenId` for a private one). Wire: `source.git_repository`. */
  git?: pulumi.Input<GitRepositoryArgs>;
}

/** Values files of a git repository. */
export interface HelmValuesFilesArgs {
  /** The repository holding the files. Wire: `git_repository`. */
  gitRepository: pulumi.Input<GitRepositoryArgs>;
  /** Paths of the files in it, each starting with `/`. Wire: `paths`. */
  paths: pulumi.Input<pulumi.Input<string>[]>;
}

/** Values overriding the chart's, as `helm` takes them (plain: stored as given; secret ones go in {@link HelmArgs.secretValuesOverride}). */
export interface HelmValuesOverrideArgs {
  /** `--set key=value` pairs. Wire: `values_override.set` (`[[key, value], ...]`). */
  set?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** `--set-string key=value` pairs. Wire: `values_override.set_string`. */
  setString?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** `--set-json key=json` pairs. Wire: `values_override.set_json`. */
  setJson?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Values files of a git repository. Wire: `values_override.file.git`. */
  files?: pulumi.Input<HelmValuesFilesArgs>;
  /** Inline values: a YAML mapping, checked at preview (a problem names its line). Wire: `values_override.file.raw.values` (`values.yaml`). */
  inline?: pulumi.Input<string>;
}

/** Values overriding the chart's that are secrets: stored as a Pulumi secret, never quoted in a message. */
export interface HelmSecretValuesOverrideArgs {
  /** `--set key=value` pairs of secrets. Wire: appended to `values_override.set`. */
  set?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Inline secret values: a YAML mapping, checked at preview. Wire: `values_override.file.raw.values` (`secret-values.yaml`). */
  inline?: pulumi.Input<string>;
}

/** A port of one of the chart's Kubernetes services, exposed through the service's ingress. */
export interface HelmPortArgs {
  /** Port the chart's service listens on (1-65535). Wire: `internal_port`. */
  internalPort: pulumi.Input<number>;
  /** Port exposed outside (1-65535). Default: chosen by the service. Wire: `external_port`. */
  externalPort?: pulumi.Input<number>;
  /** Port name. Wire: `name`. */
  name?: pulumi.Input<string>;
  /** Namespace of the chart's service. Default: the environment's. Wire: `namespace`. */
  namespace?: pulumi.Input<string>;
  /** `HTTP` or `GRPC`. Default: `HTTP`. Wire: `protocol`. */
  protocol?: pulumi.Input<"HTTP" | "GRPC">;
  /** The port custom domains use. Wire: `is_default`. */
  isDefault?: pulumi.Input<boolean>;
  /** Name of the chart's Kubernetes service (or give `serviceSelectors`). Wire: `service_name`. */
  serviceName?: pulumi.Input<string>;
  /** Label selectors of the chart's Kubernetes service (or give `serviceName`). Wire: `service_selectors`. */
  serviceSelectors?: pulumi.Input<pulumi.Input<HelmServiceSelectorArgs>[]>;
}

/** A label selector of a chart's Kubernetes service. */
export interface HelmServiceSelectorArgs {
  /** Label key (`app.kubernetes.io/name`). Wire: `key`. */
  key: pulumi.Input<string>;
  /** Label value. Wire: `value`. */
  value: pulumi.Input<string>;
}

/** Inputs of a {@link Helm}. */
export interface HelmArgs
  extends AdoptableArgs, ServiceValuesArgs, DeployArgs, RestrictedServiceArgs, InlineAdvancedSettingsArgs<typeof HELM_ADVANCED_SETTINGS>,
  Pick<ServiceArgs, "environmentId" | "name" | "deploymentStageId" | "readBuiltInVariables"> {
  /** Free text. Default: `""`. Wire: `description`. */
  description?: pulumi.Input<string>;
  /** Where the chart comes from: exactly one of `repository` and `git`. Wire: `source`. */
  source: pulumi.Input<HelmSourceArgs>;
  /** Values overriding the chart's (stored as given). A change redeploys with `deploy: true`. Wire: `values_override`. */
  valuesOverride?: pulumi.Input<HelmValuesOverrideArgs>;
  /** Values overriding the chart's that are secrets (a Pulumi secret). Wire: `values_override` (`set`, `file.raw`). */
  secretValuesOverride?: pulumi.Input<HelmSecretValuesOverrideArgs>;
  /** Extra arguments of `helm` (`["--wait"]`). Default: none. Wire: `arguments`. */
  arguments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Let the chart create objects outside its namespace (needs special rights). Default: `false`. Wire: `allow_cluster_wide_resources`. */
  allowClusterWideResources?: pulumi.Input<boolean>;
  /** Seconds `helm` may run before the deployment fails (0 or more). Default: `600`. Wire: `timeout_sec`. */
  timeoutSeconds?: pulumi.Input<number>;
  /** Redeploy when the chart's source moves (a new commit of its branch). Default: `false`. Wire: `auto_deploy`. */
  autoDeploy?: pulumi.Input<boolean>;
  /** Clone the chart into preview environments. Default: the environment's. Wire: `auto_preview`. */
  autoPreview?: pulumi.Input<boolean>;
  /** Ports of the chart's services exposed through the service's ingress. Default: none. Wire: `ports`. */
  ports?: pulumi.Input<pulumi.Input<HelmPortArgs>[]>;
}

/** The file names the inline values are sent under. */
export const INLINE_VALUES_FILE = "values.yaml";
/** The file name the secret inline values are sent under. */
export const SECRET_VALUES_FILE = "secret-values.yaml";

const pairs = z.record(z.string().min(1), z.string());
const yamlInput = ruledInput(helmValuesYamlProblem);

/** A chart of a Helm repository. */
const repositorySourceSchema = z.strictObject({
  repositoryId: field(idInput(), { wire: "repository", readAs: "repository.id" }),
  chartName: ruledInput(helmChartNameProblem),
  chartVersion: ruledInput(helmChartVersionProblem),
});

/** Where the chart comes from: exactly one of `repository` and `git`. */
const sourceSchema = z
  .strictObject({
    repository: field(repositorySourceSchema.optional(), { wire: "helm_repository", readAs: "repository" }),
    git: field(gitRepositorySchema.optional(), { wire: "git_repository", readAs: "git.git_repository" }),
  })
  .superRefine((s, ctx) => {
    if (isUnknown(s)) return;
    const given = (["repository", "git"] as const).filter((k) => s[k] !== undefined);
    if (given.length === 1) return;
    ctx.addIssue({
      code: "custom",
      message: given.length === 0
        ? "expected exactly one of repository (a chart of a HelmRepository) or git (a chart's directory in a git repository), got neither"
        : "expected exactly one of repository or git, got both",
    });
  });

/** A port of a chart's service: by its name or by its selectors. */
const portSchema = z
  .strictObject({
    internalPort: z.number().int().min(1).max(MAX_PORT),
    externalPort: z.number().int().min(1).max(MAX_PORT).optional(),
    name: nameInput().optional(),
    namespace: z.string().min(1).optional(),
    protocol: z.enum(HELM_PORT_PROTOCOLS).default(HELM_DEFAULTS.port_protocol),
    isDefault: z.boolean().optional(),
    serviceName: z.string().min(1).optional(),
    serviceSelectors: z.array(z.strictObject({ key: z.string().min(1), value: z.string() })).optional(),
  })
  .superRefine((p, ctx) => {
    if ((p.serviceName === undefined) === (p.serviceSelectors === undefined)) {
      ctx.addIssue({ code: "custom", path: ["serviceName"], message: "expected exactly one of serviceName or serviceSelectors" });
    }
  });

/** Validated Helm inputs: the single source of field names, types and defaults. */
export const helmSchema = argsSchema<HelmArgs>()(z
  .strictObject({
    environmentId: field(idInput(), { parent: "environment" }),
    name: nameInput(255),
    description: z.string().default(""),
    source: sourceSchema,
    valuesOverride: field(z.strictObject({
      set: pairs.default({}),
      setString: pairs.default({}),
      setJson: pairs.default({}),
      files: z.strictObject({
        gitRepository: gitRepositorySchema,
        paths: z.array(z.string().regex(/^\//, "expected a path starting with /")).min(1),
      }).optional(),
      inline: yamlInput.optional(),
    }).default({ set: {}, setString: {}, setJson: {} }), { wire: "values_override" }),
    // Sent inside `values_override` with the plain values (values-wire.ts); its own name only marks it as a body field.
    secretValuesOverride: field(z.strictObject({ set: pairs.default({}), inline: yamlInput.optional() }).default({ set: {} }), {
      wire: "secret_values_override", secret: true,
    }),
    arguments: z.array(z.string()).default([]),
    allowClusterWideResources: z.boolean().default(HELM_DEFAULTS.allow_cluster_wide_resources),
    timeoutSeconds: field(z.number().int().min(0).default(HELM_DEFAULTS.timeout_sec), { wire: "timeout_sec" }),
    autoDeploy: z.boolean().default(false),
    autoPreview: field(z.boolean().optional(), { computed: true }),
    ports: z.array(portSchema).default([]),
    // No labels or annotations groups: the reference's HelmRequest has none.
    ...serviceFields,
    ...restrictionFields,
    advancedSettings: advancedSettingsField<typeof HELM_ADVANCED_SETTINGS>("helm"),
  })
  .superRefine(refineValues));

/** Helm inputs after validation (defaults applied, git provider derived). */
export type HelmInputs = z.output<typeof helmSchema>;
