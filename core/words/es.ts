import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Spanish, of Spain and Latin America. `cc` is a cubic centimetre (a millilitre), not a teaspoon as
 * in French. A `rama` is a sprig of a herb and the stalk of celery (USDA's 40 g).
 *
 * Sources: Units as in Spanish and Latin American cookbooks (cucharada 15 ml, cucharadita 5 ml, taza
 * 240 ml as in Latin American recipes, vaso 200 ml, cc a millilitre); package weights as sold in Spain:
 * levadura química Royal sobre 16 g, levadura fresca pastilla 25 g, gelatina hoja 2 g, nata brik 200
 * ml, yogur 125 g, leche condensada lata 397 g, mozzarella 125 g, latas de tomate, garbanzos y alubias
 * 400 g, pastilla de caldo 10 g.
 */
export const es: Language = {
  code: "es",
  decimalComma: true,
  units: [
    [
      "cucharada/cucharadas|cda|cdas|cda.|cdas.|cucharada sopera/cucharadas soperas|cuchara/cucharas",
      "tablespoon",
      15,
    ],
    [
      "cucharadita/cucharaditas|cdta|cdtas|cdta.|cdtas.|cdita|cditas|cucharilla/cucharillas|cucharadita de café",
      "teaspoon",
      5,
    ],
    ["cc|c.c.|c.c|cm3", "milliliter"],
    ["taza/tazas", "cup", 240],
    ["vaso/vasos", "glass", 200],
    ["pizca/pizcas|pellizco/pellizcos", "pinch"],
    ["diente/dientes", "clove"],
    ["manojo/manojos|ramillete/ramilletes|atado/atados", "bunch"],
    ["ramita/ramitas|rama/ramas", "sprig"],
    ["rebanada/rebanadas|loncha/lonchas|lonja/lonjas|rodaja/rodajas|feta/fetas", "slice"],
    ["hoja/hojas", "leaf"],
    ["sobre/sobres|sobrecito/sobrecitos", "packet"],
    ["paquete/paquetes", "package"],
    ["lata/latas", "can"],
    ["bote/botes|frasco/frascos|tarro/tarros", "jar"],
    ["brik/briks|cartón/cartones", "carton"],
    ["pieza/piezas|unidad/unidades|ud.|uds.", "piece"],
    ["puñado/puñados", "handful"],
    ["gota/gotas", "drop"],
    ["chorro/chorros|chorrito/chorritos", "dash"],
    ["cabeza/cabezas", "head"],
    ["tallo/tallos", "stalk"],
    ["cubito/cubitos|pastilla/pastillas", "cube"],
    ["litro/litros", "liter"],
    ["mililitro/mililitros", "milliliter"],
    ["centilitro/centilitros", "centiliter"],
    ["decilitro/decilitros", "deciliter"],
    ["gramo/gramos", "gram"],
    ["kilogramo/kilogramos", "kilogram"],
    ["onza/onzas", "ounce"],
    ["libra/libras", "pound"],
  ],
  numbers: NUMBER_WORDS.es,
  vague: "pizca|poco|poquito|chorrito|chorro|puñado|pellizco|unas gotas|algunas|algunos|unos|unas|chorreón",
  notes:
    "al gusto|a gusto|c/n|c.n.|cantidad necesaria|cantidad suficiente|c/s|según gusto|para servir|para decorar|" +
    "para acompañar|para freír|para engrasar|para espolvorear|opcional|o más",
  of: "de|del|de la",
  ranges: RANGE_WORDS.es,
  about: "aprox.|aproximadamente|unos|unas|alrededor de|cerca de",
  each: "cada uno|cada una|c/u|cada",
  headers: "Para",
  descriptive:
    "picado|troceado|rallado|cortado|fresco|grande|pequeño|mediano|maduro|pelado|finamente|en|dados|trozos|" +
    "rodajas|tiras|juliana|derretido|blando|pomada|temperatura|ambiente|frío|caliente|tibio|molido|batido|" +
    "escurrido|lavado|congelado|descongelado|tostado|cocido|crudo|entero|fino|ecológico|bio|laminado|machacado|" +
    "triturado|aplastado|exprimido|tamizado|extra|sin|piel|semillas|hueso|muy|bien|recién|gordo",
  and: "y|e|o",
  inflections: [
    ["", "s"],
    ["", "es"],
    ["o", "a"],
    ["o", "os"],
    ["o", "as"],
    ["z", "ces"],
    ["ón", "ones"],
  ],
  headFirst: true,
  compounds: false,
};
