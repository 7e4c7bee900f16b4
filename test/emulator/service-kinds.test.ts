import { SERVICE_KINDS } from "../../emulator/models/service-kinds";
import { KEYED_COLLECTIONS } from "../../emulator/models/state";
import { allRoutes } from "../../emulator/routes";
import { newSeedInfo, seedState } from "../../emulator/seed";

/** Every entry of the service-kind table, by name. */
const kinds = SERVICE_KINDS.map((k) => [k.name, k] as const);

describe("service-kind table", () => {
  it.each(kinds)("%s has its collection in a fresh state and in the data file's keyed collections", (_name, kind) => {
    const state = seedState(newSeedInfo(Date.now()));
    expect(state[kind.collection]).toBeInstanceOf(Map);
    expect(KEYED_COLLECTIONS).toContain(kind.collection);
  });

  it.each(kinds)("%s is served with the routes every service kind has", (name) => {
    const served = allRoutes.map((r) => `${r.method} ${r.path}`);
    const item = `/${name}/{${name}Id}`;
    const expected = [
      `GET /environment/{environmentId}/${name}`, `POST /environment/{environmentId}/${name}`,
      `GET ${item}`, `PUT ${item}`, `DELETE ${item}`, `GET ${item}/status`,
      ...["deploy", "redeploy", "stop", "restart-service"].map((a) => `POST ${item}/${a}`),
    ];
    expect(served).toEqual(expect.arrayContaining(expected));
    const actions = allRoutes.filter((r) => /\/(deploy|redeploy|stop|restart-service)$/.test(r.path) && r.path.startsWith(`${item}/`));
    expect(actions.map((r) => r.deployAction)).toEqual([true, true, true, true]);
  });

  it("names each kind and each collection once", () => {
    expect(new Set(SERVICE_KINDS.map((k) => k.name)).size).toBe(SERVICE_KINDS.length);
    expect(new Set(SERVICE_KINDS.map((k) => k.collection)).size).toBe(SERVICE_KINDS.length);
  });
});
