/**
 * The live API's connections on AWS, through the API Gateway Management API: PostToConnection to
 * send, DeleteConnection to close; a GoneException means the client has left. The SDK client is
 * loaded on the first message, so a function that has nobody to tell never loads it; the function's
 * role may only manage this API's connections (stacks/live.ts).
 */
import type { LiveConnections } from "./connections.ts";

type Sdk = typeof import("@aws-sdk/client-apigatewaymanagementapi");

const isGone = (error: unknown) => (error as { name?: string } | null)?.name === "GoneException";

export function awsConnections(endpoint: string): LiveConnections {
  let client: Promise<{ sdk: Sdk; api: InstanceType<Sdk["ApiGatewayManagementApiClient"]> }> | undefined;
  const connect = () => {
    client ??= import("@aws-sdk/client-apigatewaymanagementapi").then((sdk) => ({
      sdk,
      api: new sdk.ApiGatewayManagementApiClient({ endpoint }),
    }));
    return client;
  };
  return {
    prefix: "",
    async post(connectionId, message) {
      const { sdk, api } = await connect();
      try {
        await api.send(new sdk.PostToConnectionCommand({ ConnectionId: connectionId, Data: message }));
        return true;
      } catch (error) {
        if (isGone(error)) return false;
        throw error;
      }
    },
    async close(connectionId) {
      const { sdk, api } = await connect();
      try {
        await api.send(new sdk.DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    },
    closeAt() {
      // Nothing runs on a timer in a Lambda: the fan-out closes a connection past its expiry.
    },
  };
}
