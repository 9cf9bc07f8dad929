/**
 * The process's JSON log lines: one per request (the pipeline), and events the code reports on its
 * own (a dropped database connection, work after a commit that failed). Never given bodies,
 * headers, tokens or passwords.
 */
import { config } from "./config.ts";

export type LogLine = {
  level: "info" | "error";
  request_id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  error?: { name: string; message: string; stack?: string };
};

export const logger = {
  /** Replaceable so tests can read what would be written. */
  write: (line: string): void => {
    if (config.logLevel !== "silent") process.stdout.write(`${line}\n`);
  },
  request(line: LogLine): void {
    logger.write(JSON.stringify({ time: new Date().toISOString(), ...line }));
  },
  /** Something that went wrong outside a request's answer: `event` names it, the rest says what. */
  error(event: string, fields: Record<string, unknown>): void {
    logger.write(JSON.stringify({ time: new Date().toISOString(), level: "error", event, ...fields }));
  },
};
