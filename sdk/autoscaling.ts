/**
 * The autoscaling policy of a long-running service (an application, a container): KEDA scalers, each with its type,
 * role and configuration and an optional trigger authentication. Sent as `autoscaling` in the service's create and
 * edit requests, answered as `autoscaling` of its record.
 */
import { z } from "zod";
import { maybe, openEnum, record } from "./schema";

/** Autoscaling modes (the reference's `AutoscalingMode`): KEDA only. */
export const AUTOSCALING_MODES = ["KEDA"] as const;
/** Roles of a KEDA scaler (`KedaScalerRole`): the scaler that drives the count, or one that guards it. */
export const KEDA_SCALER_ROLES = ["PRIMARY", "SAFETY"] as const;

/** The intervals KEDA uses when a policy leaves them out (the emulator applies them too). */
export const AUTOSCALING_DEFAULTS = { polling_interval_seconds: 30, cooldown_period_seconds: 300 } as const;

/** A trigger authentication in a request: its name and, optionally, the raw KEDA TriggerAuthentication YAML (a credential). */
export const KedaTriggerAuthenticationRequest = z.looseObject({ name: z.string().min(1), config_yaml: z.string().optional() });

/** A scaler in a request: `config_json` and `config_yaml` are two spellings of its configuration. */
export const KedaScalerRequest = z.looseObject({
  scaler_type: z.string().min(1),
  enabled: z.boolean().optional(),
  role: z.enum(KEDA_SCALER_ROLES),
  config_json: z.record(z.string(), z.unknown()).optional(),
  config_yaml: z.string().optional(),
  trigger_authentication: KedaTriggerAuthenticationRequest.optional(),
});

/** The `autoscaling` of a create or edit request: at least one scaler. */
export const AutoscalingPolicyRequest = z.looseObject({
  mode: z.enum(AUTOSCALING_MODES),
  polling_interval_seconds: z.number().int().optional(),
  cooldown_period_seconds: z.number().int().optional(),
  scalers: z.array(KedaScalerRequest).min(1),
});
/** The `autoscaling` of a create or edit request. */
export type AutoscalingPolicyRequest = z.input<typeof AutoscalingPolicyRequest>;

/** A trigger authentication as answered (its id and dates read loosely: only the policy's are needed). */
export const KedaTriggerAuthentication = z.looseObject({
  id: maybe(z.string()),
  organization_id: maybe(z.string()),
  name: z.string(),
  config_yaml: maybe(z.string()),
});

/** A scaler as answered (its id and dates read loosely: each edit of the policy gives new ones). */
export const KedaScaler = z.looseObject({
  id: maybe(z.string()),
  scaler_type: z.string(),
  enabled: z.boolean(),
  role: openEnum(KEDA_SCALER_ROLES),
  config_json: maybe(z.record(z.string(), z.unknown())),
  config_yaml: maybe(z.string()),
  trigger_authentication: maybe(KedaTriggerAuthentication),
});
/** A scaler as answered. */
export type KedaScaler = z.infer<typeof KedaScaler>;

/** The autoscaling policy of a service as answered (`AutoscalingPolicyResponse`). */
export const AutoscalingPolicy = record({
  service_id: maybe(z.string()),
  mode: openEnum(AUTOSCALING_MODES),
  polling_interval_seconds: maybe(z.number()),
  cooldown_period_seconds: maybe(z.number()),
  scalers: z.array(KedaScaler),
});
/** The autoscaling policy of a service as answered. */
export type AutoscalingPolicy = z.infer<typeof AutoscalingPolicy>;
