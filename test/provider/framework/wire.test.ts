import { z } from "zod";
import { field } from "../../../provider/framework/fields";
import { fromWire, schemaWire, toWire } from "../../../provider/framework/wire";
import { jobSchema } from "../../../provider/resources/job/schema";

/** A schema with facts at every depth: nested objects, lists of objects, records, refs. */
const member = field(z.strictObject({ mountPoint: z.string(), sizeGb: field(z.number(), { wire: "size" }) }), { wireConstants: { type: "SSD" } });
const schema = z.strictObject({
  parentId: field(z.string(), { parent: "parent" }),
  displayName: z.string(),
  source: z.strictObject({
    gitRepo: field(z.strictObject({ rootPath: z.string().default("/"), tokenId: field(z.string().min(1).optional(), { cleared: null }) }), { wire: "repository" }),
    registryId: field(z.string().optional(), { readAs: ["registry_id", "registry.id"] }),
  }),
  volumes: field(z.array(member).default([]), { idBy: "mountPoint" }),
  groupIds: field(z.array(z.string()).default([]), { refs: true }),
  labels: z.record(z.string(), z.string()).default({}),
  entryPoint: field(z.string().min(1).optional(), { cleared: "" }),
  chosen: field(z.number().optional(), { computed: true }),
  never: field(z.string().optional(), { wire: false }),
});
type Inputs = z.output<typeof schema>;

const inputs: Inputs = {
  parentId: "p1", displayName: "x",
  source: { gitRepo: { rootPath: "/srv" }, registryId: "r1" },
  volumes: [{ mountPoint: "/data", sizeGb: 4 }],
  groupIds: ["g1"], labels: { someKey: "v" }, never: "kept",
};

describe("toWire at every depth", () => {
  it("spells nested members by their wire facts, refs as [{id}], records as given, leaves out parents and unsent fields", () => {
    expect(toWire(schema, inputs)).toEqual({
      display_name: "x",
      source: { repository: { root_path: "/srv" }, registry_id: "r1" },
      volumes: [{ type: "SSD", mount_point: "/data", size: 4 }],
      group_ids: [{ id: "g1" }],
      labels: { someKey: "v" },
    });
  });

  it("on an edit, sends cleared values at any depth and names list members by the service's ids", () => {
    const current = { volumes: [{ id: "v9", mount_point: "/data" }, { id: "v8", mount_point: "/other" }] };
    const body = toWire(schema, inputs, { purpose: "update", current }) as Record<string, unknown>;
    expect(body["source"]).toEqual({ repository: { root_path: "/srv", token_id: null }, registry_id: "r1" });
    expect(body["volumes"]).toEqual([{ id: "v9", type: "SSD", mount_point: "/data", size: 4 }]);
    expect(body["entry_point"]).toBe("");
  });
});

describe("fromWire at every depth", () => {
  it("reads nested members by their wire names, defaults where absent, stored values where the service chooses", () => {
    const answer = {
      id: "o1", parent: { id: "p2" }, display_name: "x",
      source: { repository: { root_path: null, token_id: "" }, registry: { id: "r2" } },
      volumes: [{ id: "v9", type: "SSD", mount_point: "/data", size: 4 }],
      group_ids: [{ id: "g1", name: "group" }], labels: { someKey: "v" }, entry_point: "", chosen: null,
    };
    expect(fromWire(schema, answer, { chosen: 7, never: "kept" })).toEqual({
      parentId: "p2", displayName: "x",
      source: { gitRepo: { rootPath: "/" }, registryId: "r2" },
      volumes: [{ mountPoint: "/data", sizeGb: 4 }],
      groupIds: ["g1"], labels: { someKey: "v" }, chosen: 7, never: "kept",
    });
  });

  it("round-trips a job's nested schedule and source through their wire names", () => {
    const job = jobSchema.parse({
      environmentId: "e1", name: "j",
      source: { image: { registryId: "r1", imageName: "acme/report", tag: "1.0" } },
      schedule: { cron: { expression: "0 3 * * *", entrypoint: "/bin/run" } },
    });
    const wire = schemaWire(jobSchema);
    const body = wire.toWire(job);
    expect(body["schedule"]).toEqual({ cronjob: { scheduled_at: "0 3 * * *", timezone: "Etc/UTC", arguments: [], entrypoint: "/bin/run" } });
    const back = wire.fromWire({ ...body, id: "j1", environment: { id: "e1" } }, {});
    expect({ source: back["source"], schedule: back["schedule"], environmentId: back["environmentId"] })
      .toEqual({ source: job.source, schedule: job.schedule, environmentId: "e1" });
  });
});
