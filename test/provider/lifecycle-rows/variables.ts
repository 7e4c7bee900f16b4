/** Lifecycle rows of the variables area: Variable, Secret, and Project / Environment with their variable maps. */
import { CHANGED_OUTSIDE } from "../../../provider/framework/common";
import { environment } from "../../../provider/resources/environment";
import { project } from "../../../provider/resources/project";
import { secret } from "../../../provider/resources/secret";
import { variable } from "../../../provider/resources/variable";
import type { Variable } from "../../../sdk";
import { requests, type Fixture } from "../support/fixture";
import { fromDefinition, type LifecycleRow } from "../support/lifecycle-row";

/** The entries `parentId` holds itself (scope `scope`). */
async function own(fx: Fixture, parentId: string, scope: "PROJECT" | "ENVIRONMENT"): Promise<Variable[]> {
  return (await fx.client.variables.list({ parentId, scope })).filter((v) => v.scope === scope);
}

/** A variable of the fixture's project, made once, for an environment to override and alias. */
async function projectVariable(fx: Fixture, key: string): Promise<void> {
  if ((await own(fx, fx.projectId, "PROJECT")).some((v) => v.key === key)) return;
  await fx.client.projects.variables.create(fx.projectId, { key, value: "from-project" });
}

export const rows: LifecycleRow[] = [
  {
    ...fromDefinition(variable),
    inputs: (fx) => ({ scope: "ENVIRONMENT", parentId: fx.envId, key: "LC_VARIABLE", value: "one", description: "first" }),
    update: (_fx, base) => ({ ...base, value: "two", description: "second" }),
    expectUpdated: async (fx, id) => {
      const v = (await own(fx, fx.envId, "ENVIRONMENT")).find((x) => x.id === id);
      expect([v?.value, v?.description]).toEqual(["two", "second"]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, key: "LC_VARIABLE_RENAMED" }, replaces: ["key"] }),
    changeOutside: async (fx, id) => {
      await fx.client.variables.update(id, { key: "LC_VARIABLE", value: "outside", description: "second" });
      return (read) => expect(read["value"]).toBe("outside");
    },
  },
  {
    ...fromDefinition(secret),
    inputs: (fx) => ({ scope: "PROJECT", parentId: fx.projectId, key: "LC_SECRET", value: "lifecycle-secret-1", mountPath: "/etc/lc/secret" }),
    update: (_fx, base) => ({ ...base, value: "lifecycle-secret-2" }),
    expectUpdated: async (fx, id) => {
      // The service never returns a secret's value: the change is seen as the edit having been sent.
      const edits = (await requests(fx.emulator)).filter((r) => r.method === "PUT" && r.path === `/variable/${id}`);
      expect(edits.length).toBeGreaterThanOrEqual(1);
      const s = (await own(fx, fx.projectId, "PROJECT")).find((x) => x.id === id);
      expect([s?.is_secret, s?.value ?? null, s?.mount_path]).toEqual([true, null, "/etc/lc/secret"]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, mountPath: "/etc/lc/other" }, replaces: ["mountPath"] }),
    changeOutside: async (fx, id) => {
      await fx.client.variables.update(id, { key: "LC_SECRET", value: "set-outside" });
      return (read) => expect(read["value"]).toBe(CHANGED_OUTSIDE);
    },
  },
  {
    ...fromDefinition(project),
    kind: "Project (variables)",
    inputs: (fx) => ({
      organizationId: fx.orgId, name: "lc-project-values",
      environmentVariables: { TIER: "gold" },
      environmentVariableFiles: { CONF: { mountPath: "/etc/lc.conf", value: "a=1" } },
      secrets: { LC_PROJECT_SECRET: "lifecycle-project-secret-1" },
    }),
    update: (_fx, base) => ({ ...base, environmentVariables: { TIER: "silver", EXTRA: "1" } }),
    expectUpdated: async (fx, id) => {
      const mine = await own(fx, id, "PROJECT");
      expect(mine.filter((v) => v.key === "TIER" || v.key === "EXTRA").map((v) => [v.key, v.value]).sort()).toEqual([["EXTRA", "1"], ["TIER", "silver"]]);
    },
    replace: (_fx, base) => ({ inputs: { ...base, organizationId: "another-organization" }, replaces: ["organizationId"] }),
    changeOutside: async (fx, id) => {
      const conf = (await own(fx, id, "PROJECT")).find((v) => v.key === "CONF")!;
      await fx.client.variables.update(conf.id, { key: "CONF", value: "a=2" });
      const s = (await own(fx, id, "PROJECT")).find((v) => v.key === "LC_PROJECT_SECRET")!;
      await fx.client.variables.update(s.id, { key: "LC_PROJECT_SECRET", value: "set-outside" });
      return (read) => {
        expect(read["environmentVariableFiles"]).toEqual({ CONF: { mountPath: "/etc/lc.conf", value: "a=2" } });
        expect(read["secrets"]).toEqual({ LC_PROJECT_SECRET: CHANGED_OUTSIDE });
      };
    },
  },
  {
    ...fromDefinition(environment),
    kind: "Environment (variables)",
    inputs: async (fx) => {
      await projectVariable(fx, "LC_PROJECT_LEVEL");
      return {
        projectId: fx.projectId, name: "lc-env-values", clusterId: fx.clusterIds[0],
        environmentVariableOverrides: { LC_PROJECT_LEVEL: "env" },
        environmentVariableAliases: { LC_LEVEL_ALIAS: "LC_PROJECT_LEVEL", LC_PROJECT: "QOVERY_PROJECT_ID" },
      };
    },
    update: (_fx, base) => ({ ...base, environmentVariableOverrides: { LC_PROJECT_LEVEL: "env-2" } }),
    expectUpdated: async (fx, id) => {
      const o = (await own(fx, id, "ENVIRONMENT")).find((v) => v.key === "LC_PROJECT_LEVEL");
      expect([o?.variable_type, o?.value]).toEqual(["OVERRIDE", "env-2"]);
    },
    replace: (fx, base) => ({ inputs: { ...base, clusterId: fx.clusterIds[1] }, replaces: ["clusterId"] }),
    changeOutside: async (fx, id) => {
      const o = (await own(fx, id, "ENVIRONMENT")).find((v) => v.key === "LC_PROJECT_LEVEL")!;
      await fx.client.variables.update(o.id, { key: "LC_PROJECT_LEVEL", value: "outside" });
      const a = (await own(fx, id, "ENVIRONMENT")).find((v) => v.key === "LC_PROJECT")!;
      await fx.client.variables.delete(a.id);
      return (read) => {
        expect(read["environmentVariableOverrides"]).toEqual({ LC_PROJECT_LEVEL: "outside" });
        expect(read["environmentVariableAliases"]).toEqual({ LC_LEVEL_ALIAS: "LC_PROJECT_LEVEL" });
      };
    },
  },
];

