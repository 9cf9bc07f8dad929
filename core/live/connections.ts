/**
 * What the fan-out needs of the open connections, wherever they are: the API Gateway Management
 * API on AWS (aws-connections.ts) or the local server's own sockets (scripts/lib/live-server.ts).
 * Its own module so that an implementation and the port that chooses one (port.ts) both import it
 * and neither imports the other back.
 */
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
