/**
 * Every slice of the state, one line per family, in the order the data file lists them: the state's type, a fresh
 * state's empty collections and the check of a data file's records all come from this list (see `state.ts`). A family
 * declares its slice, with the form of its records, in its own model; a service kind's is on its entry of the
 * service-kind table.
 */
import { cloudCredentialsSlice } from "./cloud-credentials";
import { clusterSlice } from "./clusters";
import { registrySlice } from "./container-registries";
import { customDomainSlice } from "./custom-domains";
import { customRoleSlice } from "./custom-roles";
import { deploymentRestrictionSlice } from "./deployment-restrictions";
import { projectRuleSlice } from "./deployment-rules";
import { environmentRuleSlice } from "./environment-rules";
import { environmentSlice } from "./environments";
import { gitTokenSlice } from "./git-tokens";
import { helmRepositorySlice } from "./helm-repositories";
import { annotationsGroupSlice, labelsGroupSlice } from "./groups";
import { invitationSlice } from "./invitations";
import { clusterCredentialsSlice } from "./kubeconfig";
import { logSlice } from "./logs";
import { memberSlice } from "./members";
import { onPremiseSlice, organizationSlice, tokenSlice } from "./organization";
import { projectSlice } from "./projects";
import { SERVICE_KINDS } from "./service-kinds";
import { stageSlice } from "./stages";
import { variableSlice } from "./variables";
import { webhookSlice } from "./webhooks";

/** The slices, in the data file's order. */
export const SLICES = [
  organizationSlice, clusterSlice, tokenSlice,
  projectSlice,
  environmentSlice,
  ...SERVICE_KINDS.map((k) => k.slice),
  variableSlice,
  gitTokenSlice,
  registrySlice,
  webhookSlice,
  stageSlice,
  logSlice,
  onPremiseSlice,
  annotationsGroupSlice,
  labelsGroupSlice,
  customDomainSlice,
  memberSlice,
  invitationSlice,
  customRoleSlice,
  clusterCredentialsSlice,
  cloudCredentialsSlice,
  helmRepositorySlice,
  deploymentRestrictionSlice,
  projectRuleSlice,
  environmentRuleSlice,
] as const;
