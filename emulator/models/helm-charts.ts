/**
 * The charts the emulator's Helm repositories offer. The emulator reaches no repository, so every repository answers
 * this one catalogue of well-known charts (names and versions as their publishers release them, newest first).
 */

/** Chart name to its versions, newest first. */
export const HELM_CHARTS: Readonly<Record<string, readonly string[]>> = {
  "cert-manager": ["v1.16.1", "v1.15.3", "v1.14.5"],
  "external-dns": ["1.15.0", "1.14.5", "1.13.1"],
  grafana: ["8.5.2", "8.4.0", "7.3.11"],
  "ingress-nginx": ["4.11.3", "4.11.2", "4.10.1"],
  "kube-prometheus-stack": ["65.1.1", "62.7.0", "58.7.2"],
  nginx: ["18.2.4", "18.1.0", "17.3.3"],
  postgresql: ["16.0.6", "15.5.38", "14.3.3"],
  rabbitmq: ["15.0.3", "14.7.0", "12.15.0"],
  redis: ["20.2.1", "19.6.4", "18.19.4"],
};

/** The charts of a repository with their versions, by chart name. */
export function chartsOf(): Array<{ chart_name: string; versions: string[] }> {
  return Object.entries(HELM_CHARTS).map(([chart_name, versions]) => ({ chart_name, versions: [...versions] }));
}
