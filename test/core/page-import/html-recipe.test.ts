/** Recipes in pages without schema.org: recipe cards and microformats, then the page's own headings (html-recipe.ts). */
import { describe, expect, it } from "vitest";
import { htmlRecipe } from "../../../core/page-import/html-recipe.ts";

const page = (body: string, head = "") =>
  `<!doctype html><html><head><title>Site | A recipe</title>${head}</head><body>${body}</body></html>`;

describe("htmlRecipe: recipe cards and microformats", () => {
  it("reads a WP Recipe Maker card: name, each ingredient's parts as one line, steps, servings", () => {
    const html = page(`<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Lemon bars</h2>
      <span class="wprm-recipe-servings wprm-block-text-normal">16</span>
      <ul class="wprm-recipe-ingredients">
        <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">1&nbsp;1/2</span> <span class="wprm-recipe-ingredient-unit">cups</span> <span class="wprm-recipe-ingredient-name">flour</span></li>
        <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">3</span> <span class="wprm-recipe-ingredient-name">lemons</span><span class="wprm-recipe-ingredient-notes">, juiced</span></li>
      </ul>
      <ul class="wprm-recipe-instructions">
        <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Bake the base.</div></li>
        <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Pour &amp; bake again.</div></li>
      </ul></div>`);
    expect(htmlRecipe(html)).toEqual({
      "@type": "Recipe",
      name: "Lemon bars",
      recipeIngredient: ["1 1/2 cups flour", "3 lemons, juiced"],
      recipeInstructions: ["Bake the base.", "Pour & bake again."],
      recipeYield: "16",
    });
  });

  it("reads a Tasty Recipes card's lists", () => {
    const html = page(`<div class="tasty-recipes"><h2 class="tasty-recipes-title">Banana bread</h2>
      <span class="tasty-recipes-yield">1 loaf (12 slices)</span>
      <div class="tasty-recipes-ingredients"><h4>Ingredients</h4><ul><li>3 bananas</li><li>250 g flour</li></ul></div>
      <div class="tasty-recipes-instructions"><ol><li>Mash.</li><li>Mix and bake.</li></ol></div></div>`);
    expect(htmlRecipe(html)).toMatchObject({
      name: "Banana bread",
      recipeIngredient: ["3 bananas", "250 g flour"],
      recipeInstructions: ["Mash.", "Mix and bake."],
      recipeYield: "1 loaf (12 slices)",
    });
  });

  it("reads an h-recipe, its instructions line by line when they are not a list", () => {
    const html = page(`<article class="h-recipe"><h1 class="p-name">Pancakes</h1>
      <p>Serves <span class="p-yield">4</span></p>
      <ul><li class="p-ingredient">2 eggs</li><li class="p-ingredient">300 ml milk</li></ul>
      <div class="e-instructions">Whisk everything.<br>Fry in butter.</div></article>`);
    expect(htmlRecipe(html)).toMatchObject({
      name: "Pancakes",
      recipeIngredient: ["2 eggs", "300 ml milk"],
      recipeInstructions: ["Whisk everything.", "Fry in butter."],
      recipeYield: "4",
    });
  });
});

