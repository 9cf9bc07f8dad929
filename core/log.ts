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

/** A request line's `error`, for a failure: what went wrong and where (never a request's data). */
export const errorOfLog = (error: Error | null | undefined): Pick<LogLine, "error"> =>
  error ? { error: { name: error.name, message: error.message, stack: error.stack } } : {};

const toStdout = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

export const logger = {
  /**
   * Where lines go: stdout, or nowhere with LOG_LEVEL=silent, and then no line is even built.
   * Replaceable so tests can read what would be written.
   */
  write: (config.logLevel === "silent" ? undefined : toStdout) as ((line: string) => void) | undefined,
  request(line: LogLine): void {
    logger.write?.(JSON.stringify({ time: new Date().toISOString(), ...line }));
  },
  /** Something that went wrong outside a request's answer: `event` names it, the rest says what. */
  error(event: string, fields: Record<string, unknown>): void {
    logger.write?.(JSON.stringify({ time: new Date().toISOString(), level: "error", event, ...fields }));
  },
};
