import type { SettingsKind, WithAdvancedSettings } from "../models/advanced-settings";
import type { AnyServiceKind, RecordOf } from "../models/service-kinds";
import type { z } from "zod";
import { advancedSettingsRoutes } from "./advanced-settings";
import { needServiceOf } from "./lookup";
import { logRoute, serviceRoutes, type ServiceRouteSpec } from "./service-routes";
import type { Route } from "./types";
import { serviceValueRoutes } from "./variables";

/** What a running kind (application, container, job) adds to its {@link ServiceRouteSpec}. */
export interface RunningServiceSpec {
  /** Its advanced-settings catalogue. */
  settings: SettingsKind;
  /** True when it answers `/<kind>/{id}/log` (a job does not). */
  logs: boolean;
}

/**
 * The routes of a kind that runs code: the routes every service has ({@link serviceRoutes}), its log, its advanced
 * settings and its variables and secrets, in that order.
 */
export function runningServiceRoutes<K extends AnyServiceKind, C extends z.ZodType, E extends z.ZodType>(
  kind: K, s: ServiceRouteSpec<RecordOf<K>, C, E> & RunningServiceSpec,
): Route[] {
  return [
    ...serviceRoutes(kind, s),
    ...(s.logs ? [logRoute(kind)] : []),
    ...advancedSettingsRoutes(s.settings, (ctx) => needServiceOf(ctx, kind) as RecordOf<K> & WithAdvancedSettings),
    ...serviceValueRoutes(kind),
  ];
}
