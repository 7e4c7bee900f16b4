/**
 * What the reference has on services beside their CRUD and actions: the newer deployment history of the kinds that
 * lacked it, commits and contributors, the network setting, a database's versions and the unlink of an
 * application, the Kubernetes services of a Helm release, a registry's images, a service's git webhook, and the
 * outbound IPs.
 */
import { z } from "zod";
import { serviceState } from "../deployments/clock";
import { catalogueId } from "../models/cloud-catalogue";
import { badRequest, notFound } from "../server/errors";
import { applicationKind } from "../models/applications";
import { containerKind } from "../models/containers";
import { databaseKind } from "../models/databases";
import { helmKind } from "../models/helms";
import { jobKind } from "../models/jobs";
import { ownerMember } from "../models/members";
import { databaseVersions, gitWebhookOf, networkOf, registryImages, setNetwork, unlinkApplication } from "../models/service-extras";
import { listOf } from "../schemas/common";
import { commitResponse } from "../schemas/deployment-history";
import { historyV2Route } from "./deployment-history-v2";
import { knownCommits } from "./deployment-history";
import { needOrgRecord, needService, needServiceOf } from "./lookup";
import { param, route, type Route } from "./types";

const network = z.object({ sticky_session: z.boolean().optional() });
const webhookStatus = z.object({ status: z.string(), provider: z.string() });

/** The IPs the emulator's deployments reach out from (documentation addresses: nothing leaves the machine). */
const OUTBOUND_IPS = ["192.0.2.10", "192.0.2.11", "198.51.100.10"];

/** The routes. */
export const serviceExtraRoutes: Route[] = [
  ...[applicationKind, containerKind, databaseKind, jobKind].map(historyV2Route),
  ...[applicationKind, jobKind].map((kind) => route({
    method: "GET", path: `/${kind.name}/{${kind.name}Id}/commit`, status: 200, access: "read", response: listOf(commitResponse),
    summary: `Commits of the ${kind.name}'s branch the emulator knows (those its deploys rolled out, newest first)`,
    query: z.object({ startId: z.string().optional(), gitCommitId: z.string().optional() }),
    handler: (ctx) => ({ results: knownCommits(needServiceOf(ctx, kind).runtime) }),
  })),
  route({
    method: "GET", path: "/application/{applicationId}/contributor", status: 200, access: "read",
    summary: "Contributors of the application: the organization's owner, who made every deploy of the emulator",
    response: listOf(z.object({ id: z.string(), created_at: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() })),
    handler: (ctx) => {
      needServiceOf(ctx, applicationKind);
      const o = ownerMember(ctx.world.store);
      const [first = o.name, ...rest] = o.name.split(" ");
      return { results: [{ id: o.id, created_at: o.created_at, updated_at: o.created_at, first_name: first, last_name: rest.join(" "), email: o.email }] };
    },
  }),
  ...[applicationKind, containerKind].flatMap((kind) => [
    route({
      method: "GET", path: `/${kind.name}/{${kind.name}Id}/network`, status: 200, access: "read", response: network,
      summary: `Network setting of the ${kind.name} (sticky sessions)`, handler: (ctx) => networkOf(needServiceOf(ctx, kind)),
    }),
    route({
      method: "PUT", path: `/${kind.name}/{${kind.name}Id}/network`, status: 201, access: "write", request: network, response: network,
      summary: `Set the ${kind.name}'s network setting`,
      handler: (ctx) => {
        const svc = needServiceOf(ctx, kind);
        setNetwork(ctx, svc, ctx.body as z.output<typeof network>);
        return networkOf(svc);
      },
    }),
  ]),
  route({
    method: "GET", path: "/database/{databaseId}/version", status: 200, access: "read", response: listOf(z.object({ name: z.string() })),
    summary: "Versions the database's type offers", handler: (ctx) => ({ results: databaseVersions(needServiceOf(ctx, databaseKind)).map((name) => ({ name })) }),
  }),
  route({
    method: "DELETE", path: "/database/{databaseId}/application/{targetApplicationId}", status: 204, access: "write",
    summary: "Unlink an application from the database: its variables holding the database's host go (404 when it holds none)",
    handler: (ctx) => unlinkApplication(ctx, needServiceOf(ctx, databaseKind), param(ctx, "targetApplicationId")),
  }),
  route({
    method: "GET", path: "/helm/{helmId}/listServices", status: 200, access: "read",
    summary: "Kubernetes services of the release: those its ports name, with their ports and selectors",
    response: listOf(z.object({ metadata: z.object({ name: z.string() }), service_spec: z.object({ type: z.string(), ports: z.array(z.unknown()), selectors: z.array(z.unknown()) }) })),
    handler: (ctx) => {
      const h = needServiceOf(ctx, helmKind);
      const byName = new Map<string, typeof h.ports>();
      for (const p of h.ports) if (p.service_name) byName.set(p.service_name, [...(byName.get(p.service_name) ?? []), p]);
      return {
        results: [...byName.entries()].map(([name, ports]) => ({
          metadata: { name },
          service_spec: {
            type: "ClusterIP", ports: ports.map((p) => ({ ...(p.name ? { name: p.name } : {}), port: p.internal_port })),
            selectors: ports.flatMap((p) => p.service_selectors ?? []),
          },
        })),
      };
    },
  }),
  route({
    method: "GET", path: "/organization/{organizationId}/containerRegistry/{containerRegistryId}/images", status: 200, access: "read",
    summary: "Images of the registry its containers and jobs run, with their tags (query `imageName` filters)",
    query: z.object({ imageName: z.string().optional(), search: z.string().optional() }),
    response: listOf(z.object({ image_name: z.string(), versions: z.array(z.string()) })),
    handler: (ctx) => {
      const r = needOrgRecord(ctx, ctx.world.store.state.containerRegistries, "container registry", "containerRegistryId");
      return { results: registryImages(ctx.world.store, r.id, ctx.query.get("imageName") ?? ctx.query.get("search") ?? undefined) };
    },
  }),
  route({
    method: "GET", path: "/service/{serviceId}/gitWebhookStatus", status: 200, access: "read", response: webhookStatus,
    summary: "State of the git webhook of a service built from git", handler: (ctx) => gitWebhookOf(needService(ctx)),
  }),
  route({
    method: "POST", path: "/service/{serviceId}/gitWebhook/sync", status: 200, access: "write", response: webhookStatus,
    summary: "Register the git webhook of a service built from git again", handler: (ctx) => gitWebhookOf(needService(ctx)),
  }),
  route({
    method: "GET", path: "/{serviceType}/{serviceId}/ingressDeploymentStatus", status: 200, access: "read",
    summary: "State of the ingress of an application, a container or a Helm service (`serviceType` in capitals), and its router's id",
    response: z.object({ routerId: z.string(), status: z.string() }),
    handler: (ctx) => {
      const type = param(ctx, "serviceType");
      if (!["APPLICATION", "CONTAINER", "HELM"].includes(type)) throw badRequest("serviceType", "expected APPLICATION, CONTAINER or HELM");
      const svc = needService(ctx);
      if (ctx.world.store.kindOf(svc.id)?.type !== type) throw notFound(type.toLowerCase(), svc.id);
      return { routerId: catalogueId(`router:${svc.environment_id}`), status: serviceState(svc, ctx.now) };
    },
  }),
  route({
    method: "GET", path: "/ips", status: 200, access: "read", response: z.object({ ips: z.array(z.string()) }),
    summary: "Outbound IPs of the deployments (documentation addresses in the emulator)", handler: () => ({ ips: OUTBOUND_IPS }),
  }),
];
