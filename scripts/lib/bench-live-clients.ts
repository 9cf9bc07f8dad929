/**
 * The load of `npm run bench:live` (scripts/bench-live.ts), in a process of its own: opens the
 * WebSocket connections, subscribes connection i to list i mod M, then changes every list once a
 * second (a PUT that ticks or unticks its item, the lists spread evenly over the second) and times
 * each message from the moment its PUT was sent. Tells its parent when the measured window opens
 * and closes, then sends the report.
 */
import WebSocket from "ws";

export type LiveBenchSpec = {
  apiUrl: string;
  liveUrl: string;
  connections: number;
  seconds: number;
  lists: { id: number; itemId: number }[];
  /** Access tokens of the household's members; connection i uses token i mod their number. */
  tokens: string[];
};

export type LiveBenchReport = {
  changes: number;
  failedChanges: number;
  /** Messages every subscriber should have received. */
  expected: number;
  /** One per message received, ms from sending the PUT that caused it. */
  latenciesMs: number[];
};

const spec = JSON.parse(process.argv[2] ?? "{}") as LiveBenchSpec;
const send = (message: unknown) => process.send?.(message);

/** When the change of each list that made each version was sent: `${list}:${version}` → ms. */
const sentAt = new Map<string, number>();
const latenciesMs: number[] = [];
let measuring = false;

async function open(index: number): Promise<WebSocket> {
  const socket = new WebSocket(spec.liveUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const list = spec.lists[index % spec.lists.length] as { id: number };
  const token = spec.tokens[index % spec.tokens.length] as string;
  const answer = new Promise<{ type: string }>((resolve) =>
    socket.once("message", (data) => resolve(JSON.parse(data.toString()))),
  );
  socket.send(JSON.stringify({ action: "subscribe", token, lists: [list.id] }));
  const reply = await answer;
  if (reply.type !== "subscribed") throw new Error(`subscribe refused: ${JSON.stringify(reply)}`);
  socket.on("message", (data) => {
    const received = performance.now();
    const message = JSON.parse(data.toString()) as {
      type: string;
      list_id: number;
      item?: { version: number };
    };
    const started = message.item && sentAt.get(`${message.list_id}:${message.item.version}`);
    if (measuring && started !== undefined) latenciesMs.push(received - started);
  });
  return socket;
}

const sockets: WebSocket[] = [];
// A few at a time, as clients arrive.
for (let i = 0; i < spec.connections; i += 20) {
  const batch = Array.from({ length: Math.min(20, spec.connections - i) }, (_, j) => open(i + j));
  sockets.push(...(await Promise.all(batch)));
}
const subscribers = new Map<number, number>();
for (let i = 0; i < spec.connections; i++) {
  const list = spec.lists[i % spec.lists.length]?.id as number;
  subscribers.set(list, (subscribers.get(list) ?? 0) + 1);
}

const versions = new Map<number, number>(spec.lists.map((list) => [list.id, 1]));
const checked = new Map<number, boolean>(spec.lists.map((list) => [list.id, false]));
let changes = 0;
let failedChanges = 0;
let expected = 0;
const inFlight: Promise<void>[] = [];

async function change(list: { id: number; itemId: number }, token: string): Promise<void> {
  const next = !checked.get(list.id);
  checked.set(list.id, next);
  const version = (versions.get(list.id) ?? 1) + 1;
  versions.set(list.id, version);
  sentAt.set(`${list.id}:${version}`, performance.now());
  changes++;
  expected += subscribers.get(list.id) ?? 0;
  const response = await fetch(`${spec.apiUrl}/shopping-lists/${list.id}/items/${list.itemId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ checked: next }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) failedChanges++;
}

send({ type: "start" });
measuring = true;
const spacingMs = 1000 / spec.lists.length;
const started = performance.now();
for (let second = 0; second < spec.seconds; second++) {
  for (const [i, list] of spec.lists.entries()) {
    const due = started + second * 1000 + i * spacingMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(change(list, spec.tokens[i % spec.tokens.length] as string));
  }
}
await Promise.all(inFlight);
// The last messages follow their PUT's answer by a moment: wait until all arrived, or 2 s.
const deadline = performance.now() + 2000;
while (latenciesMs.length < expected && performance.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 10));
}
send({ type: "stop" });
measuring = false;
for (const socket of sockets) socket.terminate();
const report: LiveBenchReport & { type: "report" } = {
  type: "report",
  changes,
  failedChanges,
  expected,
  latenciesMs,
};
process.send?.(report, () => process.exit(0));
