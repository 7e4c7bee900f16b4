import { z } from "zod";
import { baseResponse, nonEmpty } from "./common";

/** Autoscaling modes (KEDA only). */
export const AUTOSCALING_MODES = ["KEDA"] as const;
/** Roles of a KEDA scaler. */
export const SCALER_ROLES = ["PRIMARY", "SAFETY"] as const;

const int = z.number().int();
const configJson = z.record(z.string(), z.unknown());

const triggerAuthenticationRequest = z.object({ name: nonEmpty, config_yaml: z.string().optional() });

const scalerRequest = z.object({
  scaler_type: nonEmpty,
  enabled: z.boolean().optional(),
  role: z.enum(SCALER_ROLES),
  config_json: configJson.optional(),
  config_yaml: z.string().optional(),
  trigger_authentication: triggerAuthenticationRequest.optional(),
});

/** The autoscaling policy of a service (KEDA): at least one scaler. */
export const autoscalingRequest = z.object({
  mode: z.enum(AUTOSCALING_MODES),
  polling_interval_seconds: int.optional(),
  cooldown_period_seconds: int.optional(),
  scalers: z.array(scalerRequest).min(1, "expected at least one scaler"),
});

/** The autoscaling policy as answered: ids and dates on the policy, its scalers and their trigger authentication. */
export const autoscalingResponse = baseResponse.extend({
  service_id: z.string(),
  mode: z.enum(AUTOSCALING_MODES),
  polling_interval_seconds: int,
  cooldown_period_seconds: int,
  scalers: z.array(baseResponse.extend({
    scaler_type: z.string(),
    enabled: z.boolean(),
    role: z.enum(SCALER_ROLES),
    config_json: configJson.nullable(),
    config_yaml: z.string().nullable(),
    trigger_authentication: baseResponse.extend({
      organization_id: z.string(), name: z.string(), config_yaml: z.string().optional(),
    }).optional(),
  })),
});