describe("htmlRecipe: the page's own headings", () => {
  it("reads the lists after 'Zutaten' (every list, subheadings aside) and the steps after 'Zubereitung'", () => {
    const html = page(`<h1>Apfelkuchen</h1><p>Ein Klassiker.</p>
      <h2>Zutaten:</h2><h3>Für den Teig</h3><ul><li>200 g Mehl</li><li>100 g Butter</li></ul>
      <h3>Für den Belag</h3><ul><li>4 Äpfel</li></ul>
      <h2>Zubereitung</h2><ol><li>Teig kneten.</li><li>Äpfel schneiden und backen.</li></ol>
      <h2>Kommentare</h2><ul><li>Lecker!</li></ul>`);
    expect(htmlRecipe(html)).toEqual({
      "@type": "Recipe",
      name: "Apfelkuchen",
      recipeIngredient: ["200 g Mehl", "100 g Butter", "4 Äpfel"],
      recipeInstructions: ["Teig kneten.", "Äpfel schneiden und backen."],
    });
  });

  it("takes the method's paragraphs when it has no list, headings written in bold, the title from og:title", () => {
    const html = page(
      `<p><strong>Ingredients</strong></p><ul><li>1 onion</li><li>2 carrots</li></ul>
      <p><strong>Method:</strong></p><p>Chop the vegetables.</p><p>Simmer for 20 minutes.</p>
      <h3>Notes</h3><p>Keeps for two days.</p>`,
      `<meta property="og:title" content="Carrot soup">`,
    );
    expect(htmlRecipe(html)).toMatchObject({
      name: "Carrot soup",
      recipeIngredient: ["1 onion", "2 carrots"],
      recipeInstructions: ["Chop the vegetables.", "Simmer for 20 minutes."],
    });
  });

  it("reads ingredients and steps written as paragraphs, one a line", () => {
    const html = page(`<h1>Flatbread</h1><h2>Ingredients</h2><p>250 g flour<br>1 tsp salt<br>150 ml water</p>
      <h2>Directions</h2><p>Mix everything into a dough.<br>Rest 10 minutes.</p><p>Roll out and fry.</p>`);
    expect(htmlRecipe(html)).toMatchObject({
      name: "Flatbread",
      recipeIngredient: ["250 g flour", "1 tsp salt", "150 ml water"],
      recipeInstructions: ["Mix everything into a dough.", "Rest 10 minutes.", "Roll out and fry."],
    });
  });

  it("takes no line from a page's chrome, another part, a menu's link or a group's own item", () => {
    const html =
      page(`<nav><a href="/i"><span>Ingredients</span></a><ul><li>Recipes</li><li>Cuisines</li></ul></nav>
      <h1>Crumble</h1><h2>Ingredients</h2><ul><li>For the topping<ul><li>100 g flour</li><li>50 g butter</li></ul></li>
      <li>4 apples</li></ul><h2>Equipment</h2><ul><li>Whisk</li></ul>
      <h2>Method</h2><p>Rub the butter into the flour.</p><p>Bake over the apples.</p>
      <footer><ul><li>Home</li><li>About us</li></ul></footer>`);
    expect(htmlRecipe(html)).toMatchObject({
      name: "Crumble",
      recipeIngredient: ["100 g flour", "50 g butter", "4 apples"],
      recipeInstructions: ["Rub the butter into the flour.", "Bake over the apples."],
    });
  });

  it("a card's own headings are not lines; of two cards the first is the recipe", () => {
    const card = (
      name: string,
    ) => `<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">${name}</h2>
      <ul><li class="wprm-recipe-ingredient">1 egg</li><li class="wprm-recipe-ingredient">2 tbsp ${name}</li></ul>
      <div class="wprm-recipe-instruction-text">Cook the ${name}.</div></div>`;
    expect(htmlRecipe(page(card("leeks") + card("peas")))).toMatchObject({
      name: "leeks",
      recipeIngredient: ["1 egg", "2 tbsp leeks"],
      recipeInstructions: ["Cook the leeks."],
    });
    const tasty =
      page(`<div class="tasty-recipes-ingredients"><h4>Ingredients</h4><p>250 g flour<br>1 tsp salt</p></div>
      <div class="tasty-recipes-instructions"><h4>Instructions:</h4><p>Knead.</p></div>`);
    expect(htmlRecipe(tasty)).toMatchObject({
      recipeIngredient: ["250 g flour", "1 tsp salt"],
      recipeInstructions: ["Knead."],
    });
  });

  it("finds no recipe in an article that only names its ingredients, or has no method", () => {
    expect(
      htmlRecipe(
        page("<h1>On salt</h1><h2>Ingredients</h2><ul><li>salt</li></ul><h2>Method</h2><p>Salt it.</p>"),
      ),
    ).toBeUndefined();
    expect(
      htmlRecipe(page("<h1>Shopping</h1><h2>Ingredients</h2><ul><li>salt</li><li>flour</li></ul>")),
    ).toBeUndefined();
    expect(htmlRecipe(page("<h1>News</h1><p>Nothing to cook here.</p>"))).toBeUndefined();
    // A shampoo: ingredients and directions, but no amount anywhere.
    const shampoo = page(`<h1>Shampoo</h1><h3>Ingredients</h3><p>Aqua<br>Sodium Laureth Sulfate<br>Parfum</p>
      <h3>Directions</h3><p>Apply to wet hair and rinse.</p>`);
    expect(htmlRecipe(shampoo)).toBeUndefined();
  });
});
