import { ADVANCED_SETTINGS_DEFAULTS, advancedSettingsOf, editAdvancedSettings, type SettingsKind, type WithAdvancedSettings } from "../models/advanced-settings";
import { advancedSettingsSchemas } from "../schemas/advanced-settings";
import { route, type Route, type RouteContext } from "./types";

/**
 * Advanced settings of a kind of service: `/<kind>/{<kind>Id}/advancedSettings` (GET answers every key of the kind,
 * defaults included; PUT merges the given keys, refusing a key the kind does not have, and answers 201) and
 * `/default<Kind>AdvancedSettings` (the defaults).
 */
export function advancedSettingsRoutes<R extends WithAdvancedSettings>(kind: SettingsKind, find: (ctx: RouteContext) => R): Route[] {
  const { request, response } = advancedSettingsSchemas(Object.keys(ADVANCED_SETTINGS_DEFAULTS[kind]), kind);
  const path = `/${kind}/{${kind}Id}/advancedSettings`;
  const label = kind.charAt(0).toUpperCase() + kind.slice(1);
  return [
    route({
      method: "GET", path, status: 200, access: "read", summary: `All advanced settings of the ${kind}, defaults included`, response,
      handler: (ctx) => advancedSettingsOf(kind, find(ctx)),
    }),
    route({
      method: "PUT", path, status: 201, access: "write", summary: `Edit advanced settings of the ${kind} (merge)`, request, response,
      handler: (ctx) => {
        const rec = find(ctx);
        editAdvancedSettings(ctx, rec, ctx.body as Record<string, unknown>);
        return advancedSettingsOf(kind, rec);
      },
    }),
    route({
      method: "GET", path: `/default${label}AdvancedSettings`, status: 200, access: "read", summary: `Default advanced settings of ${kind}s`, response,
      handler: () => ({ ...ADVANCED_SETTINGS_DEFAULTS[kind] }),
    }),
  ];
}
