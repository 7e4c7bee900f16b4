/**
 * Each route declares its access beside its path (`Route.access`, `emulator/server/access.ts`); the table
 * (`access-table.ts`) is collected from the routes, and a route declaring none is Admin only.
 */
import { accessRule } from "../../../emulator/server/access";
import { ACCESS_TABLE, accessOf } from "../../../emulator/server/access-table";
import { allRoutes } from "../../../emulator/routes";

describe("declared access", () => {
  it("is what the table holds for each route, under METHOD and path template", () => {
    const mismatched = allRoutes.filter((r) => ACCESS_TABLE[`${r.method} ${r.path}`] !== r.access).map((r) => `${r.method} ${r.path}`);
    expect(mismatched).toEqual([]);
    expect(Object.keys(ACCESS_TABLE)).toHaveLength(allRoutes.length);
  });

  it("is Admin only when a route declares none, and for an operation the table lacks", () => {
    expect(accessRule(undefined)).toEqual({ need: "admin", also: [], readOnly: [] });
    expect(accessOf("GET", "/no/such/route")).toEqual({ need: "admin", also: [], readOnly: [] });
    expect(accessRule({ need: "write", readOnly: ["secretId"] })).toEqual({ need: "write", also: [], readOnly: ["secretId"] });
  });
});
