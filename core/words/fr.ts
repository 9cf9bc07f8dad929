import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * French. A `branche` is a sprig of a herb and the stalk of celery: the celery row gives its stalk's
 * weight (USDA, 40 g) as the weight of a `branche`.
 *
 * Sources: Units as in French cookbooks (c. à soupe 15 ml, c. à café 5 ml,
 * tasse 250 ml, verre 200 ml, cl and dl as in SI); package weights as sold in France: levure chimique
 * sachet 11 g (Alsa, Vahiné), sucre vanillé sachet 7.5 g (Vahiné), levure fraîche cube 42 g, gélatine
 * feuille 2 g, beurre plaquette 250 g, crème liquide brique 20 cl, yaourt pot 125 g, crème fraîche pot
 * 20 cl, mascarpone 250 g, mozzarella 125 g, boîtes de tomates, pois chiches et haricots 400 g,
 * bouillon cube 10 g.
 */
export const fr: Language = {
  code: "fr",
  decimalComma: true,
  units: [
    [
      "c. à soupe|c.à soupe|c. à s.|c.à.s.|c.à.s|c. à s|c à s|càs|c.s.|c.s|cs|CS|cuil. à soupe|cuill. à soupe|" +
        "cuillère à soupe/cuillères à soupe|cuillerée à soupe/cuillerées à soupe|c. a soupe",
      "tablespoon",
      15,
    ],
    [
      "c. à café|c.à café|c. à c.|c.à.c.|c.à.c|c. à c|c à c|càc|c.c.|c.c|cc|CC|cuil. à café|cuill. à café|" +
        "cuillère à café/cuillères à café|cuillerée à café/cuillerées à café|cuillère à thé/cuillères à thé|c. à thé",
      "teaspoon",
      5,
    ],
    ["pincée/pincées", "pinch"],
    ["tasse/tasses", "cup", 250],
    ["verre/verres", "glass", 200],
    ["gousse/gousses", "clove"],
    ["botte/bottes|bouquet/bouquets", "bunch"],
    ["brin/brins|branche/branches|tige/tiges", "sprig"],
    ["tranche/tranches", "slice"],
    ["feuille/feuilles", "leaf"],
    ["sachet/sachets", "packet"],
    ["paquet/paquets|plaquette/plaquettes", "package"],
    ["boîte/boîtes|conserve/conserves", "can"],
    ["pot/pots", "tub"],
    ["brique/briques", "carton"],
    ["bocal/bocaux", "jar"],
    ["morceau/morceaux|pièce/pièces", "piece"],
    ["noix", "knob"],
    ["poignée/poignées", "handful"],
    ["goutte/gouttes", "drop"],
    ["trait/traits", "dash"],
    ["tête/têtes", "head"],
    ["bâton/bâtons", "stick"],
    ["tablette/tablettes", "block"],
    ["boule/boules", "ball"],
    ["litre/litres", "liter"],
    ["millilitre/millilitres", "milliliter"],
    ["centilitre/centilitres", "centiliter"],
    ["décilitre/décilitres", "deciliter"],
    ["kilogramme/kilogrammes", "kilogram"],
    ["livre/livres", "pound", 500],
  ],
  numbers: NUMBER_WORDS.fr,
  vague: "pincée|peu|quelques|filet|noisette|poignée|trait|soupçon|larme",
  notes:
    "à volonté|selon le goût|selon votre goût|selon vos goûts|au goût|à votre goût|pour servir|pour la décoration|" +
    "pour décorer|pour le moule|pour la cuisson|pour la friture|pour le service|facultatif|optionnel|ou plus",
  of: "de|d'|du|des|de la|de l'",
  ranges: RANGE_WORDS.fr,
  about: "environ|env.|approx.|à peu près",
  each: "chacun|chacune|pièce|la pièce|à",
  headers: "Pour",
  descriptive:
    "haché|émincé|ciselé|râpé|coupé|fondu|ramolli|mou|tiède|froid|chaud|frais|fraîche|fraîches|gros|petit|moyen|" +
    "finement|grossièrement|pelé|épluché|épépiné|dénoyauté|écrasé|pressé|concassé|tranché|bio|entier|mûr|battu|" +
    "égoutté|rincé|surgelé|congelé|décongelé|tamisé|grillé|torréfié|légèrement|très|bien|extra|lavé|paré|" +
    "fin|finement|pommade|ramollie|en|dés|rondelles|lamelles|morceaux|cubes|quartiers|julienne|cuit|cru",
  and: "et|ou",
  inflections: [
    ["", "s"],
    ["", "x"],
    ["", "e"],
    ["", "es"],
    ["al", "aux"],
    ["", "se"],
    ["", "ne"],
    ["eux", "euse"],
    ["er", "ère"],
    ["f", "ve"],
  ],
  headFirst: true,
  compounds: false,
};
