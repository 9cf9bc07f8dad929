/** Socket error codes that mean a server (the database, the object store) could not be reached. */
export const UNREACHABLE_CODES: readonly string[] = [
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
];
