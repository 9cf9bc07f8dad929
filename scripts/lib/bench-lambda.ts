/**
 * The benchmark's Lambda path, in a process of its own configured as a Lambda is
 * (AWS_LAMBDA_FUNCTION_NAME set, so config.inLambda): the recipe detail handler called the way the
 * Lambda runtime calls it, one event at a time, beside its statement and JSON alone (the floor), in
 * alternating blocks so that a busy moment of the machine weighs on both sides alike. A process of
 * its own, because a Lambda runs what this one runs and nothing else: the local server in the
 * benchmark's process keeps each request's grants in AsyncLocalStorage, whose promise hooks would
 * then slow every promise here, the floor's too. Prints { handler, floor, ratio } (CPU µs per call,
 * and the ratio of the two sides' totals) as JSON. Argument: the recipe id. Needs DATABASE_URL (PostgreSQL).
 */
const detailId = Number(process.argv[2]);
const { handler } = await import("../../functions/recipes/get.ts");
const { toEvent } = await import("../../functions/lib/local.ts");
const { closeDb, getDb } = await import("../../core/db.ts");
const { findRecipeById } = await import("../../core/recipe/repository.ts");

const db = getDb();
const event = () =>
  toEvent({ method: "GET", url: `/api/v1/recipes/${detailId}` }, "GET /api/v1/recipes/{recipe_id}", {
    recipe_id: String(detailId),
  });
const handlerCall = () => handler(event(), {} as never);
const floorCall = async () => JSON.stringify(await findRecipeById(db, detailId));

/** CPU µs of `calls` calls in a row. */
async function cpuOf(call: () => Promise<unknown>, calls: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const answer = await handlerCall();
if (answer.statusCode !== 200) throw new Error(`the detail handler answered ${answer.statusCode}`);
await cpuOf(handlerCall, 1000);
await cpuOf(floorCall, 1000);
// Short blocks, alternating: this machine's speed changes within a fraction of a second, and blocks of
// 20 calls put the two sides through the same moments; the sums of many blocks decide.
const BLOCKS = 400;
const BLOCK = 20;
let handlerCpu = 0;
let floorCpu = 0;
for (let i = 0; i < BLOCKS; i++) {
  handlerCpu += await cpuOf(handlerCall, BLOCK);
  floorCpu += await cpuOf(floorCall, BLOCK);
}
await closeDb();
const calls = BLOCKS * BLOCK;
process.stdout.write(
  JSON.stringify({ handler: handlerCpu / calls, floor: floorCpu / calls, ratio: handlerCpu / floorCpu }),
);
