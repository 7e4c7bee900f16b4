import { apiTokenRoutes } from "./api-tokens";
import { applicationRoutes } from "./applications";
import { clusterAccessRoutes } from "./cluster-access";
import { cloudCredentialsRoutes } from "./cloud-credentials";
import { cloudRegionRoutes } from "./cloud-regions";
import { clusterActionRoutes } from "./cluster-actions";
import { clusterCatalogueRoutes } from "./cluster-catalogue";
import { clusterExtraRoutes } from "./cluster-extras";
import { clusterSettingsRoutes } from "./cluster-settings";
import { clusterRoutes } from "./clusters";
import { containerRegistryRoutes } from "./container-registries";
import { containerRoutes } from "./containers";
import { customDomainRoutes } from "./custom-domains";
import { customRoleRoutes } from "./custom-roles";
import { databaseRoutes } from "./databases";
import { deploymentRestrictionRoutes } from "./deployment-restrictions";
import { deploymentRuleRoutes } from "./deployment-rules";
import { environmentRoutes } from "./environments";
import { environmentCheckRoutes } from "./environment-checks";
import { environmentHistoryV2Route, environmentLogsRoute } from "./environment-history-v2";
import { environmentOverviewRoutes } from "./environment-overview";
import { environmentServiceRoutes } from "./environment-services";
import { gitRepositoryRoutes } from "./git-repositories";
import { gitTokenRoutes } from "./git-tokens";
import { groupRoutes } from "./groups";
import { helmRepositoryRoutes } from "./helm-repositories";
import { helmRoutes } from "./helms";
import { jobRoutes } from "./jobs";
import { linkRoutes } from "./links";
import { memberRoutes } from "./members";
import { organizationRoutes } from "./organization";
import { organizationExtraRoutes } from "./organization-extras";
import { projectRoutes } from "./projects";
import { serviceExtraRoutes } from "./service-extras";
import { stageRoutes } from "./stages";
import { terraformRoutes } from "./terraforms";
import type { Route } from "./types";
import { webhookRoutes } from "./webhooks";
import { variableApiRoutes } from "./variable-api";
import { ownerValueRoutes } from "./variables";

/** Every API operation the emulator serves. */
export const allRoutes: Route[] = [
  ...organizationRoutes, ...projectRoutes, ...environmentRoutes, ...applicationRoutes, ...databaseRoutes, ...containerRoutes,
  ...jobRoutes, ...helmRoutes, ...helmRepositoryRoutes, ...terraformRoutes, ...containerRegistryRoutes, ...gitTokenRoutes, ...webhookRoutes, ...stageRoutes, ...clusterRoutes, ...cloudCredentialsRoutes,
  ...clusterActionRoutes, ...clusterSettingsRoutes, ...clusterCatalogueRoutes,
  ...groupRoutes, ...customDomainRoutes, ...deploymentRestrictionRoutes, ...deploymentRuleRoutes, ...linkRoutes,
  ...ownerValueRoutes, ...variableApiRoutes,
  ...memberRoutes, ...apiTokenRoutes, ...customRoleRoutes, ...clusterAccessRoutes,
  ...environmentOverviewRoutes,
  ...environmentServiceRoutes,
  ...serviceExtraRoutes,
  ...cloudRegionRoutes,
  ...clusterExtraRoutes,
  ...environmentCheckRoutes,
  ...organizationExtraRoutes,
  ...gitRepositoryRoutes,
  environmentHistoryV2Route, environmentLogsRoute,
];
