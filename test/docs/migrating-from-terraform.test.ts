/**
 * docs/migrating-from-terraform.md against the package it describes: every Args field or output its attribute tables
 * name exists on that resource (nested paths such as `gitRepository.gitTokenId` included), every resource, lookup and
 * class it names is exported, and each Terraform resource of the families this package has gets its table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import * as pkg from "../../provider";
import type { DefinedResource } from "../../provider/framework/define";
import { project } from "../../provider/resources/project";
import { environment } from "../../provider/resources/environment";
import { application } from "../../provider/resources/application/provider";
import { container } from "../../provider/resources/container";
import { job } from "../../provider/resources/job/provider";
import { database } from "../../provider/resources/database";
import { gitToken } from "../../provider/resources/git-token";
import { deploymentStage } from "../../provider/resources/deployment-stage";
import { containerRegistry } from "../../provider/resources/container-registry";
import { labelsGroup } from "../../provider/resources/labels-group";
import { annotationsGroup } from "../../provider/resources/annotations-group";
import { customDomain } from "../../provider/resources/custom-domain";
import { environmentDeployment } from "../../provider/resources/environment-deployment";
import { terraformService } from "../../provider/resources/terraform-service/provider";
import { helm } from "../../provider/resources/helm/index";
import { helmRepository } from "../../provider/resources/helm-repository";

const DOC = readFileSync(join(__dirname, "..", "..", "docs", "migrating-from-terraform.md"), "utf8");

/** The families the doc has an attribute table for, by the class name its headings use. */
const FAMILIES: Record<string, DefinedResource<z.ZodObject>> = {
  Project: project, Environment: environment, Application: application, Container: container, Job: job,
  Database: database, GitToken: gitToken, DeploymentStage: deploymentStage, ContainerRegistry: containerRegistry,
  LabelsGroup: labelsGroup, AnnotationsGroup: annotationsGroup, CustomDomain: customDomain,
  EnvironmentDeployment: environmentDeployment, TerraformService: terraformService, Helm: helm, HelmRepository: helmRepository,
};

/** One attribute table: the heading's class, and each row's Terraform and Pulumi cells. */
interface Table {
  kind: string;
  rows: Array<{ terraform: string; pulumi: string }>;
}

