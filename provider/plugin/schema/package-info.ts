/**
 * The schema's package-level parts: name, version and metadata from `package.json`, the provider's configuration
 * (`apiUrl`, secret `apiToken`, `tokenScheme`, each defaulting to the environment variable the dynamic providers
 * read, described by the TSDoc of `provider/framework/credentials.ts`) and each language's package settings.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  API_TOKEN_ENV, API_TOKEN_KEY, API_URL_ENV, API_URL_KEY, TOKEN_SCHEME_ENV, TOKEN_SCHEME_KEY, TOKEN_SCHEMES,
} from "../../framework/credentials";
import { markdownOf } from "./docs";
import { docOf, type PackageProgram } from "./program";
import { PACKAGE_NAME } from "../names";
import type { PropertySpec } from "./spec";

/** The npm package of the generated Node.js SDK. */
export const NODEJS_PACKAGE = "@deploy-service/pulumi";
/** The Go module of the generated Go SDK (its `go.mod` is at `sdk-gen/go`). */
export const GO_MODULE = "github.com/deploy-service/pulumi-deploy-service/sdk-gen/go";

/** What `package.json` says of the package. */
interface PackageJson {
  version: string;
  description?: string;
  license?: string;
  keywords?: string[];
  homepage?: string;
  repository?: string | { url?: string };
}

const CONFIG_KEYS = [
  { key: API_URL_KEY, constant: "API_URL_KEY", env: API_URL_ENV },
  { key: API_TOKEN_KEY, constant: "API_TOKEN_KEY", env: API_TOKEN_ENV, secret: true },
  { key: TOKEN_SCHEME_KEY, constant: "TOKEN_SCHEME_KEY", env: TOKEN_SCHEME_ENV, fallback: TOKEN_SCHEMES[0] },
] as const;

/** The provider's configuration variables (also its `inputProperties`). */
export function configVariables(program: PackageProgram): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const c of CONFIG_KEYS) {
    const symbol = program.exportedFrom("provider/framework/credentials.ts", c.constant);
    const doc = symbol === undefined ? "" : markdownOf(docOf(program.checker, symbol));
    const spec: PropertySpec = {
      type: "string",
      description: `${doc} When not set, the environment variable \`${c.env}\` is read.`.trim(),
      defaultInfo: { environment: [c.env] },
    };
    if ("secret" in c) spec.secret = true;
    if ("fallback" in c) spec.default = c.fallback;
    out[c.key.slice(`${PACKAGE_NAME}:`.length)] = spec;
  }
  return out;
}

/** Each language's settings for `pulumi package gen-sdk`. */
export function languageSettings(): Record<string, object> {
  return {
    nodejs: { packageName: NODEJS_PACKAGE, packageDescription: "Pulumi resources of the deployment service (the deploy-service plugin's Node.js SDK)" },
    python: { packageName: "pulumi_deploy_service", pyproject: { enabled: true } },
    go: { importBasePath: `${GO_MODULE}/deployservice`, generateResourceContainerTypes: true },
    csharp: { rootNamespace: "DeployService", packageReferences: { Pulumi: "3.*" } },
  };
}

/** The package-level members of the schema, read from `package.json` at `root`. */
export function packageInfo(root: string): Record<string, unknown> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as PackageJson;
  const repository = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  return {
    name: PACKAGE_NAME,
    displayName: "Deployment service",
    version: pkg.version,
    description: pkg.description ?? "",
    keywords: pkg.keywords ?? ["pulumi", PACKAGE_NAME, "category/cloud", "kind/native"],
    license: pkg.license ?? "Apache-2.0",
    ...(pkg.homepage !== undefined ? { homepage: pkg.homepage } : {}),
    ...(repository !== undefined ? { repository } : {}),
  };
}
