/**
 * What the families the service deploys (environments, databases, applications) share besides their records'
 * endpoints: the deployment status and the deploy-type actions, which the service answers with 202.
 */
import type { z } from "zod";
import type { RequestCore } from "./core";
import { Records, withSpec, type CollectionSpec, type Ids, type KeyedRecord, type KeyedRequest, type KeyedSpec } from "./crud";
import { under, type ApiPath } from "./path";
import { ActionResult } from "./status";

/** The body of an action that takes one, and its schema. */
export interface ActionBody {
  body: unknown;
  requestSchema: z.ZodType;
}

/**
 * POSTs a deploy-type action (`deploy`, `stop`, `redeploy`, `restart-service`); the service answers 202 with a
 * Status or a deployment record. Never sent twice after a lost answer (an action has no `recover`).
 */
export function action(core: RequestCore, path: ApiPath, body?: ActionBody): Promise<ActionResult> {
  return core.call({ method: "POST", path, response: ActionResult, ...body });
}

/** The paths and schemas of a deployable family; `status` is the schema of its status record. */
export type DeployablesSpec<P extends Ids, I extends Ids, R extends z.ZodType, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType> =
  CollectionSpec<P, I, R, C, E> & { status: S };

/** Records with a deployment status and deploy, stop and redeploy (each under the record's path). */
export class Deployables<P extends Ids, I extends Ids, R extends z.ZodType<{ id: string }>, C extends z.ZodType, E extends z.ZodType, S extends z.ZodType>
  extends Records<P, I, R, C, E> {
  private readonly statusRecord: S;

  /** @param core the client's request core; @param spec the family's paths and schemas, `status` its status record. */
  constructor(core: RequestCore, spec: DeployablesSpec<P, I, R, C, E, S>) {
    super(core, spec);
    this.statusRecord = spec.status;
  }

  /** Reads the deployment status. */
  status(...id: I): Promise<z.output<S>> {
    return this.core.call({ method: "GET", path: this.at(id, "status"), response: this.statusRecord }) as Promise<z.output<S>>;
  }

  /** Deploys. */
  deploy(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "deploy"));
  }

  /** Stops. */
  stop(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "stop"));
  }

  /** Redeploys. */
  redeploy(...id: I): Promise<ActionResult> {
    return action(this.core, this.at(id, "redeploy"));
  }

  /** The path of `segment` under the record: `/database/{id}/deploy`. */
  private at(id: I, segment: string): ApiPath {
    return under(() => this.spec.item(...id), segment);
  }
}

/** The base class of a deployable family: records' endpoints, status, deploy, stop and redeploy. */
export function deployables<P extends Ids, I extends Ids, K extends string, R extends KeyedRecord<K>, C extends KeyedRequest<K>, E extends z.ZodType, S extends z.ZodType>(
  spec: KeyedSpec<P, I, K, R, C, E> & { status: S },
): new (core: RequestCore) => Deployables<P, I, R, C, E, S> {
  return withSpec(Deployables<P, I, R, C, E, S>, spec);
}
