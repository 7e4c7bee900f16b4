import { iso } from "../store";
import { advancedSettingsRequest, advancedSettingsResponse, defaultAdvancedSettings } from "../schemas/advanced-settings";
import { needApplication } from "./lookup";
import { route, type Route } from "./types";

/** Advanced settings of an application: GET answers all 47 keys; PUT merges the given keys (201). */
export const advancedSettingsRoutes: Route[] = [
  route({
    method: "GET", path: "/application/{applicationId}/advancedSettings", status: 200, summary: "All advanced settings, defaults included",
    response: advancedSettingsResponse,
    handler: (ctx) => ({ ...defaultAdvancedSettings(), ...needApplication(ctx).advanced_settings }),
  }),
  route({
    method: "PUT", path: "/application/{applicationId}/advancedSettings", status: 201, summary: "Edit advanced settings (merge)",
    request: advancedSettingsRequest, response: advancedSettingsResponse,
    handler: (ctx) => {
      const a = needApplication(ctx);
      const given = ctx.body as Record<string, unknown>;
      for (const [k, v] of Object.entries(given)) if (v !== undefined) a.advanced_settings[k] = v;
      a.updated_at = iso(Math.max(ctx.now, Date.parse(a.updated_at) + 1));
      a.runtime.version += 1;
      return { ...defaultAdvancedSettings(), ...a.advanced_settings };
    },
  }),
];
