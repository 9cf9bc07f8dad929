/** What every handler returns: API Gateway's HTTP API (payload 2.0) response, and the local server's. */
export type HttpResponse = {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
};
