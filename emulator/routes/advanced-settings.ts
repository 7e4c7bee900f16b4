import { advancedSettingsOf, editAdvancedSettings } from "../models/advanced-settings";
import { advancedSettingsRequest, advancedSettingsResponse } from "../schemas/advanced-settings";
import { needApplication } from "./lookup";
import { route, type Route } from "./types";

/** Advanced settings of an application: GET answers all 47 keys; PUT merges the given keys (201). */
export const advancedSettingsRoutes: Route[] = [
  route({
    method: "GET", path: "/application/{applicationId}/advancedSettings", status: 200, summary: "All advanced settings, defaults included",
    response: advancedSettingsResponse,
    handler: (ctx) => advancedSettingsOf(needApplication(ctx)),
  }),
  route({
    method: "PUT", path: "/application/{applicationId}/advancedSettings", status: 201, summary: "Edit advanced settings (merge)",
    request: advancedSettingsRequest, response: advancedSettingsResponse,
    handler: (ctx) => {
      const a = needApplication(ctx);
      editAdvancedSettings(ctx, a, ctx.body as Record<string, unknown>);
      return advancedSettingsOf(a);
    },
  }),
];
