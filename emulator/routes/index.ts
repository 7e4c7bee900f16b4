import { advancedSettingsRoutes } from "./advanced-settings";
import { applicationRoutes } from "./applications";
import { clusterRoutes } from "./clusters";
import { databaseRoutes } from "./databases";
import { environmentRoutes } from "./environments";
import { gitTokenRoutes } from "./git-tokens";
import { groupRoutes } from "./groups";
import { onPremiseRoutes } from "./on-premise";
import { organizationRoutes } from "./organization";
import { projectRoutes } from "./projects";
import { stageRoutes } from "./stages";
import type { Route } from "./types";
import { variableRoutes } from "./variables";
import { webhookRoutes } from "./webhooks";

/** Every API operation the emulator serves. */
export const allRoutes: Route[] = [
  ...organizationRoutes, ...projectRoutes, ...environmentRoutes, ...applicationRoutes, ...advancedSettingsRoutes,
  ...variableRoutes, ...databaseRoutes, ...gitTokenRoutes, ...webhookRoutes, ...stageRoutes, ...clusterRoutes,
  ...onPremiseRoutes, ...groupRoutes,
];
