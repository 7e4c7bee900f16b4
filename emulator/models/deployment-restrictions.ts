/**
 * Deployment restrictions of applications, jobs, Helm and Terraform services: paths of the service's repository that
 * decide whether a push deploys it (`MATCH`: only when a file under one changes; `EXCLUDE`: not when only files under
 * them change). The emulator models no git push, so it keeps them and answers them; nothing it deploys reads them.
 *
 * - `value`: a `PATH` is relative to the repository (the reference: it "must not start with `/`"), 400 otherwise.
 * - Uniqueness: two restrictions of one service with the same mode, type and value are a 409 (the reference's
 *   "a deployment restriction with same properties already exists"), on create and on edit.
 * - Deleting the service deletes its restrictions (`Store.removeService`).
 */
import { z } from "zod";
import { badRequest, conflict, notFound } from "../server/errors";
import type { deploymentRestrictionRequest } from "../schemas/deployment-restrictions";
import { baseFields, createFrom, replaceFrom, type BaseRec, type ModelContext, type RequestWriter } from "./records";
import { base, str } from "./record-forms";
import { slice } from "./slice";

/** A deployment restriction of a service. */
export interface DeploymentRestrictionRec extends BaseRec {
  /** The application, job, Helm or Terraform service it restricts. */
  service_id: string;
  mode: "EXCLUDE" | "MATCH";
  type: "PATH";
  value: string;
}

/** The deploymentRestrictions of the state (see `slice.ts`). */
export const deploymentRestrictionSlice = slice<DeploymentRestrictionRec>().keyed("deploymentRestrictions", z.looseObject({
  ...base, service_id: str, mode: z.enum(["EXCLUDE", "MATCH"]), type: z.literal("PATH"), value: str,
}));

type Input = z.output<typeof deploymentRestrictionRequest>;

/** The restrictions of a service, oldest first. */
export function restrictionsOf(m: ModelContext, serviceId: string): DeploymentRestrictionRec[] {
  return [...deploymentRestrictionSlice.of(m.world.store).values()].filter((r) => r.service_id === serviceId);
}

/** The restriction `id` of the service, or 404. */
export function restrictionOf(m: ModelContext, serviceId: string, id: string): DeploymentRestrictionRec {
  const r = deploymentRestrictionSlice.of(m.world.store).get(id);
  if (r === undefined || r.service_id !== serviceId) throw notFound("deployment restriction", id);
  return r;
}

function writer(serviceId: string): RequestWriter<DeploymentRestrictionRec, Input> {
  return {
    check: (m, b, self) => {
      if (b.value.startsWith("/")) throw badRequest("value", `a PATH restriction is relative to the repository: expected no leading '/', got '${b.value}'`);
      const same = restrictionsOf(m, serviceId).find((r) => r.id !== self && r.mode === b.mode && r.type === b.type && r.value === b.value);
      if (same !== undefined) throw conflict(`a deployment restriction ${b.mode} ${b.type} '${b.value}' already exists for this service (${same.id})`);
    },
    apply: (r, b) => {
      r.mode = b.mode;
      r.type = b.type;
      r.value = b.value;
    },
  };
}

/** Adds a deployment restriction to a service. */
export function createRestriction(m: ModelContext, serviceId: string, b: Input): DeploymentRestrictionRec {
  return createFrom(m, writer(serviceId), deploymentRestrictionSlice.of(m.world.store), b, (): DeploymentRestrictionRec => ({
    ...baseFields(m.now), service_id: serviceId, mode: b.mode, type: b.type, value: b.value,
  }));
}

/** Replaces a deployment restriction with a full request. */
export function editRestriction(m: ModelContext, r: DeploymentRestrictionRec, b: Input): void {
  replaceFrom(m, writer(r.service_id), r, b);
}

/** Deletes a deployment restriction. */
export function deleteRestriction(m: ModelContext, r: DeploymentRestrictionRec): void {
  deploymentRestrictionSlice.of(m.world.store).delete(r.id);
}
