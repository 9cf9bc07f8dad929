/** One JSON line per request. Never given bodies, headers, tokens or passwords. */
import { config } from "../../core/config.ts";

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
};
