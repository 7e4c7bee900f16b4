/**
 * The advanced settings of a service kind (application, container, job) as a resource: one factory, so each kind's
 * resource is a short definition naming its kind, its id input and its sdk group; and the same settings as the
 * inline `advancedSettings` input of a service (a schema field and a part). What both share (check, comparison,
 * apply) is in `advanced-settings-values.ts`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
  SERVICE_KINDS,
  type AdvancedSettingKey,
  type AdvancedSettingsCatalogue,
  type AdvancedSettingsInputOf,
  type AdvancedSettingsOf,
  type AdvancedSettingsKind,
  type AdvancedSettingsOwner,
  type DeployServiceClient,
  advancedSettingDefaultOf,
  isAdvancedSettingKeyOf,
} from "../../sdk";
import { apiClient } from "../framework/credentials";
import type { Part } from "../framework/define";
import { diffInputs } from "../framework/diff";
import { field } from "../framework/fields";
import { describeFailure, ignoreGone, readOrGone } from "../framework/errors";
import { customResourceArgs, DeployServiceResource, type CustomResourceArgs } from "../framework/shim";
import { registerCompletion } from "../framework/stored-form";
import { isUnknown } from "../framework/unknowns";
import {
  applySettings, changedSettingKeysOf, checkAdvancedSettings, compactSettingsOf, effectiveOf, expandedSettingsOf, hasStatus,
  isFullSettingsForm, managedValues, sameSettingsOf, settingsChange,
  settingsOf, settingsProblems, closeKeysOf, withExpandedEffectiveSettings, type AdvancedSettingsCalls, type AdvancedSettingsDefinition, type Settings,
} from "./advanced-settings-values";

export {
  changedSettingKeysOf, closeKeysOf, type AdvancedSettingsCalls, type AdvancedSettingsDefinition,
} from "./advanced-settings-values";

/**
 * The advanced-settings resource of each service kind, one line each: the `<Type>` of its type token, the input
 * naming the service, and the settings type users read (named in messages). The kind's catalogue and its sdk group
 * (`client.applications`) follow from the kind.
 */
const SETTINGS_RESOURCES: Readonly<Record<AdvancedSettingsKind, Pick<AdvancedSettingsDefinition, "kind" | "idKey" | "typeName">>> = {
  application: { kind: "ApplicationAdvancedSettings", idKey: "applicationId", typeName: "AdvancedSettings" },
  container: { kind: "ContainerAdvancedSettings", idKey: "containerId", typeName: "ContainerAdvancedSettingsInput" },
  job: { kind: "JobAdvancedSettings", idKey: "jobId", typeName: "JobAdvancedSettingsInput" },
  terraform: { kind: "TerraformServiceAdvancedSettings", idKey: "terraformServiceId", typeName: "TerraformServiceAdvancedSettingsInput" },
  helm: { kind: "HelmAdvancedSettings", idKey: "helmId", typeName: "HelmAdvancedSettingsInput" },
};

/** The sdk calls of a kind's advanced settings: its endpoint group (`client.jobs`). */
export function settingsCallsOf(kind: AdvancedSettingsKind): (client: DeployServiceClient) => AdvancedSettingsCalls {
  const group = SERVICE_KINDS[kind].group;
  return (client) => client[group] as AdvancedSettingsCalls;
}

/** The advanced-settings resource of the service kind `serviceKind`, from its line of the table. */
export function advancedSettingsDefinition(serviceKind: AdvancedSettingsKind): AdvancedSettingsDefinition {
  return { ...SETTINGS_RESOURCES[serviceKind], serviceKind, group: settingsCallsOf(serviceKind) };
}

/**
 * Up to `limit` valid application keys close to an unknown one: by edit distance on the whole key, or sharing its
 * last segment (`proxy_body_size_mb` written under the wrong prefix), or containing what was written.
 */
export function closeKeys(written: string, limit = 3): AdvancedSettingKey[] {
  return closeKeysOf("application", written, limit) as AdvancedSettingKey[];
}

/** The application settings keys whose desired value differs from the stored one (or is not known yet), removed keys included. */
export function changedSettingKeys(olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return changedSettingKeysOf("application", olds, news);
}

/**
 * The dynamic provider of a kind's advanced settings. Only the keys written in `settings` are managed: compared
 * (both sides normalised), read back, and put back to the service's defaults when removed or on destroy. The
 * resource's id is the service's id.
 */
