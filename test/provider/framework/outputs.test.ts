/**
 * A resource's outputs and a lookup's result are derived from the family's Args and schema (`ResourceOutputs`,
 * `LookupResult`): they carry the Args' types, a field with a default or one the service computes is always present,
 * and `adopt` is no output. Checked at compile time (the type check of the tests fails when a `@ts-expect-error` line
 * below compiles), and the values each line builds are compared so the test asserts at run time too.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Database, DatabaseResult, Environment, GitToken, GitTokenResult, Job } from "../../../provider";

type OutputOf<O> = O extends pulumi.Output<infer T> ? T : never;

describe("outputs derived from the Args", () => {
  it("have the Args' types, present where a default or the service fills them", () => {
    const type: OutputOf<Database["type"]> = "POSTGRESQL";
    const cpu: OutputOf<Database["cpu"]> = 250;
    const host: OutputOf<Database["host"]> = "main.internal";
    const cluster: OutputOf<Environment["clusterId"]> = "c-1";
    const jobType: OutputOf<Job["jobType"]> = "CRON";
    // @ts-expect-error a database's type is one of DATABASE_TYPES, not any string
    const engine: OutputOf<Database["type"]> = "SQLITE";
    // @ts-expect-error the service always answers a database's host
    const noHost: OutputOf<Database["host"]> = undefined;
    // @ts-expect-error an environment always runs on a cluster (the one the service chose when none was given)
    const noCluster: OutputOf<Environment["clusterId"]> = undefined;
    expect([type, cpu, host, cluster, jobType, engine, noHost, noCluster]).toEqual(["POSTGRESQL", 250, "main.internal", "c-1", "CRON", "SQLITE", undefined, undefined]);
  });

  it("leave `adopt` out", () => {
    type Members = keyof GitToken;
    const adopt: Extract<Members, "adopt"> extends never ? "none" : "some" = "none";
    expect(adopt).toBe("none");
  });
});

describe("lookup results derived from the Args", () => {
  it("have the Args' types", () => {
    const db: DatabaseResult = { id: "d-1", name: "main", environmentId: "e-1", type: "MYSQL", host: "h", port: 3306 };
    const token: GitTokenResult = { id: "t-1", name: "ci", organizationId: "o-1", type: "GITLAB" };
    // @ts-expect-error a database's type is one of DATABASE_TYPES
    const sqlite: DatabaseResult = { id: "d-2", name: "cache", environmentId: "e-1", type: "SQLITE" };
    expect([db.type, token.type, sqlite.type]).toEqual(["MYSQL", "GITLAB", "SQLITE"]);
  });
});
