// Pulumi dynamic resource providers, a typed API client and a local emulator for the deployment service
package deployservice