export function advancedSettingsProvider(def: AdvancedSettingsDefinition): pulumi.dynamic.ResourceProvider {
  const kind = def.serviceKind;
  const idKey = def.idKey;

  const apply = (props: Settings, serviceId: string, body: Settings, action: string): Promise<Settings> =>
    applySettings(def.group(apiClient(), props), kind, serviceId, body, action);
  const parentOf = (props: Settings): Settings => (def.parentKey ? { [def.parentKey]: props[def.parentKey] } : {});

  // The state keeps the effective settings off the catalogue's defaults; a refresh of a state written before that
  // keeps its full form, so that a refresh after an upgrade changes nothing.
  const outputs = (props: Settings, serviceId: string, known: Settings, reported: Settings, fullForm = false): Settings => ({
    [idKey]: serviceId,
    ...parentOf(props),
    settings: managedValues(kind, known, reported),
    effectiveSettings: fullForm ? effectiveOf(kind, reported) : compactSettingsOf(kind, effectiveOf(kind, reported)),
  });

  const serviceIdOf = (id: string, props: Settings) => (typeof props[idKey] === "string" ? (props[idKey] as string) : id);

  return {
    async check(_olds: Settings, news: Settings): Promise<pulumi.dynamic.CheckResult> {
      return checkAdvancedSettings(def, news);
    },

    async diff(_id: string, olds: Settings, news: Settings): Promise<pulumi.dynamic.DiffResult> {
      const ids = def.parentKey ? [idKey, def.parentKey] : [idKey];
      const base = diffInputs(olds, news, { keys: ids, replaceOn: ids });
      if (base.replaces && base.replaces.length > 0) return base;
      const settingsChanged =
        isUnknown(news["settings"]) || changedSettingKeysOf(kind, settingsOf(olds["settings"]), settingsOf(news["settings"])).length > 0;
      return { changes: base.changes === true || settingsChanged };
    },

    async create(inputs: Settings): Promise<pulumi.dynamic.CreateResult> {
      const serviceId = String(inputs[idKey]);
      const settings = settingsOf(inputs["settings"]);
      const reported = await apply(inputs, serviceId, settings, `setting advanced settings of ${kind} ${serviceId}`);
      return { id: serviceId, outs: outputs(inputs, serviceId, settings, reported) };
    },

    async read(id: string, props: Settings): Promise<pulumi.dynamic.ReadResult> {
      const serviceId = serviceIdOf(id, props);
      const managed = settingsOf(props["settings"]);
      let reported: unknown;
      try {
        reported = await readOrGone(() => def.group(apiClient(), props).getAdvancedSettings(serviceId));
      } catch (e) {
        // readOrGone already turned a refused token into its own error (no status); the service's others get context.
        throw hasStatus(e) ? describeFailure(e, `reading advanced settings of ${kind} ${serviceId}`) : e;
      }
      if (reported === undefined) return { id: "" };
      const outs = outputs(props, serviceId, managed, settingsOf(reported), isFullSettingsForm(kind, props["effectiveSettings"]));
      return { id, props: outs, inputs: { [idKey]: serviceId, ...parentOf(props), settings: outs["settings"] } };
    },

    async update(_id: string, olds: Settings, news: Settings): Promise<pulumi.dynamic.UpdateResult> {
      const serviceId = String(news[idKey]);
      const oldSettings = settingsOf(olds["settings"]);
      const newSettings = settingsOf(news["settings"]);
      const body = await withServiceDefaults(def, settingsChange(kind, oldSettings, newSettings), newSettings);
      const reported = await apply(news, serviceId, body, `updating advanced settings of ${kind} ${serviceId}`);
      return { outs: outputs(news, serviceId, newSettings, reported) };
    },

    async delete(id: string, props: Settings): Promise<void> {
      const serviceId = serviceIdOf(id, props);
      const body: Settings = {};
      for (const key of Object.keys(settingsOf(props["settings"]))) {
        if (isAdvancedSettingKeyOf(kind, key)) body[key] = advancedSettingDefaultOf(kind, key);
      }
      if (Object.keys(body).length === 0) return;
      try {
        const reset = await withServiceDefaults(def, body, {});
        await ignoreGone(() => def.group(apiClient(), props).updateAdvancedSettings(serviceId, reset as never));
      } catch (e) {
        throw describeFailure(e, `resetting advanced settings of ${kind} ${serviceId} to their defaults`);
      }
    },
  };
}

/**
 * `body` with the keys not in `kept` (the ones put back) at the service's own defaults, when the definition reads
 * them (a cluster's `GET /defaultClusterAdvancedSettings`); unchanged otherwise or when there are none to put back.
 */
async function withServiceDefaults(def: AdvancedSettingsDefinition, body: Settings, kept: Settings): Promise<Settings> {
  const reset = Object.keys(body).filter((key) => !(key in kept));
  if (def.defaults === undefined || reset.length === 0) return body;
  const defaults = await def.defaults(apiClient());
  return { ...body, ...Object.fromEntries(reset.filter((key) => key in defaults).map((key) => [key, defaults[key]])) };
}

