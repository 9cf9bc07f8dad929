/**
 * `npm run bench:live`: the live API under load on the local server. N WebSocket connections
 * (default 200) follow M shared lists (default 50; connection i follows list i mod M), and each list
 * changes once a second (an item ticked or unticked with `PUT …/items/<id>`, the lists' changes
 * spread evenly over the second). The connections and the changes come from a child process
 * (scripts/lib/bench-live-clients.ts), so the server's CPU account holds only the server's work: the
 * PUTs, their fan-out and the WebSocket frames. Prints the delivery latency (from sending the PUT to
 * the subscriber receiving its message) p50/p99 and the server's CPU µs per delivered message.
 *
 * `-- --connections N --lists M --seconds S` change the load (defaults 200, 50, 20). Database:
 * embedded in-memory PGlite; with DATABASE_URL the database `recipes_bench_live` is dropped and
 * recreated on that server for every run.
 */
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import { prepareBenchEnvironment } from "./lib/bench-env.ts";
import type { LiveBenchReport, LiveBenchSpec } from "./lib/bench-live-clients.ts";

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer.`);
  return value;
}

const CONNECTIONS = flag("connections", 200);
const LISTS = flag("lists", 50);
const SECONDS = flag("seconds", 20);
const MEMBERS = 4;
const BENCH_DB = "recipes_bench_live";

// Before core/config.ts is first imported (below, dynamically).
const { onPostgres } = await prepareBenchEnvironment(BENCH_DB);

const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");
const { startSession } = await import("../core/session/service.ts");
const { createHousehold } = await import("../core/household/service.ts");
const { addItem, createShoppingList } = await import("../core/shopping-list/service.ts");
const { insertUser } = await import("../core/user/repository.ts");
const { createApiServer } = await import("./lib/http-server.ts");
const { median } = await import("./lib/median.ts");

const db = getDb();
await migrateToLatest(db);

// One household of MEMBERS people sharing LISTS lists of one item each; connections take turns
// among the members, so every subscriber is a member of the list's household (the sharing rule runs
// for each of them on every change).
const members = [];
for (let i = 0; i < MEMBERS; i++) {
  const user = await insertUser(db, {
    username: `bench-live-${i}`,
    email: `bench-live-${i}@example.com`,
    password_hash: "not-a-password",
    role: "user",
  });
  members.push({ id: user.id, username: user.username, role: user.role });
}
const [first] = members;
if (!first) throw new Error("no members");
const household = await createHousehold(db, { name: "Bench" }, first);
await db
  .insertInto("household_members")
  .values(
    members.slice(1).map((m) => ({ household_id: household.id, user_id: m.id, role: "member" as const })),
  )
  .execute();
const lists: LiveBenchSpec["lists"] = [];
for (let i = 0; i < LISTS; i++) {
  const list = await createShoppingList(db, { name: `List ${i}`, household_id: household.id }, first);
  const { item } = await addItem(db, list.id, { name: "bread" }, first);
  lists.push({ id: list.id, itemId: item.id });
}
const tokens = await Promise.all(
  members.map(async (m) => (await startSession(db, m, "password", "bench:live")).access_token),
);

const server = createApiServer();
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

const spec: LiveBenchSpec = {
  apiUrl: `http://127.0.0.1:${port}/api/v1`,
  liveUrl: `ws://127.0.0.1:${port}/api/v1/live`,
  connections: CONNECTIONS,
  seconds: SECONDS,
  lists,
  tokens,
};
console.log(
  `live bench: ${CONNECTIONS} connections following ${LISTS} shared lists, one change per list per second, ` +
    `${SECONDS} s (${onPostgres ? `PostgreSQL ${BENCH_DB}` : "embedded PGlite in memory"})`,
);

// The child says when the measured window opens (all subscribed) and closes; the CPU in between is the server's.
const clients = fork(new URL("./lib/bench-live-clients.ts", import.meta.url), [JSON.stringify(spec)], {
  execArgv: ["--import", "tsx"],
});
let cpuStart: NodeJS.CpuUsage | undefined;
let cpu: NodeJS.CpuUsage | undefined;
const report = await new Promise<LiveBenchReport>((resolve, reject) => {
  clients.on(
    "message",
    (message: { type: "start" } | { type: "stop" } | ({ type: "report" } & LiveBenchReport)) => {
      if (message.type === "start") cpuStart = process.cpuUsage();
      else if (message.type === "stop") cpu = process.cpuUsage(cpuStart);
      else resolve(message);
    },
  );
  clients.on("exit", (code) => reject(new Error(`the clients' process ended (${code}) before its report`)));
});

const sorted = [...report.latenciesMs].sort((a, b) => a - b);
const percentile = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const cpuMicros = cpu ? cpu.user + cpu.system : NaN;
const delivered = report.latenciesMs.length;
console.log(`  changes made:        ${report.changes} (${report.failedChanges} failed)`);
console.log(`  messages delivered:  ${delivered} of ${report.expected}`);
console.log(
  `  delivery latency:    p50 ${median(report.latenciesMs).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms, ` +
    `max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
);
console.log(
  `  server CPU:          ${(cpuMicros / 1e6).toFixed(2)} s in ${SECONDS} s, ${Math.round(cpuMicros / delivered)} µs per ` +
    `delivered message (${Math.round(cpuMicros / report.changes)} µs per change: its PUT, fan-out and frames)`,
);

server.close();
await closeDb();
process.exit(0);
