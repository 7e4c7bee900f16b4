import { Router } from "../../../emulator/server/router";
import type { Route } from "../../../emulator/routes/types";

const r = (method: Route["method"], path: string): Route => ({ method, path, status: 200, summary: path, handler: () => undefined });

describe("Router", () => {
  const router = new Router([
    r("GET", "/environment/{environmentId}"), r("PUT", "/environment/{environmentId}"), r("DELETE", "/environment/{environmentId}"),
    r("GET", "/environment/deploymentStatus"),
  ]);

  it("takes a literal segment for its own route, never for a parameter, whatever the method", () => {
    expect(router.match("GET", "/environment/deploymentStatus")).toMatchObject({ kind: "found", route: { path: "/environment/deploymentStatus" } });
    expect(router.match("PUT", "/environment/deploymentStatus")).toEqual({ kind: "method-not-allowed", allowed: ["GET"] });
    expect(router.match("DELETE", "/environment/deploymentStatus")).toEqual({ kind: "method-not-allowed", allowed: ["GET"] });
  });

  it("still gives other values to the parameter's routes", () => {
    expect(router.match("PUT", "/environment/e1")).toMatchObject({ kind: "found", route: { method: "PUT" }, params: { environmentId: "e1" } });
    expect(router.match("POST", "/environment/e1")).toEqual({ kind: "method-not-allowed", allowed: ["GET", "PUT", "DELETE"] });
  });
});