/** The `### ... → \`Kind\`` sections that hold a table, with their rows (header and rule left out). */
function tables(markdown: string): Table[] {
  const out: Table[] = [];
  for (const section of markdown.split(/^### /m).slice(1)) {
    const [heading = "", ...body] = section.split("\n");
    const kind = /→ `([A-Za-z]+)`\s*$/.exec(heading)?.[1];
    const rows = body.filter((l) => l.startsWith("| ")).slice(2).map((line) => {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
      return { terraform: cells[0] ?? "", pulumi: cells[1] ?? "" };
    });
    if (kind !== undefined && rows.length > 0) out.push({ kind, rows });
  }
  return out;
}

/** The text of each code span of a cell. */
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** The schema a wrapper (optional, default, pipe, array, union...) holds at `key`, or undefined. */
function child(schema: z.ZodType, key: string): z.ZodType | undefined {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def; // eslint-disable-line @typescript-eslint/no-explicit-any
  switch (def.type) {
    case "object": return def.shape[key];
    case "optional": case "nullable": case "default": case "prefault": case "catch": case "readonly": case "nonoptional":
      return child(def.innerType, key);
    case "pipe": return child(def.in, key) ?? child(def.out, key);
    case "array": return child(def.element, key);
    case "lazy": return child(def.getter(), key);
    case "union": return (def.options as z.ZodType[]).map((o) => child(o, key)).find((c) => c !== undefined);
    case "intersection": return child(def.left, key) ?? child(def.right, key);
    default: return undefined;
  }
}

/** Whether `path` (`ports[].internalPort`) is an input of the family, or its first segment an output. */
function names(family: DefinedResource<z.ZodObject>, path: string): boolean {
  const segments = path.replace(/\[\]/g, "").split(".");
  if (segments.length === 1 && (segments[0] === "id" || family.outputNames.includes(segments[0]!))) return true;
  let schema: z.ZodType | undefined = family.schema;
  for (const segment of segments) {
    schema = schema === undefined ? undefined : child(schema, segment);
  }
  return schema !== undefined;
}

describe("docs/migrating-from-terraform.md", () => {
  const all = tables(DOC);

  it("has an attribute table for each Terraform resource of the families this package has", () => {
    const headings = [...DOC.matchAll(/^### `(qovery_[a-z_]+)` → `([A-Za-z]+)`/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
    expect(headings).toEqual([
      "qovery_annotations_group AnnotationsGroup", "qovery_application Application", "qovery_container Container",
      "qovery_container_registry ContainerRegistry", "qovery_database Database", "qovery_deployment EnvironmentDeployment",
      "qovery_deployment_stage DeploymentStage", "qovery_environment Environment", "qovery_git_token GitToken",
      "qovery_helm Helm", "qovery_helm_repository HelmRepository", "qovery_job Job", "qovery_labels_group LabelsGroup", "qovery_project Project", "qovery_terraform_service TerraformService",
    ]);
    expect(all.map((t) => t.kind).sort()).toEqual(Object.keys(FAMILIES).sort());
  });

  it("names in its Pulumi columns only fields and outputs that the resource has", () => {
    const unknown: string[] = [];
    let checked = 0;
    for (const table of all) {
      const family = FAMILIES[table.kind]!;
      for (const row of table.rows) {
        for (const span of codeSpans(row.pulumi)) {
          checked += 1;
          // A class (`CustomDomain`) stands for another resource: it must be one the package exports.
          const ok = /^[A-Z]/.test(span) ? span in pkg : names(family, span);
          if (!ok) unknown.push(`${table.kind}: ${span} (for ${row.terraform})`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it("tells a name the resource lacks from one it has", () => {
    expect(names(application, "gitRepository.gitTokenId")).toBe(true);
    expect(names(application, "ports[].internalPort")).toBe(true);
    expect(names(application, "builtInVariables")).toBe(true);
    expect(names(application, "gitRepository.git_token_id")).toBe(false);
    expect(names(database, "internalHost")).toBe(true);
    expect(names(database, "internal_host")).toBe(false);
    expect(names(job, "schedule.cronjob")).toBe(false);
  });

  it("names only resources and lookups that the package exports", () => {
    const spans = [...new Set([...DOC.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!))];
    const classes = spans.filter((s) => /^[A-Z][a-z]+(?:[A-Z][a-z]+)*$/.test(s));
    const lookups = spans.filter((s) => /^get[A-Z][A-Za-z]+$/.test(s));
    expect(classes).toEqual(expect.arrayContaining(["Project", "Application", "CustomDomain", "EnvironmentDeployment", "Variable"]));
    expect(lookups).toEqual(expect.arrayContaining(["getCluster"]));
    expect([...classes, ...lookups].filter((s) => !(s in pkg))).toEqual([]);
  });

  it("lists the Terraform resources without a counterpart", () => {
    const section = DOC.split("### No counterpart yet")[1]!.split("\n## ")[0]!;
    for (const name of ["qovery_argocd_credentials"]) {
      expect([name, section.includes(`\`${name}\``)]).toEqual([name, true]);
    }
    // What has a counterpart is not also listed as missing.
    for (const name of ["qovery_project", "qovery_application", "qovery_deployment", "qovery_organization_member", "qovery_api_token", "qovery_cluster", "qovery_aws_credentials", "qovery_cluster_dns_provider", "qovery_eks_anywhere_vsphere_credentials", "qovery_terraform_service", "qovery_helm", "qovery_helm_repository"]) {
      expect([name, section.includes(`\`${name}\``)]).toEqual([name, false]);
    }
  });
});
