import type * as pulumi from "@pulumi/pulumi";
import { builtInVariableKey } from "../../provider/built-in-keys";
import { useFixture } from "./support/fixture";

const fx = useFixture();

/** The value of an Output made from plain inputs (no engine needed). */
const valueOf = <T>(o: pulumi.Output<T>): Promise<T> => (o as unknown as { promise(): Promise<T> }).promise();

describe("builtInVariableKey", () => {
  it("names the built-ins the service sets for a database and an application, as a listing shows them", async () => {
    const db = await fx.client.databases.create(fx.envId, { name: "keys-db", type: "POSTGRESQL", version: "16", mode: "CONTAINER" } as never);
    const app = await fx.client.applications.create(fx.envId, {
      name: "keys-app", git_repository: { url: "https://github.com/acme/api.git", branch: "main", root_path: "/" },
      build_mode: "DOCKER", dockerfile_path: "Dockerfile", ports: [{ internal_port: 80, publicly_accessible: false }],
    } as never);
    const keys = (await fx.client.variables.list({ parentId: fx.envId, scope: "ENVIRONMENT" }))
      .filter((v) => v.scope === "BUILT_IN").map((v) => v.key);
    for (const suffix of ["HOST_INTERNAL", "PORT", "LOGIN", "PASSWORD", "DATABASE_URL_INTERNAL"]) {
      expect(keys).toContain(await valueOf(builtInVariableKey("POSTGRESQL", db.id, suffix)));
    }
    expect(keys).toContain(await valueOf(builtInVariableKey("APPLICATION", app.id, "HOST_INTERNAL")));
    expect(await valueOf(builtInVariableKey("APPLICATION", "1a2b3c4d-0000-4000-8000-000000000000", "ID"))).toBe("QOVERY_APPLICATION_Z1A2B3C4D_ID");
  });
});
