/**
 * A lookup's result is checked against its family's schema at compile time (`ResultMatch`, as `ArgsMatch` checks
 * Args): the type check of the tests (`tsc`) fails when one of the `@ts-expect-error` lines below compiles.
 */
import type { ResultMatch } from "../../../provider/lookups/result-match";
import type { projectSchema } from "../../../provider/resources/project";
import type { databaseSchema } from "../../../provider/resources/database";

describe("ResultMatch", () => {
  it("accepts a result naming fields as the schema does, with its own members declared", () => {
    const project: ResultMatch<{ id: string; name: string; organizationId: string; description?: string; createdAt?: string }, typeof projectSchema> = true;
    const database: ResultMatch<{ id: string; type?: string; cpu?: number; host?: string }, typeof databaseSchema, "host"> = true;
    expect([project, database]).toEqual([true, true]);
  });

  it("refuses a field of another type, a member the schema lacks, and a stale own member", () => {
    // @ts-expect-error the schema's `name` is a string
    const wrongType: ResultMatch<{ id: string; name: number }, typeof projectSchema> = true;
    // @ts-expect-error `nmae` is no field of the schema and is not declared the result's own
    const unknownMember: ResultMatch<{ id: string; nmae: string }, typeof projectSchema> = true;
    // @ts-expect-error `port` is declared own but the result has no such member
    const staleOwn: ResultMatch<{ id: string; host?: string }, typeof databaseSchema, "host" | "port"> = true;
    // @ts-expect-error the schema's `cpu` is a number, not a list
    const wrongDepth: ResultMatch<{ id: string; cpu?: number[] }, typeof databaseSchema> = true;
    expect([wrongType, unknownMember, staleOwn, wrongDepth]).toEqual([true, true, true, true]);
  });
});
