/**
 * How the live API reaches its open connections: the one seam between the fan-out (the same code on
 * AWS and locally) and where the sockets are. On AWS the API Gateway Management API
 * (aws-connections.ts); on the local server its own sockets (scripts/lib/live-server.ts installs
 * them). A process with neither (a script, a test without the local server) has no connections to
 * reach, and the fan-out does nothing there.
 */
import { config } from "../config.ts";
import { awsConnections } from "./aws-connections.ts";

/** Close code of a connection whose token expired (CONTRACT.md: Live updates). */
export const TOKEN_EXPIRED_CODE = 4001;

export interface LiveConnections {
  /** The connections this process reaches are those whose id starts with it ("" on AWS: all). */
  readonly prefix: string;
  /** Sends one message; false when the connection is gone (the caller then forgets it). */
  post(connectionId: string, message: string): Promise<boolean>;
  /** Closes the connection with `code` (on AWS: DeleteConnection, which cannot send a code). */
  close(connectionId: string, code: number, reason: string): Promise<void>;
  /**
   * Closes it at `at` with `code`, unless it is gone before: the local server's timer. On AWS
   * nothing runs then; the fan-out closes a connection past its expiry instead of posting to it.
   */
  closeAt(connectionId: string, at: Date, code: number, reason: string): void;
}

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
