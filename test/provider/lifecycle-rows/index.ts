/**
 * Rows of the lifecycle table kept beside it, one module per area (each exports `rows`). Add an area's module here.
 */
import type { LifecycleRow } from "../support/lifecycle-row";
import { rows as advancedSettingsRows } from "./advanced-settings";
import { rows as customDomainRows } from "./custom-domains";
import { rows as groupRows } from "./groups";
import { rows as variableRows } from "./variables";
import { rows as teamRows } from "./team";
import { rows as clusterRows } from "./clusters";
import { rows as terraformRows } from "./terraform";
import { rows as helmRows } from "./helm";
import { rows as environmentCloneRows } from "./environment-clones";
import { rows as restrictionRows } from "./restrictions";
import { rows as deploymentRuleRows } from "./deployment-rules";

export const extraLifecycleRows: LifecycleRow[] = [
  ...advancedSettingsRows, ...customDomainRows, ...groupRows, ...variableRows, ...teamRows, ...clusterRows, ...terraformRows, ...helmRows,
  ...environmentCloneRows, ...restrictionRows, ...deploymentRuleRows,
];
