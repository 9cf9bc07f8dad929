/** The microdata reader (core/page-import/microdata.ts) on small pages, one rule of the algorithm at a time. */
import { describe, expect, it } from "vitest";
import { type MicrodataValue, readMicrodata } from "../../../core/page-import/microdata.ts";

const BASE = "https://cook.example/recipes/pie";
const RECIPE = "https://schema.org/Recipe";

/** The properties of the page's only item; `base` null for a page read without its address. */
function propertiesOf(body: string, base: string | null = BASE) {
  const items = readMicrodata(`<div itemscope itemtype="${RECIPE}">${body}</div>`, base ?? undefined);
  expect(items).toHaveLength(1);
  return items[0]?.properties;
}

describe("readMicrodata", () => {
  it("reads an item's types, id and text properties", () => {
    const html = `<div itemscope itemtype="${RECIPE} https://example.org/Dish ${RECIPE}" itemid=" #pie ">
      <h1 itemprop="name">Apple &amp; <b>pear</b> pie</h1></div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      {
        type: [RECIPE, "https://example.org/Dish"],
        id: "https://cook.example/recipes/pie#pie",
        properties: { name: ["Apple & pear pie"] },
      },
    ]);
  });

  it("gives an element with several names its value under each, and repeated names all values in order", () => {
    expect(
      propertiesOf(`<h1 itemprop="name headline name">Pie</h1>
        <li itemprop="recipeIngredient">flour</li><li itemprop="recipeIngredient">butter</li>`),
    ).toEqual({ name: ["Pie"], headline: ["Pie"], recipeIngredient: ["flour", "butter"] });
  });

  it("takes each element's value where the spec says", () => {
    expect(
      propertiesOf(`
        <meta itemprop="prepTime" content="PT10M"><meta itemprop="empty">
        <img itemprop="image" src="img/pie.jpg"><video itemprop="video" src="/v.mp4"></video>
        <audio itemprop="audio" src="a.mp3"></audio><embed itemprop="embed" src="e.swf">
        <iframe itemprop="iframe" src="//player.example/1"></iframe><source itemprop="source" src="s.webm">
        <track itemprop="track" src="t.vtt">
        <a itemprop="url" href="../pie?x=1#top">link</a><area itemprop="area" href="map">
        <link itemprop="sameAs" href="https://other.example/pie"><object itemprop="object" data="o.pdf"></object>
        <data itemprop="recipeYield" value="4">four</data><meter itemprop="ratingValue" value="4.5"></meter>
        <time itemprop="cookTime" datetime="PT1H">an hour</time><time itemprop="totalTime">70 minutes</time>
        <span itemprop="description">Best <i>ever</i></span>`),
    ).toEqual({
      prepTime: ["PT10M"],
      empty: [""],
      image: ["https://cook.example/recipes/img/pie.jpg"],
      video: ["https://cook.example/v.mp4"],
      audio: ["https://cook.example/recipes/a.mp3"],
      embed: ["https://cook.example/recipes/e.swf"],
      iframe: ["https://player.example/1"],
      source: ["https://cook.example/recipes/s.webm"],
      track: ["https://cook.example/recipes/t.vtt"],
      url: ["https://cook.example/pie?x=1#top"],
      area: ["https://cook.example/recipes/map"],
      sameAs: ["https://other.example/pie"],
      object: ["https://cook.example/recipes/o.pdf"],
      recipeYield: ["4"],
      ratingValue: ["4.5"],
      cookTime: ["PT1H"],
      totalTime: ["70 minutes"],
      description: ["Best ever"],
    });
  });

  it("keeps text as textContent has it (spaces, script text), with <br> as a line break", () => {
    expect(
      propertiesOf(`<div itemprop="recipeInstructions">
  Mix.<br>Bake.<br/><!-- note -->Cool.<script>x()</script></div>`),
    ).toEqual({ recipeInstructions: ["\n  Mix.\nBake.\nCool.x()"] });
  });

  it("takes a `content` attribute on an element otherwise valued by its text", () => {
    expect(propertiesOf(`<span itemprop="totalTime" content="PT1H">1 hour</span>`)).toEqual({
      totalTime: ["PT1H"],
    });
  });

  it("keeps empty, unresolvable and (with no base) relative URLs as written", () => {
    const body = `<img itemprop="image" src=""><a itemprop="url" href="http://[bad">x</a>
      <link itemprop="sameAs" href="/pie"><a itemprop="author" href="https://cook.example/ann">Ann</a>`;
    expect(propertiesOf(body)).toEqual({
      image: [""],
      url: ["http://[bad"],
      sameAs: ["https://cook.example/pie"],
      author: ["https://cook.example/ann"],
    });
    expect(propertiesOf(body, null)).toEqual({
      image: [""],
      url: ["http://[bad"],
      sameAs: ["/pie"],
      author: ["https://cook.example/ann"],
    });
  });

  it("resolves against the page's <base href>", () => {
    const html = `<head><base href="https://cdn.example/media/"></head>
      <div itemscope><img itemprop="image" src="pie.jpg"></div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      { type: [], properties: { image: ["https://cdn.example/media/pie.jpg"] } },
    ]);
  });

  it("nests items, their own properties staying with them", () => {
    const html = `<div itemscope itemtype="${RECIPE}"><span itemprop="name">Pie</span>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person" itemid="/people/ann">
        <span itemprop="name">Ann</span></div>
      <ol><li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
        <span itemprop="text">Bake.</span></li></ol></div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      {
        type: [RECIPE],
        properties: {
          name: ["Pie"],
          author: [
            {
              type: ["https://schema.org/Person"],
              id: "https://cook.example/people/ann",
              properties: { name: ["Ann"] },
            },
          ],
          recipeInstructions: [{ type: ["https://schema.org/HowToStep"], properties: { text: ["Bake."] } }],
        },
      },
    ]);
  });

  it("lists top-level items in tree order, and an item with itemprop that no item claims among them", () => {
    const html = `<div itemscope itemtype="https://schema.org/WebSite"><span itemprop="name">Cook</span></div>
      <article itemprop="mainEntity" itemscope itemtype="${RECIPE}"><h1 itemprop="name">Pie</h1></article>
      <div itemscope></div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      { type: ["https://schema.org/WebSite"], properties: { name: ["Cook"] } },
      { type: [RECIPE], properties: { name: ["Pie"] } },
      { type: [], properties: {} },
    ]);
  });

  it("follows itemref to elements anywhere in the page, properties in tree order", () => {
    const html = `<p id="intro" itemprop="description">Flaky.</p><li id="salt" itemprop="recipeIngredient">salt</li>
      <div itemscope itemtype="${RECIPE}" itemref="more missing intro salt">
        <h1 itemprop="name">Pie</h1><li itemprop="recipeIngredient">flour</li></div>
      <ul id="more"><li itemprop="recipeIngredient">butter</li><li itemprop="recipeIngredient">sugar</li></ul>`;
    expect(readMicrodata(html, BASE)).toEqual([
      {
        type: [RECIPE],
        properties: {
          description: ["Flaky."],
          recipeIngredient: ["salt", "flour", "butter", "sugar"],
          name: ["Pie"],
        },
      },
    ]);
  });

  it("reads a property reached twice (its subtree and an itemref) once", () => {
    const html = `<div itemscope itemref="n n"><span id="n" itemprop="name">Pie</span></div>`;
    expect(readMicrodata(html, BASE)).toEqual([{ type: [], properties: { name: ["Pie"] } }]);
  });

  it("never puts an item inside itself through an itemref cycle", () => {
    const html = `<div itemscope itemtype="https://schema.org/Thing">
        <div id="a" itemprop="part" itemscope itemref="b a"><span itemprop="name">A</span></div></div>
      <div id="b" itemprop="part" itemscope itemref="a"><span itemprop="name">B</span></div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      {
        type: ["https://schema.org/Thing"],
        properties: {
          part: [
            { type: [], properties: { name: ["A"], part: [{ type: [], properties: { name: ["B"] } }] } },
          ],
        },
      },
    ]);
  });

  it("reads malformed HTML as a browser-like parser repairs it, and gives [] for pages without items", () => {
    const html = `<DIV ItemScope ITEMTYPE='${RECIPE}'><span itemprop=name>Pie<p itemprop=description>Open <b>bold</div>`;
    expect(readMicrodata(html, BASE)).toEqual([
      { type: [RECIPE], properties: { name: ["PieOpen bold"], description: ["Open bold"] } },
    ]);
    for (const page of ["", "<p>Hello</p>", "<<<>>>", "<div itemprop=name>x</div>", "\u0000itemscope"])
      expect(readMicrodata(page, BASE)).toEqual([]);
  });

  it("survives deep nesting: a page past the parser's bound gives nothing, items nested past 50 are left out", () => {
    const deepText = (n: number) =>
      `<div itemscope><div itemprop="name">${"<i>".repeat(n)}deep${"</i>".repeat(n)}</div></div>`;
    expect(readMicrodata(deepText(500), BASE)).toEqual([{ type: [], properties: { name: ["deep"] } }]);
    expect(readMicrodata(deepText(20_000), BASE)).toEqual([]);

    const n = 500;
    const deepItems = `<div itemscope>${'<div itemprop="x" itemscope>'.repeat(n)}${"</div>".repeat(n)}</div>`;
    let depth = 0;
    let value: MicrodataValue | undefined = readMicrodata(deepItems, BASE)[0];
    for (; typeof value === "object"; value = value.properties.x?.[0]) depth += 1;
    expect(depth).toBe(50);
  });

  it("stops at 10,000 items read when itemrefs would expand a page exponentially", () => {
    let html = `<div itemscope itemref="a0 b0"></div>`;
    for (let i = 0; i < 40; i += 1) {
      const refs = `itemref="a${i + 1} b${i + 1}"`;
      html += `<div id="a${i}" itemprop="p" itemscope ${refs}></div><div id="b${i}" itemprop="p" itemscope ${refs}></div>`;
    }
    const count = (value: MicrodataValue): number =>
      typeof value === "string"
        ? 0
        : 1 +
          Object.values(value.properties)
            .flat()
            .reduce((n, v) => n + count(v), 0);
    const items = readMicrodata(html, BASE);
    expect(items).toHaveLength(1);
    expect(count(items[0] ?? "")).toBe(10_000);
  });

  it("stops reading past its work bound when nested text properties repeat a page's text", () => {
    const text = "a".repeat(20_000);
    const page = `<div itemscope>${"<div itemprop=x>".repeat(500)}${text}`;
    const values = readMicrodata(page, BASE)[0]?.properties.x ?? [];
    expect(values[0]).toBe(text);
    expect(values.join("").length).toBeLessThanOrEqual(5_000_000 + text.length);
  });
});
