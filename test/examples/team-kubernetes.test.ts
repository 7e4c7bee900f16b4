/**
 * The team-and-tokens example's Kubernetes program (`kubernetes.mts`: a cluster's kubeconfig from
 * `getClusterKubeconfigOutput` as the Kubernetes provider's `kubeconfig`) type-checks against `@pulumi/kubernetes`
 * and this package. It is an ES module of its own, outside the repository's type-check, so it is checked here; it
 * needs `@pulumi/kubernetes` installed (a dev dependency; required in CI).
 */
import * as path from "node:path";
import ts from "typescript";
import { describeNeeding } from "../needs-tool";

const REPO = path.resolve(__dirname, "../..");
const PROGRAM = path.join(REPO, "examples/team-and-tokens/kubernetes.mts");

/**
 * The type declarations of `@pulumi/kubernetes` (`K8S_TYPES` names other ones, e.g. a stand-in while trying the
 * check), or why they are missing.
 */
function findKubernetes(): { found?: string; reason?: string } {
  const override = process.env["K8S_TYPES"];
  if (override) return { found: override };
  try {
    return { found: path.join(path.dirname(require.resolve("@pulumi/kubernetes/package.json")), "index.d.ts") };
  } catch {
    return { reason: "@pulumi/kubernetes is not installed: add it as a dev dependency (npm install --save-dev @pulumi/kubernetes)" };
  }
}

describeNeeding("@pulumi/kubernetes", "the team-and-tokens Kubernetes program", findKubernetes(), (kubernetesTypes) => {
  it("type-checks: the kubeconfig lookup's Output is the provider's kubeconfig", () => {
    const program = ts.createProgram([PROGRAM], {
      strict: true, noEmit: true, skipLibCheck: true, esModuleInterop: true, types: ["node"],
      module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
      baseUrl: REPO,
      paths: {
        "pulumi-deploy-service": ["./provider/index.ts"],
        "@pulumi/kubernetes": [kubernetesTypes],
      },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${path.relative(REPO, d.file.fileName)}: ` : "";
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  });
});
