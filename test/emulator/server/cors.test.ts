/**
 * CORS of the API routes (a browser page on another origin calls the emulator as it calls the service), never of the
 * control endpoints.
 */
import { useEmulator } from "../support/helpers";

const c = useEmulator();
const ORIGIN = "http://localhost:5173";

describe("CORS", () => {
  it("answers a preflight of an API route with the methods and headers the API takes, Authorization and Content-Type among them", async () => {
    const r = await fetch(`${c.emu.url}/organization/${c.org}/project`, {
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    const methods = (r.headers.get("access-control-allow-methods") ?? "").split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
    const headers = (r.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/,\s*/);
    expect(headers).toEqual(expect.arrayContaining(["authorization", "content-type"]));
  });

  it("lets a page read every API answer, errors included, and the rate-limit headers", async () => {
    const ok = await fetch(`${c.emu.url}/organization/${c.org}/project`, { headers: { origin: ORIGIN, authorization: `Token ${c.emu.tokens.admin}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expect((ok.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain("x-ratelimit-remaining");
    const denied = await fetch(`${c.emu.url}/organization/${c.org}/project`, { headers: { origin: ORIGIN } });
    expect([denied.status, denied.headers.get("access-control-allow-origin")]).toEqual([401, "*"]);
    const spec = await fetch(`${c.emu.url}/openapi.json`, { headers: { origin: ORIGIN } });
    expect(spec.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("gives the control endpoints no CORS header, preflight or not", async () => {
    const pre = await fetch(`${c.emu.url}/_emulator/reset`, {
      method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    expect(pre.headers.get("access-control-allow-methods")).toBeNull();
    const read = await fetch(`${c.emu.url}/_emulator/requests`);
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});