/** The settings of a catalogue `C` as a program gives them: every key optional, each value possibly a Pulumi input. */
export type AdvancedSettingsInputsOf<C extends AdvancedSettingsCatalogue> = {
  [K in keyof AdvancedSettingsInputOf<C>]?: pulumi.Input<Exclude<AdvancedSettingsInputOf<C>[K], undefined>>;
};

/** The `settings` input of a kind's advanced-settings resource (catalogue `C`); the kind's Args add its id input. */
export interface AdvancedSettingsArgs<C extends AdvancedSettingsCatalogue> {
  /**
   * The settings to manage, keyed exactly as the service spells them, flat (`"network.ingress.proxy_body_size_mb"`).
   * Only these keys are set, compared and read back; the others keep whatever the service has. A key removed from
   * this object is put back to the service's default. `{}` manages nothing and only reports `effectiveSettings`.
   */
  settings: pulumi.Input<AdvancedSettingsInputsOf<C>>;
}

/**
 * Base class of a kind's advanced-settings resource (catalogue `C`): its inputs (the definition's id input and
 * `settings`) and the `effectiveSettings` output slot go to the engine. The kind's class adds its id output and Args.
 */
export abstract class AdvancedSettingsResource<C extends AdvancedSettingsCatalogue> extends DeployServiceResource {
  /** The managed keys with the values the service holds for them. */
  declare readonly settings: pulumi.Output<AdvancedSettingsInputOf<C>>;
  /**
   * Every advanced setting of the service as the service reported it after the last apply or refresh. The state
   * keeps the keys whose value is not the catalogue's default; the resource puts the defaults back, so a program
   * reads every key (`pulumi stack export` shows the stored keys only).
   */
  declare readonly effectiveSettings: pulumi.Output<AdvancedSettingsOf<C>>;

}

/**
 * A kind's advanced-settings resource class, constructed with Args `A` (catalogue `C`): each input of `A` but
 * `settings` (the ids: `containerId`, a cluster's `organizationId` and `clusterId`) is also an output, a string.
 */
export type AdvancedSettingsClass<C extends AdvancedSettingsCatalogue, A extends AdvancedSettingsArgs<C>> = new (
  name: string, args: A, opts?: pulumi.CustomResourceOptions,
) => AdvancedSettingsResource<C> & { readonly [K in Exclude<keyof A, "settings">]-?: pulumi.Output<string> };

/**
 * The resource class of a kind's advanced settings, made from its definition (or its line of the table). The kind's
 * file exports it as `export const XAdvancedSettings = advancedSettingsClass<...>("x")` with its TSDoc and `@class`,
 * and `export type XAdvancedSettings = InstanceType<typeof XAdvancedSettings>`. Programs construct this class itself,
 * never a subclass of it: the Pulumi SDK records the program's line as the source position by expecting exactly one
 * constructor between `CustomResource` and the program.
 */
export function advancedSettingsClass<C extends AdvancedSettingsCatalogue, A extends AdvancedSettingsArgs<C>>(
  of: AdvancedSettingsKind | AdvancedSettingsDefinition,
): AdvancedSettingsClass<C, A> {
  const definition = typeof of === "string" ? advancedSettingsDefinition(of) : of;
  const resource = class extends AdvancedSettingsResource<C> {
    /**
     * @param name The unique name of the resource in the program.
     * @param args The service (or cluster) and the settings to manage.
     * @param opts Options of the resource.
     */
    constructor(name: string, args: A, opts?: pulumi.CustomResourceOptions) {
      super(...advancedSettingsResourceArgs(definition, name, args, opts));
      expandEffectiveSettings(this, definition.serviceKind);
    }
  };
  Object.defineProperty(resource, "name", { value: definition.kind });
  return resource as unknown as AdvancedSettingsClass<C, A>;
}

/** Replaces a resource's `effectiveSettings` output (what the state keeps) by the whole settings (catalogue defaults put back). */
function expandEffectiveSettings(resource: AdvancedSettingsResource<AdvancedSettingsCatalogue>, kind: AdvancedSettingsOwner): void {
  const stored = resource.effectiveSettings as pulumi.Output<Settings | undefined>;
  Object.defineProperty(resource, "effectiveSettings", {
    value: stored.apply((s) => (s === undefined ? s : expandedSettingsOf(kind, s))),
    enumerable: true,
  });
}

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The dynamic provider of a kind's advanced-settings resource (one per kind, made on first use). */
export function advancedSettingsProviderOf(of: AdvancedSettingsKind | AdvancedSettingsDefinition): pulumi.dynamic.ResourceProvider {
  const definition = typeof of === "string" ? advancedSettingsDefinition(of) : of;
  let provider = providers.get(definition.kind);
  if (provider === undefined) {
    providers.set(definition.kind, (provider = advancedSettingsProvider(definition)));
    // Its state keeps `effectiveSettings` short; a client reading the state itself gets it whole (stored-form.ts).
    registerCompletion(definition.kind, (outs) => withExpandedEffectiveSettings(definition.serviceKind, outs));
  }
  return provider;
}

