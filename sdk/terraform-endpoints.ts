/**
 * The endpoint group of Terraform services (`client.terraforms`): records, deploy, redeploy, uninstall, the status
 * (the service has no status read of one Terraform service: it is read from its environment's statuses by stage),
 * advanced settings, the versions offered, the resources of the last apply, commits and deployment history.
 */
import { z } from "zod";
import { TerraformAdvancedSettingsRequest } from "./advanced-settings";
import { CloneServiceRequest, cloneAt } from "./clones";
import { records } from "./crud";
import { action, readAdvancedSettings, writeAdvancedSettings } from "./deployables";
import { EnvironmentStatusesWithStages } from "./environments";
import { NotFoundError } from "./errors";
import { path, under } from "./path";
import { SERVICE_KINDS } from "./service-kinds";
import { ActionResult, Status } from "./status";
import {
  Terraform, TerraformCommit, TerraformDeployment, TerraformDeployRequest, TerraformRequest, TerraformResource, TerraformVersion,
} from "./terraforms";

const item = (terraformId: string) => SERVICE_KINDS.terraform.item(terraformId);
const at = (terraformId: string, segment: string) => under(() => item(terraformId), segment);

/** Options of {@link TerraformsApi.uninstall}. */
export interface TerraformUninstallOptions {
  /** Keep what the module made: the service forgets it without running `destroy` (`force_terraform_action=SKIP_DESTROY`). */
  skipDestroy?: boolean;
}

/**
 * Endpoints of Terraform services. A create or an edit takes the whole {@link TerraformRequest} (the service's PUT
 * replaces); `provider_version.explicit_version` must be one of {@link TerraformsApi.availableVersions}.
 */
export class TerraformsApi extends records({
  what: "terraform service", naturalKey: "name", record: Terraform, createRequest: TerraformRequest, editRequest: TerraformRequest,
  list: (environmentId: string) => path`/environment/${environmentId}/terraform`,
  item,
}) {
  /** The environment of each Terraform service whose status was read (its status is read through it). */
  private readonly environmentOf = new Map<string, string>();

  /** Starts a plan and apply (of `git_commit_id`, or the branch head; or only `action`). Follow it with `waitForService("terraform", id)`. */
  deploy(terraformId: string, request?: TerraformDeployRequest): Promise<ActionResult> {
    const body = request && Object.keys(request).length > 0 ? { body: request, requestSchema: TerraformDeployRequest } : undefined;
    return action(this.core, at(terraformId, "deploy"), body);
  }

  /** Copies the Terraform service (its settings and variables, new ids) into `environment_id` under `name`; answers 202 with the copy. */
  clone(terraformId: string, request: CloneServiceRequest): Promise<Terraform> {
    return cloneAt(this.core, () => item(terraformId), request, CloneServiceRequest, Terraform);
  }

  /** Runs the service's current configuration again. */
  redeploy(terraformId: string): Promise<ActionResult> {
    return action(this.core, at(terraformId, "redeploy"));
  }

  /** Destroys what the module made (or, with `skipDestroy`, forgets it) and keeps the service's configuration. */
  uninstall(terraformId: string, options: TerraformUninstallOptions = {}): Promise<ActionResult | undefined> {
    return this.core.call({
      method: "POST", path: at(terraformId, "uninstall"), body: {}, response: ActionResult, bodyOptional: true,
      ...(options.skipDestroy ? { query: { force_terraform_action: "SKIP_DESTROY" } } : {}),
    });
  }

  /**
   * Reads the deployment status, from its environment's statuses by stage (the service has no status read of one
   * Terraform service); the environment is read from the record once per client.
   * @throws NotFoundError when no stage lists the service.
   */
  async status(terraformId: string): Promise<Status> {
    let environmentId = this.environmentOf.get(terraformId);
    if (environmentId === undefined) {
      environmentId = (await this.get(terraformId)).environment?.id ?? "";
      this.environmentOf.set(terraformId, environmentId);
    }
    const where = path`/environment/${environmentId}/statusesWithStages`;
    const answer = await this.core.call({ method: "GET", path: where, response: EnvironmentStatusesWithStages });
    const found = (answer.stages ?? []).flatMap((stage) => stage.terraforms ?? []).find((s) => s.id === terraformId);
    if (found === undefined) {
      throw new NotFoundError(`GET ${where}: no stage lists terraform service ${terraformId}`, { method: "GET", path: where, status: 404 });
    }
    return found;
  }

  /** The versions of each engine the service runs (`GET /terraform/availableVersion`): what `explicit_version` may name. */
  availableVersions(): Promise<TerraformVersion[]> {
    return this.core.list(path`/terraform/availableVersion`, TerraformVersion);
  }

  /** The resources the last apply reported (empty before the first apply). */
  resources(terraformId: string): Promise<TerraformResource[]> {
    return this.core.list(at(terraformId, "terraformResources"), TerraformResource);
  }

  /** The last commits of the module's repository, newest first. */
  commits(terraformId: string): Promise<TerraformCommit[]> {
    return this.core.list(at(terraformId, "commit"), TerraformCommit);
  }

  /** The service's last deployments, newest first (`pageSize` of them, the service's default 20). */
  deploymentHistory(terraformId: string, pageSize?: number): Promise<TerraformDeployment[]> {
    return this.core.list(at(terraformId, "deploymentHistoryV2"), TerraformDeployment, pageSize === undefined ? {} : { pageSize: String(pageSize) });
  }

  /** Reads every advanced setting (the service answers with all keys, defaults included). */
  getAdvancedSettings(terraformId: string): Promise<Record<string, unknown>> {
    return readAdvancedSettings(this.core, at(terraformId, "advancedSettings"));
  }

  /** Sets advanced settings (keys of {@link TERRAFORM_ADVANCED_SETTINGS}, checked; only the keys given are sent). */
  updateAdvancedSettings(terraformId: string, settings: z.input<typeof TerraformAdvancedSettingsRequest>): Promise<Record<string, unknown>> {
    return writeAdvancedSettings(this.core, at(terraformId, "advancedSettings"), settings, TerraformAdvancedSettingsRequest);
  }

  /** The advanced settings a new Terraform service has (`GET /defaultTerraformAdvancedSettings`). */
  defaultAdvancedSettings(): Promise<Record<string, unknown>> {
    return readAdvancedSettings(this.core, path`/defaultTerraformAdvancedSettings`);
  }
}
