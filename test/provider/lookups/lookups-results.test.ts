/**
 * Lookup results read the fields a family's definition holds by the wire names the definition gives them
 * (`definedFields`), keeping only what the service said; stub clients pin whole results of the families read so.
 */
import { z } from "zod";
import { field } from "../../../provider/framework/fields";
import { definedFields } from "../../../provider/lookups/core";
import { findDatabase, findEnvironment, findProject } from "../../../provider/lookups/index";
import type { DeployServiceClient } from "../../../sdk";

describe("definedFields", () => {
  const schema = z.strictObject({
    name: z.string(),
    clusterId: field(z.string().optional(), { wire: "cluster", readAs: "cluster_id" }),
    maxRestarts: field(z.number().optional(), { wire: "max_nb_restart" }),
    autoDeploy: z.boolean().optional(),
    parentId: field(z.string(), { parent: "environment" }),
  });

  it("reads each field by its wire name (readAs first) and keeps what the service said", () => {
    const record = { name: "web", cluster: "sent-only", cluster_id: "c-1", max_nb_restart: 0, auto_deploy: false, environment: { id: "e-1" } };
    expect(definedFields(schema, record, ["name", "clusterId", "maxRestarts", "autoDeploy", "parentId"])).toEqual({
      name: "web", clusterId: "c-1", maxRestarts: 0, autoDeploy: false,
    });
  });

  it("leaves out an empty string, null, a non-finite number and an absent field", () => {
    const record = { name: "", cluster_id: null, max_nb_restart: Number.NaN };
    expect(definedFields(schema, record, ["name", "clusterId", "maxRestarts", "autoDeploy"])).toEqual({});
  });
});

describe("results of the families read through their definitions", () => {
  const stamps = { created_at: "2026-01-01T00:00:00Z", updated_at: "" };

  it("a project, an environment and a database, whole", async () => {
    const client = {
      projects: { get: async () => ({ id: "p-1", name: "shop", organization: { id: "o-1" }, description: "", ...stamps }) },
      environments: {
        get: async () => ({
          id: "e-1", name: "qa", project: { id: "p-1" }, organization: { id: "o-1" }, mode: "STAGING", cluster_id: "c-1", cluster_name: "eu", ...stamps,
        }),
      },
      databases: {
        get: async () => ({
          id: "d-1", name: "main", environment: { id: "e-1" }, type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
          cpu: 250, memory: 256, storage: 10, instance_type: null, host: "main.internal", port: 5432, password: "never", ...stamps,
        }),
      },
    } as unknown as DeployServiceClient;
    expect(await findProject(client, { id: "p-1" })).toEqual({ id: "p-1", name: "shop", organizationId: "o-1", createdAt: stamps.created_at });
    expect(await findEnvironment(client, { id: "e-1" })).toEqual({
      id: "e-1", name: "qa", projectId: "p-1", mode: "STAGING", clusterId: "c-1", clusterName: "eu", organizationId: "o-1", createdAt: stamps.created_at,
    });
    expect(await findDatabase(client, { id: "d-1" })).toEqual({
      id: "d-1", name: "main", environmentId: "e-1", type: "POSTGRESQL", version: "16", mode: "CONTAINER", accessibility: "PRIVATE",
      cpu: 250, memory: 256, storage: 10, host: "main.internal", port: 5432, internalHost: "main.internal", createdAt: stamps.created_at,
    });
  });
});
