import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Portuguese, of Brazil and Portugal. `limão` is read as a lime, as in Brazil (a lemon is a
 * `limão-siciliano`); `couve` as cabbage (Portugal), `couve-manteiga` as collard greens (Brazil).
 *
 * Sources: Units as in Brazilian and Portuguese cookbooks (colher de sopa 15 ml, colher de chá 5 ml,
 * colher de sobremesa 10 ml, xícara 240 ml, copo 200 ml); package weights as sold in Brazil: fermento
 * biológico fresco tablete 15 g, seco envelope 10 g (Fleischmann), gelatina incolor envelope 12 g,
 * creme de leite caixinha 200 g, leite condensado lata 395 g; tomate pelado, grão-de-bico lata 400 g.
 */
export const pt: Language = {
  code: "pt",
  decimalComma: true,
  units: [
    [
      "colher de sopa/colheres de sopa|colher (sopa)/colheres (sopa)|c. de sopa|c. sopa|c.s.|colher sopa|" +
        "colheres sopa|colher/colheres",
      "tablespoon",
      15,
    ],
    ["colher de sobremesa/colheres de sobremesa|colher (sobremesa)/colheres (sobremesa)", "tablespoon", 10],
    [
      "colher de chá/colheres de chá|colher (chá)/colheres (chá)|c. de chá|c. chá|c.c.|colher chá|colheres chá|" +
        "colherzinha/colherzinhas|colher de café/colheres de café",
      "teaspoon",
      5,
    ],
    [
      "xícara/xícaras|xícara (chá)/xícaras (chá)|xícara de chá/xícaras de chá|chávena/chávenas|xíc.|xic.",
      "cup",
      240,
    ],
    ["copo/copos|copo americano/copos americanos", "glass", 200],
    ["pitada/pitadas", "pinch"],
    ["dente/dentes", "clove"],
    ["maço/maços|molho/molhos|ramo/ramos", "bunch"],
    ["raminho/raminhos|galho/galhos|pé/pés", "sprig"],
    ["fatia/fatias|rodela/rodelas", "slice"],
    ["folha/folhas", "leaf"],
    ["saqueta/saquetas|sachê/sachês|pacotinho/pacotinhos", "packet"],
    ["pacote/pacotes|embalagem/embalagens", "package"],
    ["lata/latas", "can"],
    ["frasco/frascos|pote/potes|vidro/vidros", "jar"],
    ["caixa/caixas|caixinha/caixinhas", "carton"],
    ["unidade/unidades|un.|unid.", "piece"],
    ["punhado/punhados|mão cheia", "handful"],
    ["gota/gotas", "drop"],
    ["pingo/pingos", "dash"],
    ["cabeça/cabeças", "head"],
    ["talo/talos", "stalk"],
    ["tablete/tabletes|cubo/cubos", "cube"],
    ["litro/litros", "liter"],
    ["mililitro/mililitros", "milliliter"],
    ["decilitro/decilitros", "deciliter"],
    ["grama/gramas", "gram"],
    ["quilo/quilos|quilograma/quilogramas", "kilogram"],
  ],
  numbers: NUMBER_WORDS.pt,
  vague: "pitada|pouco|pouquinho|punhado|fio|algumas|alguns|gotas",
  notes:
    "a gosto|à gosto|q.b.|qb|quanto baste|quanto baste|para servir|para decorar|para untar|para polvilhar|" +
    "para fritar|opcional|ou mais",
  of: "de|do|da|dos|das|d'",
  ranges: RANGE_WORDS.pt,
  about: "aprox.|aproximadamente|cerca de|mais ou menos",
  each: "cada",
  headers: "Para",
  descriptive:
    "picado|ralado|cortado|fresco|grande|pequeno|médio|maduro|descascado|sem|pele|sementes|finamente|em|cubos|" +
    "cubinhos|rodelas|tiras|derretido|amolecido|mole|frio|quente|morno|ambiente|temperatura|moído|batido|" +
    "escorrido|lavado|congelado|descongelado|torrado|cozido|cru|inteiro|fino|orgânico|bio|peneirado|espremido|" +
    "fatiado|amassado|triturado|bem|picadinho|pedaços|gelado|grosseiramente",
  and: "e|ou",
  inflections: [
    ["", "s"],
    ["", "es"],
    ["o", "a"],
    ["o", "os"],
    ["o", "as"],
    ["ão", "ões"],
    ["ão", "ães"],
    ["l", "is"],
  ],
  headFirst: true,
  compounds: false,
};
