/**
 * A cluster's typed `metricsParameters`, `infrastructureChartsParameters` and `secretManagerAccesses`: sent in the
 * service's spelling at every depth, read back on refresh with no drift (the secret manager's keys, which the
 * service never answers, kept from the state), an access keeping its service id across an edit, and the accesses
 * stored as a Pulumi secret.
 */
import { cluster, clusterProvider as p } from "../../../provider/resources/cluster/index";
import { clusterInputs } from "../lifecycle-rows/clusters";
import { checkedInputs } from "../support/check-helpers";
import { useFixture } from "../support/fixture";

type Props = Record<string, unknown>;
const fx = useFixture();

const metricsParameters = {
  enabled: true,
  configuration: {
    kind: "MANAGED_BY_QOVERY", resourceProfile: "HIGH", cloudWatchExportConfig: { enabled: true }, highAvailability: true,
    internalNetworkMonitoring: { enabled: false },
    alerting: { enabled: true, defaultRuleLabels: { team: "ops" }, specExternalUrl: "https://alerts.example.com", configName: "main" },
  },
};
const infrastructureChartsParameters = {
  nginx: { replicaCount: 3, defaultSslCertificate: "ingress/tls", annotationExternalDnsKubernetesTarget: "lb.example.com" },
  certManager: { kubernetesNamespace: "certs" },
  metalLb: { ipAddressPools: ["10.0.0.10-10.0.0.20"] },
};
const aws = {
  name: "aws", endpoint: { mode: "AWS_PARAMETER_STORE", region: "eu-west-3" },
  authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", accessKey: "AKIAEXAMPLE", secretKey: "sm-secret-key-789" },
};
const gcp = {
  name: "gcp", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", projectId: "acme" },
  authentication: { mode: "GCP_JSON_CREDENTIALS", jsonCredentials: "eyJ0eXBlIjoic2EifQ==" },
};

it("reach the wire in the service's spelling and come back from a refresh with no drift", async () => {
  const inputs = await checkedInputs(p, {
    ...(await clusterInputs(fx)), deploy: false, metricsParameters, infrastructureChartsParameters, secretManagerAccesses: [aws, gcp], __provider: "serialized",
  });
  const made = await p.create!(inputs);
  const record = await fx.client.clusters.get(fx.orgId, made.id);
  expect(record.metrics_parameters).toEqual({
    enabled: true,
    configuration: {
      kind: "MANAGED_BY_QOVERY", resource_profile: "HIGH", cloud_watch_export_config: { enabled: true }, high_availability: true,
      internal_network_monitoring: { enabled: false },
      alerting: { enabled: true, default_rule_labels: { team: "ops" }, spec_external_url: "https://alerts.example.com", config_name: "main" },
    },
  });
  expect(record.infrastructure_charts_parameters).toEqual({
    nginx_parameters: { replica_count: 3, default_ssl_certificate: "ingress/tls", annotation_external_dns_kubernetes_target: "lb.example.com" },
    cert_manager_parameters: { kubernetes_namespace: "certs" },
    metal_lb_parameters: { ip_address_pools: ["10.0.0.10-10.0.0.20"] },
  });
  expect(record.secret_manager_accesses).toEqual([
    expect.objectContaining({ name: "aws", endpoint: { mode: "AWS_PARAMETER_STORE", region: "eu-west-3" }, authentication: { mode: "AWS_STATIC_CREDENTIALS", region: "eu-west-3", access_key: "AKIAEXAMPLE" } }),
    expect.objectContaining({ name: "gcp", endpoint: { mode: "GCP_SECRET_MANAGER", region: "europe-west1", project_id: "acme" } }),
  ]);
  expect([cluster.secretInputs, cluster.secretOutputs]).toEqual([expect.arrayContaining(["secretManagerAccesses"]), expect.arrayContaining(["secretManagerAccesses"])]);

  const read = await p.read!(made.id, made.outs);
  const back = read.inputs as Props;
  expect([back["metricsParameters"], back["infrastructureChartsParameters"], back["secretManagerAccesses"]]).toEqual([metricsParameters, infrastructureChartsParameters, [aws, gcp]]);
  expect((await p.diff!(made.id, read.props as Props, inputs)).changes).toBe(false);

  const awsId = (record.secret_manager_accesses ?? [])[0]?.id;
  const edited = await checkedInputs(p, { ...inputs, secretManagerAccesses: [{ ...aws, endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" } }], __provider: "serialized" }, inputs);
  await p.update!(made.id, made.outs, edited);
  const after = await fx.client.clusters.get(fx.orgId, made.id);
  expect(after.secret_manager_accesses).toEqual([expect.objectContaining({ id: awsId, name: "aws", endpoint: { mode: "AWS_SECRET_MANAGER", region: "eu-west-3" } })]);
  await p.delete!(made.id, made.outs);
});

it("sends a partially managed cluster's EKS Anywhere source (the emulator offers no ON_PREMISE cluster) and reads it back with no drift", async () => {
  const eksAnywhere = {
    gitRepository: { url: "https://github.com/acme/eksa.git", gitTokenId: "0f0e0d0c-0b0a-4908-8706-050403020100", branch: "main", provider: "GITHUB" },
    yamlFilePath: "/clusters/a.yaml",
    clusterBackup: { enabled: true, timeoutSeconds: 600, s3: { bucket: "backups", region: "eu-west-3", roleArn: "arn:aws:iam::123456789012:role/backup" } },
  };
  const inputs = await checkedInputs(p, {
    ...(await clusterInputs(fx)), kubernetesMode: "PARTIALLY_MANAGED", deploy: false, infrastructureChartsParameters: { eksAnywhere }, __provider: "serialized",
  });
  const made = await p.create!(inputs);
  expect((await fx.client.clusters.get(fx.orgId, made.id)).infrastructure_charts_parameters).toEqual({
    eks_anywhere_parameters: {
      git_repository: { url: "https://github.com/acme/eksa.git", git_token_id: "0f0e0d0c-0b0a-4908-8706-050403020100", branch: "main", provider: "GITHUB" },
      yaml_file_path: "/clusters/a.yaml",
      cluster_backup: { enabled: true, timeout_seconds: 600, s3: { bucket: "backups", region: "eu-west-3", role_arn: "arn:aws:iam::123456789012:role/backup" } },
    },
  });
  const read = await p.read!(made.id, made.outs);
  expect((read.inputs as Props)["infrastructureChartsParameters"]).toEqual({ eksAnywhere });
  await p.delete!(made.id, made.outs);
});
