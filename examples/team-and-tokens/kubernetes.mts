/**
 * A cluster's credentials for the Kubernetes provider: its kubeconfig, read from the service as a Pulumi secret, is
 * the provider's `kubeconfig`, and Kubernetes objects are then made in that cluster. A program of its own (it needs
 * `npm install @pulumi/kubernetes` and the Kubernetes plugin): set `main: kubernetes.mts` in a copy of Pulumi.yaml,
 * or move these lines into your program.
 *
 *   pulumi config set organizationId <id>   # optional: else the token's only organization
 *   pulumi config set cluster eu-west       # optional: the cluster's name
 */
import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import * as ds from "pulumi-deploy-service";

const config = new pulumi.Config();
const organizationId: pulumi.Input<string> = config.get("organizationId") ?? ds.getOrganizationOutput({}).id;
const cluster = ds.getClusterOutput({ organizationId, name: config.get("cluster") ?? "eu-west" });

// A secret: it holds the cluster's credential. `readOnly: true` asks for a credential that can only read.
const access = ds.getClusterKubeconfigOutput({ organizationId, clusterId: cluster.id });

const provider = new k8s.Provider("cluster", { kubeconfig: access.kubeconfig });

const namespace = new k8s.core.v1.Namespace("platform", { metadata: { name: "platform" } }, { provider });

export const namespaceName = namespace.metadata.name;
