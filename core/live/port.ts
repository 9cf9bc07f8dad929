/**
 * How the live API reaches its open connections: the one seam between the fan-out (the same code on
 * AWS and locally) and where the sockets are. On AWS the API Gateway Management API
 * (aws-connections.ts); on the local server its own sockets (scripts/lib/live-server.ts installs
 * them), both of the shape in connections.ts. A process with neither (a script, a test without the
 * local server) has no connections to reach, and the fan-out does nothing there.
 */
import { config } from "../config.ts";
import { awsConnections } from "./aws-connections.ts";
import type { LiveConnections } from "./connections.ts";

let installed: LiveConnections | undefined;

/** Installs the connections of this process (the local server's sockets). */
export function useLiveConnections(connections: LiveConnections | undefined): void {
  installed = connections;
}

/** The connections this process can reach, if any. */
export function liveConnections(): LiveConnections | undefined {
  if (installed) return installed;
  if (config.liveConnectionsUrl) installed = awsConnections(config.liveConnectionsUrl);
  return installed;
}
