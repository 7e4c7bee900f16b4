import type { z } from "zod";
import type { autoscalingRequest, autoscalingResponse } from "../schemas/autoscaling";
import { baseFields, iso, type ModelContext } from "./records";
import type { organizationSlice } from "./organization";
import { read } from "./slice";

/** An autoscaling policy as stored and answered. */
export type AutoscalingRec = z.output<typeof autoscalingResponse>;

/** KEDA's defaults, used when the request leaves them out. */
const DEFAULT_POLLING_INTERVAL_SECONDS = 30;
const DEFAULT_COOLDOWN_PERIOD_SECONDS = 300;

/**
 * The policy a request sets on a service, replacing any previous one (whose id and creation date it keeps):
 * KEDA's defaults for the intervals, scalers enabled unless told, new ids for scalers and trigger authentications.
 */
export function buildAutoscaling(
  m: ModelContext, serviceId: string, b: z.output<typeof autoscalingRequest>, previous: AutoscalingRec | undefined,
): AutoscalingRec {
  const base = previous ? { id: previous.id, created_at: previous.created_at, updated_at: iso(m.now) } : baseFields(m.now);
  const orgId = read<typeof organizationSlice>(m.world.store, "organization").id;
  return {
    ...base, service_id: serviceId, mode: b.mode,
    polling_interval_seconds: b.polling_interval_seconds ?? DEFAULT_POLLING_INTERVAL_SECONDS,
    cooldown_period_seconds: b.cooldown_period_seconds ?? DEFAULT_COOLDOWN_PERIOD_SECONDS,
    scalers: b.scalers.map((s) => {
      const scaler: AutoscalingRec["scalers"][number] = {
        ...baseFields(m.now), scaler_type: s.scaler_type, enabled: s.enabled ?? true, role: s.role,
        config_json: s.config_json ?? null, config_yaml: s.config_yaml ?? null,
      };
      const t = s.trigger_authentication;
      if (t) {
        scaler.trigger_authentication = {
          ...baseFields(m.now), organization_id: orgId, name: t.name, ...(t.config_yaml === undefined ? {} : { config_yaml: t.config_yaml }),
        };
      }
      return scaler;
    }),
  };
}
