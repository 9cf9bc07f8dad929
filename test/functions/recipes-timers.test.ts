/**
 * GET /recipes/<id> carries each step's timers (CONTRACT.md: "cooking: timers in the steps"): read
 * from the step's text on every read, with offsets into `description`, for Public and signed-in
 * readers alike; a write's answer carries them too, an edited step's are its new text's, and a read
 * in other measures reads them from the converted text.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api } from "../helpers/api.ts";
import { makeCast, makeRecipe, type TestUser } from "../helpers/factories.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

const STEPS = [
  "Heat the oven to 350°F and butter a pan.",
  "Bake for 10–12 min, then cool for 1 hour 30 minutes.",
  "Den Teig 1½ Std. gehen lassen.",
];

describe("GET /recipes/<id>: timers in the steps", () => {
  it("every step carries its timers, with offsets into its description, for every reader", async () => {
    const recipe = await makeRecipe(owner, { steps: STEPS.map((description) => ({ description })) });
    for (const token of [undefined, owner.token, other.token, admin.token]) {
      const res = await api("GET", `/recipes/${recipe.id}`, token ? { token } : {});
      expect(res.status).toBe(200);
      expect(res.body.steps).toEqual([
        { step_number: 1, description: STEPS[0], timers: [] },
        {
          step_number: 2,
          description: STEPS[1],
          timers: [
            { seconds: 600, text: "10–12 min", start: 9, end: 18 },
            { seconds: 5400, text: "1 hour 30 minutes", start: 34, end: 51 },
          ],
        },
        {
          step_number: 3,
          description: STEPS[2],
          timers: [{ seconds: 5400, text: "1½ Std.", start: 9, end: 16 }],
        },
      ]);
      for (const step of res.body.steps as {
        description: string;
        timers: { text: string; start: number; end: number }[];
      }[]) {
        for (const timer of step.timers)
          expect(step.description.slice(timer.start, timer.end)).toBe(timer.text);
      }
    }
  });

  it("timers are not stored: the steps' rows hold only their text", async () => {
    const recipe = await makeRecipe(owner, { steps: [{ description: "Simmer 20 minutes." }] });
    const rows = await getDb()
      .selectFrom("recipe_steps")
      .selectAll()
      .where("recipe_id", "=", recipe.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).not.toContain("timers");
  });

  it("a create's and an update's answer carry them; an edited step's timers are its new text's", async () => {
    const created = await api("POST", "/recipes", {
      token: owner.token,
      json: { title: "Timed", steps: [{ description: "Rest 5 minutes." }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.steps[0].timers).toEqual([{ seconds: 300, text: "5 minutes", start: 5, end: 14 }]);
    const updated = await api("PUT", `/recipes/${created.body.id}`, {
      token: owner.token,
      json: { steps: [{ description: "Cuire 35 à 40 minutes, puis 2 cups of water." }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.steps[0].timers).toEqual([
      { seconds: 2100, text: "35 à 40 minutes", start: 6, end: 21 },
    ]);
    const read = await api("GET", `/recipes/${created.body.id}`);
    expect(read.body.steps).toEqual(updated.body.steps);
  });

  it("a read in other measures finds the timers in the converted text", async () => {
    const recipe = await makeRecipe(owner, {
      steps: [{ description: "Bake at 350 °F for 25 minutes." }],
    });
    const res = await api("GET", `/recipes/${recipe.id}?units=metric`);
    expect(res.status).toBe(200);
    const [step] = res.body.steps;
    expect(step.description).toBe("Bake at 180 °C for 25 minutes.");
    expect(step.timers).toEqual([{ seconds: 1500, text: "25 minutes", start: 19, end: 29 }]);
  });

  it("a step without a duration has none (amounts and temperatures are not timers)", async () => {
    const recipe = await makeRecipe(owner, {
      steps: [{ description: "Add 2 cups of flour and heat to 180 °C." }],
    });
    const res = await api("GET", `/recipes/${recipe.id}`);
    expect(res.body.steps[0].timers).toEqual([]);
  });

  it("an unknown recipe is still a 404", async () => {
    const res = await api("GET", "/recipes/2147483000");
    expect(res.status).toBe(404);
  });
});