/**
 * The constructor arguments of a kind's advanced-settings resource (pass them on: `super(...advancedSettingsResourceArgs(
 * definition, name, args, opts))`): the definition's id input and `settings`, and the `effectiveSettings` output slot.
 */
export function advancedSettingsResourceArgs(
  def: AdvancedSettingsDefinition, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined,
): CustomResourceArgs {
  const inputs = args as Record<string, unknown>;
  const parent = def.parentKey ? { [def.parentKey]: inputs[def.parentKey] } : {};
  return customResourceArgs(def.kind, name, { [def.idKey]: inputs[def.idKey], ...parent, settings: inputs["settings"], effectiveSettings: undefined }, opts);
}

/**
 * The `advancedSettings` input of a service kind (catalogue `C`): the same settings as the kind's
 * advanced-settings resource, set inline on the service.
 */
export interface InlineAdvancedSettingsArgs<C extends AdvancedSettingsCatalogue> {
  /**
   * Advanced settings of the service, keyed exactly as the service spells them, flat
   * (`"network.ingress.proxy_body_size_mb"`): the keys of the kind's advanced-settings resource
   * (`ApplicationAdvancedSettings`, `ContainerAdvancedSettings`, `JobAdvancedSettings`). Only the keys written are
   * managed: each is type- and range-checked at preview, compared after normalisation (`"60"` and `60` are the
   * same), read back on refresh, and a key removed is put back to the service's default. They are applied before
   * the service's deployment, so the first deployment already runs with them, and with `deploy: true` a change
   * redeploys the service. Manage each key in one place only: here, or in the kind's advanced-settings resource
   * (whose changes do not redeploy). Default: none (the service's settings are left as they are).
   * Wire: `PUT /<kind>/{id}/advancedSettings`.
   */
  advancedSettings?: pulumi.Input<AdvancedSettingsInputsOf<C>>;
}

/**
 * The schema field `advancedSettings` of a service kind: an object of the kind's settings, checked at preview by
 * the same rules as the kind's advanced-settings resource (a failure names `advancedSettings["<key>"]`), compared
 * with {@link sameSettingsOf}, never in the service's body ({@link advancedSettingsPart} sets it).
 * The settings type named when an unknown key has no close valid name is the one of the kind's line of the table.
 */
export function advancedSettingsField<C extends AdvancedSettingsCatalogue>(kind: AdvancedSettingsKind) {
  const typeName = SETTINGS_RESOURCES[kind].typeName;
  const settings = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    for (const p of settingsProblems(kind, typeName, value)) {
      ctx.addIssue({ code: "custom", path: p.index === undefined ? [p.key] : [p.key, p.index], message: p.reason });
    }
  });
  const typed = settings.optional() as unknown as z.ZodOptional<z.ZodType<AdvancedSettingsInputOf<C>, AdvancedSettingsInputOf<C>>>;
  return field(typed, { wire: false, same: (a, b) => sameSettingsOf(kind, a, b) });
}

/**
 * The part of a service that is its inline `advancedSettings`: on create (when set) and on each update that
 * changed them, the changed keys are sent (removed keys with their defaults), and the managed keys are read back
 * as the service holds them; on refresh the managed keys are read again, so a change made outside shows as drift.
 * Put it before the deploy part: the deployment then runs with the settings.
 */
export function advancedSettingsPart<I extends { advancedSettings?: unknown }, R>(kind: AdvancedSettingsKind): Part<I, R> {
  const group = settingsCallsOf(kind);
  return {
    action: "setting advanced settings",
    keys: ["advancedSettings"] as Array<keyof I & string>,
    // Removing the input (or a key of it) is a change too: the keys it managed go back to their defaults.
    applyOnUpdate: (changed) => changed.has("advancedSettings"),
    async apply({ client, id, inputs, previous }) {
      const wanted = inputs.advancedSettings === undefined ? undefined : settingsOf(inputs.advancedSettings);
      const body = settingsChange(kind, settingsOf(previous["advancedSettings"]), wanted ?? {});
      if (Object.keys(body).length === 0) return { inputs: { advancedSettings: wanted } };
      const reported = await applySettings(group(client), kind, id, body, `setting advanced settings of ${kind} ${id}`);
      return { inputs: { advancedSettings: wanted === undefined ? undefined : managedValues(kind, wanted, reported) } };
    },
    async read({ client, id, previous }) {
      const managed = settingsOf(previous["advancedSettings"]);
      if (Object.keys(managed).length === 0) return {};
      const reported = settingsOf(await group(client).getAdvancedSettings(id));
      return { inputs: { advancedSettings: managedValues(kind, managed, reported) } };
    },
  };
}
