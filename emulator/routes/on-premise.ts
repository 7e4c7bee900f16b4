import { createOnPremiseCredentials, renameOnPremiseCredentials, type OnPremiseCredentialsRec } from "../models/organization";
import { onPremiseRequest, onPremiseResponse } from "../schemas/organization";
import { orgCrudRoutes } from "./crud";
import type { Route } from "./types";

function present(_ctx: unknown, c: OnPremiseCredentialsRec): Record<string, unknown> {
  return { id: c.id, name: c.name, object_type: "OTHER" };
}

/** On-premise credentials of the organization: created by POST; an edit of an unknown id is a 404, never a create. */
export const onPremiseRoutes: Route[] = orgCrudRoutes({
  access: { read: "read", write: "write" },
  segment: "onPremise/credentials", idParam: "credentialsId", label: "on-premise credentials set",
  records: (ctx) => ctx.world.store.state.onPremiseCredentials, request: onPremiseRequest, response: onPremiseResponse,
  present, create: createOnPremiseCredentials, replace: renameOnPremiseCredentials,
});
