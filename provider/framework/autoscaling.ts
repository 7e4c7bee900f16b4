/**
 * The `autoscaling` input of the long-running service kinds (Application, Container): a KEDA policy, its Args users
 * read, its schema with the checks made before any call, and its mapping to and from the service's `autoscaling`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { AUTOSCALING_DEFAULTS, AUTOSCALING_MODES, AutoscalingPolicy, KEDA_SCALER_ROLES, type AutoscalingPolicyRequest } from "../../sdk";
import { plain } from "./common";
import { field } from "./fields";
import { nameInput } from "./rules";
import { isUnknown } from "./unknowns";
import { fromWire, toWire } from "./wire";

/** Longest polling interval and cooldown accepted, in seconds: one day (the API sets no bound; a guard against slips). */
export const MAX_AUTOSCALING_SECONDS = 86_400;
/** Most scalers in one policy (the API sets no bound; a guard against runaway lists). */
export const MAX_SCALERS = 32;

/** The KEDA TriggerAuthentication a scaler uses (wire: `trigger_authentication`). */
export interface TriggerAuthenticationArgs {
  /** Its name, 1 to 255 characters, not only whitespace. Wire: `name`. */
  name: pulumi.Input<string>;
  /**
   * Raw KEDA TriggerAuthentication YAML; it usually holds credentials, so the whole `autoscaling` input is stored as
   * a Pulumi secret. Default: none. Wire: `config_yaml`.
   */
  configYaml?: pulumi.Input<string>;
}

/** One KEDA scaler (a KEDA trigger). Give its configuration as `configJson` or as `configYaml`, not both. */
export interface ScalerArgs {
  /**
   * The KEDA trigger type, e.g. `cpu`, `memory`, `prometheus`, `aws-sqs-queue`: lowercase letters, digits and `-`,
   * starting with a letter. Wire: `scaler_type`.
   */
  scalerType: pulumi.Input<string>;
  /** Whether the scaler is used. Default: `true`. Wire: `enabled`. */
  enabled?: pulumi.Input<boolean>;
  /** `PRIMARY` (drives the instance count) or `SAFETY` (a guard). Default: `PRIMARY`. Wire: `role`. */
  role?: pulumi.Input<"PRIMARY" | "SAFETY">;
  /** The trigger's configuration as an object (sent as is, keys not renamed). Default: none. Wire: `config_json`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON object; `unknown` values defeat ArgsMatch
  configJson?: pulumi.Input<Record<string, any>>;
  /** The trigger's configuration as KEDA YAML, not empty. Default: none. Wire: `config_yaml`. */
  configYaml?: pulumi.Input<string>;
  /** The TriggerAuthentication the trigger uses. Default: none. Wire: `trigger_authentication`. */
  triggerAuthentication?: pulumi.Input<TriggerAuthenticationArgs>;
}

/**
 * The autoscaling policy of a long-running service (wire: `autoscaling`, a KEDA policy). Stored as a Pulumi secret
 * (trigger authentications carry credentials). Leaving `autoscaling` out keeps whatever policy the service has: the API
 * offers no call that removes one.
 */
export interface AutoscalingArgs {
  /** `KEDA`, the only mode. Default: `KEDA`. Wire: `mode`. */
  mode?: pulumi.Input<"KEDA">;
  /** Seconds between two checks of the triggers, 1 to 86400. Default: `30` (KEDA's). Wire: `polling_interval_seconds`. */
  pollingIntervalSeconds?: pulumi.Input<number>;
  /**
   * Seconds after the last active trigger before scaling back down, 0 to 86400. Default: `300` (KEDA's).
   * Wire: `cooldown_period_seconds`.
   */
  cooldownPeriodSeconds?: pulumi.Input<number>;
  /** The scalers, 1 to 32; each `scalerType` with the same `role` at most once. Wire: `scalers`. */
  scalers: pulumi.Input<pulumi.Input<ScalerArgs>[]>;
}

const seconds = (min: number) => z.number().int().min(min).max(MAX_AUTOSCALING_SECONDS);

/** A KEDA trigger type: lowercase letters, digits and `-`, starting with a letter. */
const scalerType = z.string().superRefine((v, ctx) => {
  if (isUnknown(v) || /^[a-z][a-z0-9-]*$/.test(v)) return;
  ctx.addIssue({ code: "custom", message: `expected a KEDA trigger type (lowercase letters, digits and '-', e.g. "cpu" or "aws-sqs-queue")` });
});

const triggerAuthenticationSchema = z.strictObject({
  name: nameInput(255),
  configYaml: z.string().min(1).optional(),
});

const scalerSchema = z
  .strictObject({
    scalerType,
    enabled: z.boolean().default(true),
    role: z.enum(KEDA_SCALER_ROLES).default("PRIMARY"),
    configJson: z.record(z.string(), z.unknown()).optional(),
    configYaml: z.string().min(1).optional(),
    triggerAuthentication: triggerAuthenticationSchema.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.configJson !== undefined && s.configYaml !== undefined) {
      ctx.addIssue({ code: "custom", path: ["configYaml"], message: "expected configJson or configYaml, not both (two spellings of the trigger's configuration)" });
    }
  });

/** A KEDA policy, with KEDA's defaults; checked whole before any call. */
export const autoscalingSchema = z
  .strictObject({
    mode: z.enum(AUTOSCALING_MODES).default("KEDA"),
    pollingIntervalSeconds: seconds(1).default(AUTOSCALING_DEFAULTS.polling_interval_seconds),
    cooldownPeriodSeconds: seconds(0).default(AUTOSCALING_DEFAULTS.cooldown_period_seconds),
    scalers: z.array(scalerSchema).min(1).max(MAX_SCALERS),
  })
  .superRefine((a, ctx) => {
    const seen = new Map<string, number>();
    a.scalers.forEach((s, i) => {
      if (isUnknown(s.scalerType)) return;
      const key = `${s.role} ${s.scalerType}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({ code: "custom", path: ["scalers", i, "scalerType"], message: `expected each scalerType once per role, got the ${s.role} one of scalers[${first}] again` });
      } else seen.set(key, i);
    });
  });

/** The `autoscaling` policy after validation (defaults applied). */
export type AutoscalingInputs = z.output<typeof autoscalingSchema>;

/** The schema field `autoscaling` of the long-running kinds: optional, stored as a Pulumi secret. */
export const autoscalingFields = {
  autoscaling: field(autoscalingSchema.optional(), { secret: true }),
};

/** The service's `autoscaling` request for a policy (the service's spellings, derived from the schema; `config_json` sent as given). */
export function autoscalingToWire(a: AutoscalingInputs): AutoscalingPolicyRequest {
  return plain(toWire(autoscalingSchema, a)) as AutoscalingPolicyRequest;
}

/**
 * A service's `autoscaling` answer in input form (KEDA's defaults where absent; ids and dates dropped), or undefined
 * when the service has no policy (or answers one this version cannot read).
 */
export function autoscalingFromWire(answer: unknown): AutoscalingInputs | undefined {
  if (answer === null || answer === undefined || !AutoscalingPolicy.safeParse(answer).success) return undefined;
  return plain(fromWire(autoscalingSchema, answer)) as AutoscalingInputs;
}
