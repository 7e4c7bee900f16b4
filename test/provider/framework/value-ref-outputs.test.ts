/**
 * Every owner of variables stores the ids of the entries of its eight maps as outputs (`VALUE_MAPS[].refs`); each
 * of them is declared on every owner's class, so a program can read it (a file variable's id, an alias's id).
 */
import * as pulumi from "@pulumi/pulumi";
import { Application, Container, Environment, Job, Project } from "../../../provider";
import { VALUE_REF_OUTPUTS } from "../../../provider/framework/value-maps";

/** The names declared on all five owner classes; a name missing from one class fails the type check of this file. */
type DeclaredOnEveryOwner = keyof Project & keyof Environment & keyof Application & keyof Container & keyof Job;

const declaredRefs: DeclaredOnEveryOwner[] = [
  "variableRefs", "variableFileRefs", "variableAliasRefs", "variableOverrideRefs",
  "secretRefs", "secretFileRefs", "secretAliasRefs", "secretOverrideRefs",
];

describe("the refs outputs of an owner of variables", () => {
  test("every refs output the providers store is declared on every owner class", () => {
    expect([...declaredRefs].sort()).toEqual([...VALUE_REF_OUTPUTS].sort());
  });

  test("a program reads the id of a file variable and of a secret alias from the class", async () => {
    const stored = {
      variableFileRefs: { CONFIG: { id: "var-file-1" } },
      secretAliasRefs: { DB_PASSWORD: { id: "secret-alias-1", updatedAt: "2026-11-24T10:00:00Z" } },
    };
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs, ...stored } }), call: () => ({}) },
      "project", "stack", false,
    );
    const project = new Project("shop", {
      organizationId: "org-1", name: "shop",
      environmentVariableFiles: { CONFIG: { mountPath: "/etc/shop/config.yaml", value: "a: 1" } },
      secretAliases: { DB_PASSWORD: "SHARED_DB_PASSWORD" },
    });
    const read = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));
    const fileRefs: Record<string, { id?: string }> = await read(project.variableFileRefs);
    const aliasRefs: Record<string, { id?: string; updatedAt?: string }> = await read(project.secretAliasRefs);
    expect(fileRefs["CONFIG"]?.id).toBe("var-file-1");
    expect(aliasRefs["DB_PASSWORD"]).toEqual({ id: "secret-alias-1", updatedAt: "2026-11-24T10:00:00Z" });
  });

  test("the refs of a map the program does not declare are {}, known in a preview where the state has none stored", async () => {
    // The state leaves out what the inputs imply (implied-outputs.ts); in a preview the engine gives the stored outputs.
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs, variableRefs: { LOG_LEVEL: { id: "v-1" } } } }), call: () => ({}) },
      "project", "stack", true,
    );
    const app = new Application("web", {
      environmentId: "env-1", name: "web", gitRepository: { url: "https://github.com/acme/web.git" },
      environmentVariables: { LOG_LEVEL: "info" }, environmentVariableFiles: pulumi.output({ CONFIG: { mountPath: "/etc/c", value: "a" } }),
      readBuiltInVariables: false,
    });
    const known = (o: pulumi.Output<unknown>) => (o as unknown as { isKnown: Promise<boolean> }).isKnown;
    const value = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));
    expect(await known(app.secretAliasRefs)).toBe(true);
    expect(await value(app.secretAliasRefs)).toEqual({});
    expect(await value(app.builtInVariables)).toEqual({});
    expect(await value(app.variableRefs)).toEqual({ LOG_LEVEL: { id: "v-1" } });
    // A map given as an Output implies nothing before its value is known: its refs are the state's, unknown here.
    expect(await known(app.variableFileRefs)).toBe(false);
  });
});
