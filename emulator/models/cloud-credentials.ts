/**
 * Cloud credentials of the organization, of every cloud in one table (`cloudCredentials`): what a cluster is created
 * with. Each record keeps what the service shows again and, apart, its secrets, which no answer carries. Deleting a
 * set leaves the clusters using it in `INVALID_CREDENTIALS`.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { notFound } from "../server/errors";
import type { CredentialsParts } from "../schemas/cloud-credentials";
import { baseFields, touch, type BaseRec, type ModelContext } from "./records";
import { base, str } from "./record-forms";
import { slice, type StateHolder } from "./slice";

/** The clouds credentials are for (`ON_PREMISE`: an on-premise cluster's). */
export type CredentialsCloud = "AWS" | "GCP" | "SCW" | "AZURE" | "ON_PREMISE";

/** One set of cloud credentials. */
export interface CloudCredentialsRec extends BaseRec, CredentialsParts {
  organization_id: string;
  cloud: CredentialsCloud;
  name: string;
}

/** The cloud credentials of the state (see `slice.ts`). */
export const cloudCredentialsSlice = slice<CloudCredentialsRec>().keyed("cloudCredentials", z.looseObject({
  ...base, organization_id: str, cloud: z.enum(["AWS", "GCP", "SCW", "AZURE", "ON_PREMISE"]), name: str, object_type: str,
  shown: z.record(str, z.union([str, z.number()])), secrets: z.record(str, str),
}));

/** The fields the service makes itself for a cloud's credentials (Azure: the ids of its application in the tenant). */
function madeByService(cloud: CredentialsCloud): Record<string, string> {
  return cloud === "AZURE" ? { azure_application_id: randomUUID(), azure_application_object_id: randomUUID() } : {};
}

/** Creates a set of credentials of `cloud` from the parts of its request. */
export function createCredentials(m: ModelContext, orgId: string, cloud: CredentialsCloud, name: string, parts: CredentialsParts): CloudCredentialsRec {
  const rec: CloudCredentialsRec = {
    ...baseFields(m.now), organization_id: orgId, cloud, name, object_type: parts.object_type,
    shown: { ...parts.shown, ...madeByService(cloud) }, secrets: parts.secrets,
  };
  cloudCredentialsSlice.of(m.world.store).set(rec.id, rec);
  return rec;
}

/** Replaces a set's name, kind, shown fields and secrets (the service's own fields are kept). */
export function replaceCredentials(m: ModelContext, rec: CloudCredentialsRec, name: string, parts: CredentialsParts): void {
  const own = Object.fromEntries(Object.keys(madeByService(rec.cloud)).map((k) => [k, rec.shown[k] ?? randomUUID()]));
  rec.name = name;
  rec.object_type = parts.object_type;
  rec.shown = { ...parts.shown, ...own };
  rec.secrets = parts.secrets;
  touch(rec, m.now);
}

/** Deletes a set of credentials (the clusters using it then answer `INVALID_CREDENTIALS`). */
export function deleteCredentials(m: ModelContext, rec: CloudCredentialsRec): void {
  cloudCredentialsSlice.of(m.world.store).delete(rec.id);
}

/** The credentials of one cloud, in creation order. */
export function credentialsOfCloud(m: ModelContext, cloud: CredentialsCloud): CloudCredentialsRec[] {
  return [...cloudCredentialsSlice.of(m.world.store).values()].filter((c) => c.cloud === cloud);
}

/** A set of credentials of one cloud by id, or 404. */
export function needCredentials(m: ModelContext, cloud: CredentialsCloud, id: string): CloudCredentialsRec {
  const rec = cloudCredentialsSlice.of(m.world.store).get(id);
  if (!rec || rec.cloud !== cloud) throw notFound("credentials", id);
  return rec;
}

/** A set of credentials by id, whatever its cloud. */
export function credentialsById(m: ModelContext, id: string): CloudCredentialsRec | undefined {
  return cloudCredentialsSlice.of(m.world.store).get(id);
}

/** The wire form of a set: id, name, kind and its shown fields; never a secret. */
export function presentCredentials(rec: CloudCredentialsRec): Record<string, unknown> {
  return { id: rec.id, name: rec.name, object_type: rec.object_type, ...rec.shown };
}

/**
 * Moves the on-premise credentials of a data file of an older emulator (its `onPremiseCredentials`) into the one
 * table, keeping their ids; the old collection is left empty.
 */
export function adoptLegacyOnPremise(holder: StateHolder, createdAt: string): void {
  type Legacy = Map<string, { id: string; organization_id: string; name: string }>;
  const state = holder.state as { onPremiseCredentials?: Legacy; cloudCredentials?: Map<string, CloudCredentialsRec> };
  const old = state.onPremiseCredentials;
  if (!old || old.size === 0 || !state.cloudCredentials) return;
  for (const o of old.values()) {
    state.cloudCredentials.set(o.id, {
      id: o.id, created_at: createdAt, updated_at: createdAt, organization_id: o.organization_id, cloud: "ON_PREMISE",
      name: o.name, object_type: "OTHER", shown: {}, secrets: {},
    });
  }
  old.clear();
}
