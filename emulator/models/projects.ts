import { z } from "zod";
import type { projectRequest } from "../schemas/projects";
import { baseFields, iso, type BaseRec, type ModelContext } from "./records";
import { cancelForDeletion } from "./services";
import { assertNameFree } from "./uniqueness";
import { environmentsOf, servicesOf } from "./queries";
import { base, str } from "./record-forms";
import { slice } from "./slice";

/** A project of the organization. */
export interface ProjectRec extends BaseRec {
  organization_id: string;
  name: string;
  description: string | undefined;
}

/** The projects of the state (see `slice.ts`). */
export const projectSlice = slice<ProjectRec>().keyed("projects", z.looseObject({ ...base, organization_id: str, name: str, description: str.nullish() }));

/** What a project is created or edited with. */
export type ProjectInput = z.output<typeof projectRequest>;

function assertFreeName(m: ModelContext, name: string, self?: string): void {
  assertNameFree(projectSlice.of(m.world.store).values(), name, "case-insensitive", "project", "this organization", self);
}

/** Creates a project of the organization. */
export function createProject(m: ModelContext, orgId: string, input: ProjectInput): ProjectRec {
  assertFreeName(m, input.name);
  const p: ProjectRec = { ...baseFields(m.now), organization_id: orgId, name: input.name, description: input.description ?? undefined };
  projectSlice.of(m.world.store).set(p.id, p);
  return p;
}

/** Renames a project and sets its description when given (null clears it). */
export function editProject(m: ModelContext, p: ProjectRec, input: ProjectInput): void {
  assertFreeName(m, input.name, p.id);
  p.name = input.name;
  if (input.description !== undefined) p.description = input.description ?? undefined;
  p.updated_at = iso(m.now);
}

/** Deletes a project with its environments and their services (their running actions cancelled first). */
export function deleteProject(m: ModelContext, p: ProjectRec): void {
  const store = m.world.store;
  for (const env of environmentsOf(store, p.id)) for (const svc of servicesOf(store, env.id)) cancelForDeletion(m, svc);
  store.removeProject(p.id);
}
