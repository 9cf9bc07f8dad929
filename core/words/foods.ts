/**
 * The built-in foods (../foods.ts) by their names in the languages of ./<code>.ts: one line a food,
 * its English name, then for each language that names it `; <code>`, the weights of the packages
 * it is sold in there in braces when they are a national standard (`{package 15}`: a German
 * `Päckchen` of baking powder; the language's table cites them), and its names there (`|`).
 *
 * Names the lexicon (./lexicon.ts) finds anyway are left out: forms a language's inflections give
 * (`Zwiebeln`), compounds ending in a listed name (`Weizenmehl` is a `Mehl`), names whose first words
 * are listed in a head-first language (`farine de blé` is a `farine`), and names the English table
 * has (`Mozzarella`). One table for all languages, not one per language, so that each English name
 * is written once: the bundles that parse lines stay within their size target (`npm run bundle-size`).
 *
 * Sources: the names as written in the cookbooks and on the packages of each country; the national
 * food tables' names where one is named in ./<code>.ts.
 */
export const FOOD_NAMES = `
Flour; de Mehl|Type 405; fr farine; es harina; it farina; nl bloem|meel; pt farinha; sv mjöl; da mel; no mel
Bread flour; de Type 550|Brotmehl; fr farine T65|farine de force|farine à pain|farine de gruau; es harina de fuerza|harina panadera|harina de panadería; it farina manitoba|farina di forza; nl broodmeel|sterke bloem; sv vetemjöl special|manitobamjöl
Whole wheat flour; de Vollkornmehl; fr farine complète|farine T150|farine de blé complet|farine T110; es harina integral|harina de trigo integral; it farina integrale; nl volkorenmeel|volkoren tarwemeel; pt farinha integral|farinha de trigo integral; sv grahamsmjöl|fullkornsvetemjöl; da fuldkornshvedemel|grahamsmel; no sammalt hvete|grovt mel|sammalt hvetemel
Self-raising flour; es harina leudante|harina con levadura|harina bizcochona; nl zelfrijzend bakmeel|zelfrijzende bloem; pt farinha com fermento|farinha de trigo com fermento
Rye flour; de Roggenmehl; fr farine de seigle; es harina de centeno; it farina di segale; nl roggemeel; pt farinha de centeio; sv rågmjöl|rågsikt; da rugmel; no rugmel|sammalt rug
Almond flour; de gemahlene Mandeln|Mandelmehl; fr poudre d'amande|amandes en poudre|amandes moulues; es harina de almendra|almendra molida; it farina di mandorle; nl amandelmeel|gemalen amandelen; pt farinha de amêndoas|amêndoa moída; sv mandelmjöl; da mandelmel; no mandelmel
Coconut flour; fr farine de coco; es harina de coco; pt farinha de coco
Oat flour; es harina de avena; pt farinha de aveia
Rice flour; fr farine de riz; es harina de arroz; it farina di riso; nl rijstmeel; pt farinha de arroz; sv rismjöl; da rismel; no rismel
Buckwheat flour; fr farine de sarrasin|farine de blé noir; it farina di grano saraceno
Semolina; de Grieß; fr semoule; es sémola; it semola; nl griesmeel; pt sêmola; sv mannagryn; da semuljegryn; no semulegryn
Cornmeal; de Maismehl|Maisgrieß; fr semoule de maïs|farine de maïs; es harina de maíz|sémola de maíz; it farina di mais|farina per polenta; nl maïsmeel; pt fubá|farinha de milho; sv majsmjöl; da majsmel; no maismel
Cornstarch; de Stärke|Maizena; fr fécule de maïs|maïzena|amidon de maïs; es maicena|fécula de maíz|almidón de maíz; it maizena|amido; nl maizena|zetmeel; pt amido de milho|maisena|maizena; sv majsstärkelse|majsena|maizena; da majsstivelse|maizena; no maisenna|maisstivelse
Rolled oats; de Haferflocken; fr flocons d'avoine|avoine; es copos de avena|avena|hojuelas de avena; it fiocchi d'avena|avena; nl havermout|havervlokken; pt flocos de aveia|aveia; sv havregryn; da havregryn; no havregryn
Rice; de Reis; fr riz; es arroz; it riso; nl rijst; pt arroz; sv ris; da ris; no ris
Brown rice; de Vollkornreis|Naturreis; fr riz complet; es arroz integral; it riso integrale; nl zilvervliesrijst|bruine rijst; pt arroz integral; sv fullkornsris|råris; da brune ris|fuldkornsris; no fullkornsris|brun ris
Cooked rice; fr riz cuit; es arroz cocido; nl gekookte rijst; pt arroz cozido; sv kokt ris; da kogte ris; no kokt ris
Quinoa; es quinua; pt quinua
Couscous; fr semoule de couscous; es cuscús; it cous cous; pt cuscuz
Bulgur; fr boulgour; pt trigo para quibe
Pearl barley; de Graupen|Gerste; fr orge; es cebada; it orzo; nl parelgort|gerst; pt cevada; sv pärlgryn|korngryn; da byg; no perlegryn|bygg
Lentil; de Linsen; fr lentille; es lenteja; it lenticchia; nl linzen; pt lentilha; sv linser; da linser; no linser
Split pea; fr pois cassés
Macaroni; de Nudeln|Makkaroni|Penne|Spaghetti|Fusilli|Spirelli; fr pâtes|macaronis|penne|spaghetti|coquillettes|fusilli|farfalle; es macarrones|espaguetis|fideos|tallarines|penne|pasta seca; it spaghetti|penne|fusilli|rigatoni|maccheroni|linguine|pasta corta|paccheri|mezze maniche; nl spaghetti|penne|fusilli; pt massa|macarrão|esparguete|espaguete|penne|fusilli; sv makaroner|spaghetti|penne; da spaghetti|penne|makaroni; no spaghetti|makaroni|penne
Breadcrumb; de Paniermehl|Brösel; fr chapelure; es pan rallado|pan molido; it pangrattato|pan grattato|pane grattugiato; nl paneermeel; pt farinha de rosca|pão ralado; sv ströbröd; da rasp; no strøkavring|griljermel
Spelt flour; de Dinkelmehl|Dinkelvollkornmehl|Dinkelmehl Type 630; fr farine d'épeautre; es harina de espelta; it farina di farro; nl speltmeel|speltbloem; sv dinkelmjöl|speltmjöl; da speltmel; no speltmel
Chickpea flour; fr farine de pois chiches; es harina de garbanzo; it farina di ceci; nl kikkererwtenmeel; pt farinha de grão-de-bico; sv kikärtsmjöl; da kikærtemel
Potato starch; de Kartoffelstärke|Kartoffelmehl; fr fécule; es fécula de patata|almidón de papa|fécula de papa; it fecola; nl aardappelzetmeel; pt fécula de batata; sv potatismjöl; da kartoffelmel; no potetmel
Masa harina; es harina de maíz nixtamalizado|maseca
Millet; de Hirse
Egg noodle; de Eiernudeln|Bandnudeln|Spätzle; fr nouilles|tagliatelles; it tagliatelle|pasta all'uovo|fettuccine|pappardelle; nl mie|noedels; pt talharim|massa de ovos; sv nudlar; da nudler; no nudler
Cornflakes; fr pétales de maïs; es copos de maíz|cereales de maíz; pt sucrilhos|flocos de milho
Sugar; de Zucker; fr sucre; es azúcar; it zucchero; nl suiker; pt açúcar; sv socker; da sukker; no sukker
Brown sugar; de brauner Zucker|Rohrohrzucker|Muscovado; fr sucre roux|cassonade|sucre brun|vergeoise|sucre complet|rapadura|sucre de canne; es azúcar moreno|azúcar mascabado|panela|piloncillo|azúcar rubio|azúcar integral; it zucchero di canna|zucchero grezzo|zucchero muscovado; nl bruine suiker|rietsuiker|basterdsuiker; pt açúcar mascavo|açúcar demerara|açúcar amarelo; sv farinsocker|muscovadosocker|råsocker|brunt socker; da farin|muscovadosukker|brunt sukker; no brunt sukker|farin|rørsukker|muscovado
Powdered sugar; de Puderzucker; fr sucre glace; es azúcar glas|azúcar impalpable|azúcar en polvo|azúcar glacé|azúcar flor; it zucchero a velo; nl poedersuiker; pt açúcar de confeiteiro|açúcar em pó|açúcar glacê; sv florsocker; da flormelis; no melis
Honey; de Honig; fr miel; es miel; it miele; nl honing; pt mel; sv honung; da honning; no honning
Maple syrup; de Ahornsirup; fr sirop d'érable; es sirope de arce|jarabe de arce|miel de maple; it sciroppo d'acero; nl ahornsiroop; pt xarope de bordo|xarope de ácer; sv lönnsirap; da ahornsirup; no lønnesirup
Molasses; de Zuckerrübensirup|Melasse; fr mélasse; es melaza; it melassa; nl stroop; pt melaço; sv sirap; da sirup; no sirup
Jam; de Marmelade|Konfitüre; fr confiture; es mermelada|confitura; it marmellata|confettura; pt geleia|doce de fruta|compota; sv sylt|marmelad; da syltetøj|marmelade; no syltetøy
Cocoa powder; de Kakao|Kakaopulver; fr cacao; es cacao; it cacao; nl cacao|cacaopoeder; pt cacau|chocolate em pó; sv kakao; da kakao|kakaopulver; no kakao|kakaopulver
Chocolate chip; de Schokotropfen|Schokoladentropfen|Schokostückchen; fr pépite de chocolat; es chispas de chocolate|pepitas de chocolate|gotas de chocolate; it gocce di cioccolato; nl chocoladedruppels; pt gotas de chocolate|chips de chocolate; sv chokladknappar|chokladbitar; da chokoladeknapper|chokoladestykker; no sjokoladebiter|sjokoladedråper
Chocolate; de Schokolade|Kuvertüre; fr chocolat; es chocolate negro|chocolate amargo|chocolate fondant|chocolate con leche|chocolate de cobertura; it cioccolata; nl chocolade|chocola; pt chocolate meio amargo|chocolate amargo|chocolate ao leite|chocolate culinário; sv choklad; da chokolade; no sjokolade
Shredded coconut; de Kokosraspeln|Kokosflocken; fr coco râpée|noix de coco; es coco; it cocco grattugiato|cocco rapé|cocco disidratato|farina di cocco; nl kokosrasp; pt coco ralado; sv kokosflingor|riven kokos; da kokosmel; no kokosmasse
Agave syrup; de Agavendicksaft|Agavensirup; fr sirop d'agave; it sciroppo d'agave; nl agavesiroop; sv agavesirap; da agavesirup; no agavesirup
Vanilla sugar; de {package 8} Vanillezucker|Vanillinzucker; fr {packet 7.5} sucre vanillé|sucre vanilliné; es azúcar avainillado|azúcar de vainilla|azúcar vainillado; it zucchero vanigliato|vanillina; nl {packet 8} vanillesuiker; pt açúcar baunilhado; sv vaniljsocker; da vaniljesukker; no vaniljesukker
Almond paste; de Marzipanrohmasse; fr pâte d'amandes; es mazapán; it pasta di mandorle|marzapane; nl amandelspijs|marsepein; pt maçapão; sv mandelmassa; da marcipan; no marsipan
Chocolate hazelnut spread; de Nuss-Nougat-Creme; fr pâte à tartiner; es crema de cacao; it crema di nocciole|crema spalmabile alle nocciole; nl chocopasta; pt creme de avelã; sv nougatkräm
White chocolate; de weiße Schokolade|weiße Kuvertüre; fr chocolat blanc; es chocolate blanco; it cioccolato bianco; nl witte chocolade; pt chocolate branco; sv vit choklad; da hvid chokolade; no hvit sjokolade
Ladyfinger; de Löffelbiskuit; fr boudoirs|biscuits à la cuillère; es bizcochos de soletilla|soletillas|vainillas; nl lange vingers; pt biscoito champanhe|palitos de la reine; sv savoiardikex
Baking powder; de {package 15} Backpulver; fr {packet 11} poudre à lever|levure; es {packet 16} levadura química|polvo de hornear|polvo para hornear|levadura en polvo|impulsor|levadura Royal; it {packet 16} lievito per dolci|lievito in polvere|lievito chimico|lievito vanigliato|lievito istantaneo per dolci; nl bakpoeder; pt fermento; sv bakpulver; da bagepulver; no bakepulver
Baking soda; de Natron; fr bicarbonate; es bicarbonato; it bicarbonato; nl zuiveringszout; pt bicarbonato; sv bikarbonat|natron; da natron; no natron
Yeast; de {package 7} Trockenhefe|Trockenbackhefe; fr levure de boulanger|levure sèche|levure boulangère; es levadura; it {packet 7} lievito di birra secco|lievito secco|lievito disidratato; nl {packet 7} gist; pt {envelope 10, packet 10} fermento biológico|fermento de padeiro|levedura; sv {packet 11} torrjäst; da tørgær; no {packet 12} tørrgjær
Gelatin; de {leaf 1.7, sheet 1.7} Gelatine; fr {leaf 2} gélatine|feuilles de gélatine; es {leaf 2} gelatina|hojas de gelatina|colapez; it {leaf 2} colla di pesce|gelatina; nl gelatineblaadjes; pt {envelope 12, packet 12} gelatina|folhas de gelatina; sv gelatinblad; da husblas|husblasblade; no gelatinplater
Salt; de Salz; fr sel; es sal; it sale; nl zout; pt sal; no bordsalt
Kosher salt; de grobes Salz|Flockensalz|Fleur de Sel; fr gros sel|fleur de sel|sel de mer|sel gris; es sal gruesa|sal marina|sal en escamas|sal kosher; it sale grosso|fior di sale|sale marino; nl zeezout|grof zout; pt sal grosso|flor de sal|sal marinho; sv flingsalt|havssalt|grovt salt; da flagesalt|groft salt|havsalt; no flaksalt|havsalt|grovt salt
Black pepper; de Pfeffer|Pfeffer aus der Mühle; fr poivre; es pimienta; it pepe; nl peper; pt pimenta-preta|pimenta do reino; sv peppar|svartpeppar från kvarn; da peber
Cinnamon; de Zimt|Zimtpulver|Zimtstange; fr cannelle; es canela; it cannella; nl kaneel; pt canela; sv kanel; da kanel; no kanel
Paprika; de Paprikapulver|Paprika edelsüß|Paprika rosenscharf; fr paprika fumé|piment doux; es pimentón; it paprica|paprika dolce|paprika affumicata; nl paprikapoeder; pt páprica|colorau|pimentão doce; sv paprikapulver; no paprikapulver|røkt paprika
Cumin; de Kreuzkümmel; fr cumin en poudre; es comino; it cumino; nl komijn|komijnpoeder|djintan; pt cominho; sv spiskummin; da spidskommen; no spisskummen
Cumin seed; fr graines de cumin; es semillas de comino; it semi di cumino
Chili powder; de Chilipulver; fr piment en poudre|chili en poudre|piment d'Espelette; es chile en polvo|chile molido|ají molido; it peperoncino in polvere; nl chilipoeder; sv chilipulver; da chilipulver; no chilipulver
Cayenne pepper; de Cayennepfeffer; fr piment de Cayenne; es cayena|pimienta de cayena; it pepe di Cayenna; nl cayennepeper; pt pimenta-caiena; sv cayennepeppar; da cayennepeber; no cayennepepper
Red pepper flake; de Chiliflocken; fr flocons de piment|piment en flocons; es chile en hojuelas|copos de chile|guindilla seca; it peperoncino secco|peperoncino in scaglie|fiocchi di peperoncino; nl chilivlokken; pt pimenta calabresa|malagueta seca|flocos de pimenta; sv chiliflakes; da chiliflager; no chiliflak
Ground ginger; de Ingwerpulver|gemahlener Ingwer; fr gingembre en poudre|gingembre moulu; es jengibre en polvo|jengibre molido; it zenzero in polvere; nl gemberpoeder; pt gengibre em pó; sv malen ingefära; da stødt ingefær; no ingefærpulver|malt ingefær
Nutmeg; de Muskat|Muskatnuß; fr muscade|noix de muscade; es nuez moscada; it noce moscata; nl nootmuskaat; pt noz-moscada; sv muskotnöt|muskot; da muskatnød; no muskatnøtt|muskat
Ground clove; de Nelken; fr clou de girofle|girofle; es clavo; it chiodo di garofano; nl kruidnagel; pt cravo|cravinhos; sv nejlika; da nelliker|kryddernellike; no nellik
Allspice; de Piment; fr quatre-épices|piment de la Jamaïque; es pimienta de Jamaica
Cardamom; de Kardamom; fr cardamome; es cardamomo; it cardamomo; nl kardemom; pt cardamomo; sv kardemumma; da kardemomme; no kardemomme
Turmeric; de Kurkuma; fr curcuma; es cúrcuma; it curcuma; nl kurkuma|geelwortel; pt açafrão-da-terra|curcuma; sv gurkmeja; da gurkemeje; no gurkemeie
Curry powder; de Currypulver|Curry; fr curry; es curry; it curry; nl kerriepoeder|kerrie; pt caril|curry; sv curry|currypulver; da karry; no karri
Garlic powder; de Knoblauchpulver|Knoblauchgranulat; fr ail en poudre|ail semoule; es ajo en polvo; it aglio in polvere; nl knoflookpoeder; pt alho em pó; sv vitlökspulver; da hvidløgspulver; no hvitløkspulver
Onion powder; de Zwiebelpulver; fr oignon en poudre; es cebolla en polvo; it cipolla in polvere; nl uienpoeder
Dried oregano; fr origan; es orégano seco; it origano; pt orégãos
Dried thyme; de getrockneter Thymian; fr thym séché; es tomillo seco; it timo secco; nl gedroogde tijm; pt tomilho seco; sv torkad timjan; da tørret timian; no tørket timian
Dried basil; de getrocknetes Basilikum; fr basilic séché; es albahaca seca; it basilico secco; pt manjericão seco; sv torkad basilika
Italian seasoning; de Kräuter der Provence|italienische Kräuter; fr herbes de Provence|fines herbes; es hierbas provenzales|finas hierbas|hierbas italianas; it erbe di Provenza|erbe aromatiche|erbe italiane; nl Italiaanse kruiden|Provençaalse kruiden; pt ervas de Provence|ervas finas
Vanilla extract; de Vanilleextrakt|Vanillearoma; fr extrait de vanille|vanille liquide|arôme vanille; es esencia de vainilla|extracto de vainilla|vainilla; it estratto di vaniglia|essenza di vaniglia|vaniglia|aroma vaniglia; nl vanillearoma|vanille extract; pt essência de baunilha|extrato de baunilha|baunilha; sv vaniljextrakt|vaniljpulver; da vaniljeekstrakt; no vaniljeekstrakt
Almond extract; de Bittermandelaroma; fr extrait d'amande amère|arôme amande amère
Fresh yeast; de {cube 42, package 7} Hefe; fr {cube 42} levure fraîche|levure de boulanger fraîche; es {cube 25} levadura fresca|levadura de panadería fresca|levadura prensada; it {cube 25, block 25} lievito di birra|lievito fresco; nl verse gist; pt {cube 15} fermento biológico fresco; sv {package 50} jäst|jäst för söta degar|jäst för matbröd; da {cube 50, package 50} gær; no {package 50} gjær
Stock cube; de Brühwürfel|Suppenwürfel; fr cube de bouillon|bouillon cube|cube bouillon; es pastilla de caldo|cubito de caldo|caldo en cubo|avecrem; it dado; nl bouillonblokje; pt tablete de caldo|cubo de caldo|caldo em cubo; sv buljongtärning; da bouillonterning; no buljongterning
Marjoram; de Majoran; fr marjolaine; es mejorana; it maggiorana; nl marjolein; pt manjerona; sv mejram; da merian; no merian
Coriander seed; de Koriandersamen|gemahlener Koriander; fr graines de coriandre|coriandre moulue; es semillas de cilantro|cilantro molido; it semi di coriandolo; nl korianderzaad; pt sementes de coentro; sv korianderfrön; da korianderfrø; no korianderfrø
Fennel seed; de Fenchelsamen; fr graines de fenouil; es semillas de hinojo; it semi di finocchio; nl venkelzaad; pt sementes de funcho; sv fänkålsfrön; da fennikelfrø; no fennikelfrø
Mustard seed; de Senfsaat|Senfkörner; fr graines de moutarde; es semillas de mostaza; it semi di senape; nl mosterdzaad; pt sementes de mostarda; sv senapsfrön; da sennepsfrø; no sennepsfrø
Caraway seed; de Kümmel; fr carvi; es alcaravea; it cumino dei prati|carvi; nl karwijzaad; pt alcaravia; sv kummin; da kommen; no karve
Poppy seed; de Mohn; fr graines de pavot|pavot; es semillas de amapola; it semi di papavero; nl maanzaad; pt sementes de papoila|papoula; sv vallmofrön; da birkes|valmuefrø; no valmuefrø
White pepper; de weißer Pfeffer; fr poivre blanc; es pimienta blanca; it pepe bianco; nl witte peper; pt pimenta branca; sv vitpeppar; da hvid peber; no hvit pepper
Butter; de {package 250} Butter; fr {package 250} beurre; es mantequilla|manteca; it {block 250} burro; nl {package 250} boter; pt manteiga; sv smör; da {package 250} smør; no {package 250} smør
Margarine; es margarina; it margarina; pt margarina; sv margarin; no margarin
Lard; de Schmalz; fr saindoux; es manteca de cerdo; it strutto; nl reuzel; pt banha; sv ister; da svinefedt; no smult
Ghee; de Butterschmalz; fr beurre clarifié; es mantequilla clarificada; it burro chiarificato; pt manteiga clarificada; sv skirat smör; da klaret smør
Vegetable oil; de Öl; fr huile; es aceite; it olio; nl olie; pt óleo; sv olja; da olie; no olje
Olive oil; de Olivenöl|natives Olivenöl extra|Olivenöl extra vergine; fr huile d'olive; es aceite de oliva|AOVE; it olio d'oliva|olio extravergine d'oliva|olio extravergine di oliva|olio di oliva|olio evo|olio extra vergine di oliva; nl olijfolie; pt azeite; sv olivolja; da olivenolie; no olivenolje
Coconut oil; de Kokosöl; fr huile de coco; es aceite de coco; it olio di cocco; nl kokosolie; pt óleo de coco; sv kokosolja; da kokosolie; no kokosolje
Sesame oil; de Sesamöl; fr huile de sésame; es aceite de sésamo; it olio di sesamo; nl sesamolie; pt óleo de gergelim|óleo de sésamo; sv sesamolja; da sesamolie; no sesamolje
Peanut butter; de Erdnussbutter|Erdnussmus; fr beurre de cacahuètes|beurre d'arachide; es mantequilla de cacahuete|mantequilla de maní|crema de cacahuete|crema de maní; it burro di arachidi; nl pindakaas; pt manteiga de amendoim|pasta de amendoim; sv jordnötssmör; da peanutbutter|jordnøddesmør; no peanøttsmør
Tahini; de Tahin|Sesampaste|Sesammus; fr tahin|purée de sésame; es tahina|pasta de sésamo; it tahina|crema di sesamo; nl tahin|sesampasta; pt tahine|pasta de gergelim; sv sesampasta; da tahin
Walnut oil; de Walnussöl|Haselnussöl; fr huile de noix|huile de noisette
Almond butter; de Mandelmus; fr purée d'amande
Milk; de Milch; fr lait; es leche; it latte; nl melk; pt leite; sv mjölk; da mælk; no melk
Buttermilk; de Buttermilch; fr lait ribot|babeurre; es suero de leche; it latticello; nl karnemelk; pt leitelho; sv kärnmjölk|filmjölk; da kærnemælk; no kulturmelk|kefir
Heavy cream; de {tub 200} Sahne|Rahm; fr {carton 200} crème|crème fraîche liquide; es {carton 200} nata|crema; it {carton 200} panna; nl room; pt {carton 200} creme de leite|natas; sv grädde; da fløde; no fløte
Ice cream; de Speiseeis|Vanilleeis; fr glace à la vanille|crème glacée; es helado; it gelato; nl roomijs|vanille-ijs; pt sorvete; sv glass; da flødeis|vaniljeis; no iskrem|vaniljeis
Half-and-half; de {tub 200} Kochsahne|Cremefine; da kaffefløde
Sour cream; de {tub 200} saure Sahne|Sauerrahm|Schmand; fr crème aigre; es crema agria; it panna acida; nl zure room; pt creme azedo|nata azeda; sv gräddfil; no rømme
Plain yogurt; de Joghurt|Jogurt; fr {tub 125} yaourt|yogourt|yoghourt; es {tub 125} yogur|yogurt; it {tub 125} yogurt; pt iogurte; da yoghurt naturel; no yoghurt naturell
Greek yogurt; de griechischer Joghurt; fr yaourt grec|yaourt à la grecque; es yogur griego; it yogurt greco; nl Griekse yoghurt; pt iogurte grego; sv turkisk yoghurt|grekisk yoghurt; da græsk yoghurt|skyr; no gresk yoghurt
Cream cheese; de Frischkäse; fr fromage à tartiner|Philadelphia|St Môret; es queso crema|queso de untar|queso Philadelphia; it formaggio spalmabile|Philadelphia|formaggio cremoso; nl roomkaas|Philadelphia; pt queijo cremoso|requeijão|queijo creme; sv färskost|Philadelphia; da flødeost|Philadelphia; no kremost|Philadelphia
Ricotta; es requesón; it ricotta vaccina; pt ricota
Cottage cheese; de Hüttenkäse|körniger Frischkäse; es queso cottage; nl hüttenkäse; pt queijo cottage; sv keso; da hytteost; no cottagecheese
Mascarpone; de {tub 250, package 250} Mascarpone; fr {tub 250} mascarpone; it {tub 250} mascarpone
Evaporated milk; de Kondensmilch; fr lait concentré non sucré|lait évaporé; es leche evaporada; it latte evaporato; nl gecondenseerde melk|koffiemelk; pt leite evaporado; sv kondenserad mjölk
Sweetened condensed milk; de gezuckerte Kondensmilch; fr lait concentré; es {can 397} leche condensada; it latte condensato; nl gezoete gecondenseerde melk; pt {can 395} leite condensado; sv sötad kondenserad mjölk; da kondenseret mælk; no kondensert melk
Almond milk; de Mandelmilch|Mandeldrink; fr lait d'amande; es leche de almendras; it latte di mandorla; nl amandelmelk; pt leite de amêndoa|bebida de amêndoa; sv mandelmjölk|mandeldryck; da mandelmælk|mandeldrik; no mandelmelk
Coconut milk; de {can 400} Kokosmilch; fr {can 400} lait de coco; es {can 400} leche de coco; it {can 400} latte di cocco; nl {can 400} kokosmelk; pt leite de coco; sv {can 400} kokosmjölk; da {can 400} kokosmælk; no {can 400} kokosmelk
Cheddar cheese; es queso cheddar; pt queijo cheddar
Mozzarella; de {ball 125, package 125} Mozzarella; fr {ball 125} mozzarella|mozzarelle; es {ball 125} mozzarella|queso mozzarella; it {ball 125} mozzarella|fior di latte; nl {ball 125} mozzarella; pt muçarela|mussarela|mozarela; sv {ball 125} mozzarella; da {ball 125} mozzarella; no {ball 125} mozzarella
Parmesan; de Parmigiano|Grana Padano|Parmesankäse; fr parmigiano|grana padano|parmesan râpé; es parmesano|queso parmesano|grana padano; it parmigiano|grana|pecorino; nl Parmezaanse kaas|parmezaan|Parmigiano; pt queijo parmesão|parmesão; sv parmesanost|grana padano; da parmesanost; no parmesanost
Swiss cheese; de Emmentaler|Greyerzer|Bergkäse; fr comté|fromage râpé|beaufort|gruyère râpé|emmental râpé; es queso rallado|queso suizo; it groviera|fontina|formaggio grattugiato; nl Emmentaler; pt queijo suíço|queijo ralado; sv emmentaler
Gouda; de Käse; fr mimolette; es queso|manchego; it provola|scamorza|asiago|formaggio; nl kaas; pt queijo; sv ost; da ost|danbo; no ost|norvegia|jarlsberg
Feta; de Schafskäse|Hirtenkäse; es queso feta; pt queijo feta; sv fetaost; da fetaost; no fetaost
Blue cheese; de Blauschimmelkäse; fr roquefort|bleu|fourme d'Ambert; es queso azul|roquefort|cabrales; nl blauwe kaas; pt queijo azul|roquefort; sv ädelost|gorgonzola; da blåskimmelost; no blåmuggost|gorgonzola
Egg; de Ei; fr œufs|œuf entier; es huevo; it uova|uovo intero; nl ei; pt ovo; sv ägg; da æg
Egg white; de Eiweiß|Eiklar; fr blancs; es clara; it albume|chiara d'uovo; nl eiwit; pt clara; sv äggvita; da æggehvide; no eggehvite
Egg yolk; de Eigelb|Eidotter; fr jaune|jaune d'œuf; es yema; it tuorlo|rosso d'uovo; nl eigeel|eidooier; pt gema; sv äggula; da æggeblomme; no eggeplomme
Crème fraîche; de {tub 150} Creme fraiche; fr {tub 200} crème fraîche|crème épaisse; da cremefraiche
Quark; de {package 250} Quark; fr fromage blanc|faisselle; nl kwark; sv kesella|kvarg; da kvark; no kesam|kvarg
Soy milk; de Sojamilch|Sojadrink; fr lait de soja|boisson au soja; es leche de soja|bebida de soja; it latte di soia|bevanda di soia; nl sojamelk|sojadrink; pt leite de soja|bebida de soja; sv sojadryck|sojamjölk; da sojadrik|sojamælk; no soyamelk|soyadrikk
Oat milk; de Hafermilch|Haferdrink; fr lait d'avoine|boisson à l'avoine; es leche de avena|bebida de avena; it bevanda d'avena|latte d'avena; nl havermelk|haverdrink; pt leite de aveia|bebida de aveia; sv havredryck|havremjölk; da havredrik|havremælk; no havremelk|havredrikk
Coconut cream; fr crème de coco
Water; de Wasser; fr eau; es agua; it acqua; pt água; sv vatten; da vand; no vann
Chicken broth; de Hühnerbrühe|Geflügelbrühe|Hühnerfond; fr {cube 10} bouillon de volaille|bouillon de poulet|fond de volaille; es {cube 10} caldo de pollo|caldo de ave; it {cube 10} brodo di pollo; nl kippenbouillon; pt caldo de galinha|caldo de frango; sv kycklingbuljong|kycklingfond|hönsbuljong; da hønsebouillon|kyllingebouillon; no kyllingbuljong|hønsebuljong|kyllingkraft
Beef broth; de Rinderbrühe|Rinderfond|Fleischbrühe; fr {cube 10} bouillon de bœuf|fond de veau|fond brun; es {cube 10} caldo de carne|caldo de res; it {cube 10} brodo di carne|brodo di manzo; nl runderbouillon; pt caldo de carne; sv köttbuljong|oxbuljong|kalvfond; da oksebouillon|kalvefond; no kjøttbuljong|oksebuljong|kjøttkraft
Vegetable broth; de Brühe|Fond; fr {cube 10} bouillon|fond blanc; es {cube 10} caldo; it {cube 10} brodo; nl bouillon; pt caldo; sv buljong|fond; da bouillon; no buljong|kraft
White wine; de Wein; fr vin; es vino; it vino; nl wijn; pt vinho; sv vin; da vin; no vin
Red wine; de Rotwein; fr vin rouge; es vino tinto; it vino rosso; nl rode wijn; pt vinho tinto; sv rött vin; da rødvin; no rødvin
Beer; de Bier; fr bière; es cerveza; it birra; nl bier; pt cerveja; sv öl; da øl; no øl
Coffee; de Kaffee; fr café|expresso; es café; it caffè; nl koffie; pt café; sv kaffe; da kaffe; no kaffe
Vinegar; de Essig; fr vinaigre; es vinagre; it aceto; nl azijn; pt vinagre; sv vinäger|ättika; da eddike; no eddik|eplecidereddik
Balsamic vinegar; de Balsamico|Balsamessig|Balsamicoessig; fr vinaigre balsamique|balsamique; es vinagre balsámico|vinagre de Módena; it aceto balsamico; nl balsamicoazijn|balsamico; pt vinagre balsâmico|aceto balsâmico; sv balsamvinäger|balsamico; da balsamico|balsamicoeddike; no balsamico|balsamicoeddik
Soy sauce; de Sojasauce|Sojasosse; fr sauce soja; es salsa de soja|salsa de soya; it salsa di soia; nl sojasaus|ketjap; pt molho de soja|shoyu|molho shoyu; sv soja|sojasås; da soja|sojasovs; no soyasaus|soya
Fish sauce; de Fischsauce|Fischsoße; fr sauce poisson|nuoc mam|sauce nuoc mam; es salsa de pescado; it salsa di pesce; nl vissaus; pt molho de peixe; sv fisksås; da fiskesauce|fiskesovs; no fiskesaus
Worcestershire sauce; de Worcestershiresauce|Worcestershire-Sauce|Worcestersauce; fr sauce Worcestershire; es salsa Worcestershire|salsa inglesa|salsa perrins; it salsa Worcestershire; nl worcestershiresaus; pt molho inglês|molho Worcestershire; sv worcestershiresås; da worcestershiresauce; no worcestershiresaus
Hoisin sauce; de Hoisinsauce|Hoisin-Sauce; fr sauce hoisin; es salsa hoisin; nl hoisinsaus; sv hoisinsås
Ketchup; de Tomatenketchup; es cátsup; nl tomatenketchup
Mayonnaise; es mayonesa; it maionese; nl mayonaise; pt maionese; sv majonnäs; no majones
Mustard; de Senf; fr moutarde; es mostaza; it senape; nl mosterd; pt mostarda; sv senap; da sennep; no sennep
Tomato paste; de Tomatenmark; fr concentré de tomates|double concentré de tomate; es concentrado de tomate|tomate concentrado|pasta de tomate|puré de tomate; it concentrato di pomodoro|doppio concentrato di pomodoro; nl tomatenpuree; pt extrato de tomate|concentrado de tomate|massa de tomate; sv tomatpuré; da tomatpuré|tomatkoncentrat; no tomatpuré
Tomato sauce; de passierte Tomaten|Tomatenpassata|Tomatensoße|Tomatensauce; fr coulis de tomate|sauce tomate|purée de tomate; es tomate frito|salsa de tomate; it passata di pomodoro|salsa di pomodoro|sugo di pomodoro; nl gezeefde tomaten|tomatensaus; pt molho de tomate; sv passerade tomater|tomatsås; da tomatsauce; no tomatsaus
Crushed tomato; de {can 400} gehackte Tomaten|stückige Tomaten|Dosentomaten|Tomaten aus der Dose|geschälte Tomaten|Pizzatomaten; fr {can 400} tomates concassées|tomates pelées|pulpe de tomates|tomates en conserve|tomates en dés; es {can 400} tomate triturado|tomate en lata|tomates en conserva|tomate troceado|tomates pelados|tomate natural triturado; it {can 400} pomodori pelati|pelati|pomodori in scatola|polpa di pomodori; nl {can 400} tomatenblokjes|gepelde tomaten|tomaten uit blik; pt {can 400} tomate pelado|tomate em lata|tomate triturado|polpa de tomate; sv {can 400} krossade tomater|hela tomater på burk; da {can 400} hakkede tomater|flåede tomater; no {can 400} hakkede tomater
Miso; de Misopaste; fr pâte de miso
Lemon juice; de Zitronensaft; fr jus de citron; es zumo de limón|jugo de limón; it succo di limone; nl citroensap; pt sumo de limão|suco de limão; sv citronsaft|citronjuice|pressad citron; da citronsaft; no sitronsaft
Lime juice; de Limettensaft; fr jus de citron vert; es zumo de lima|jugo de lima; it succo di lime; nl limoensap; pt suco de lima|sumo de lima; sv limesaft|limejuice; da limesaft; no limesaft
Orange juice; de Orangensaft; fr jus d'orange; es zumo de naranja|jugo de naranja; it succo d'arancia; nl sinaasappelsap; pt suco de laranja|sumo de laranja; sv apelsinjuice; da appelsinjuice; no appelsinjuice
Applesauce; de Apfelmus; fr compote; es compota de manzana|puré de manzana; nl appelmoes; pt purê de maçã; sv äppelmos; da æblemos; no eplemos
Pumpkin puree; de Kürbispüree; fr purée de potiron|purée de courge; es puré de calabaza
Capers; de Kapern; fr câpre; es alcaparra; it capperi; nl kappertjes; pt alcaparra; sv kapris; da kapers; no kapers
Apple juice; de Apfelsaft; fr jus de pomme; es zumo de manzana|jugo de manzana; it succo di mela; nl appelsap; pt suco de maçã|sumo de maçã; sv äppeljuice; da æblejuice|æblemost; no eplejuice|eplemost
Sherry; de Portwein; fr porto|xérès|madère; es vino de Jerez|jerez|oporto|vino dulce|Pedro Ximénez; it vin santo|porto; pt vinho do Porto|porto|vinho Madeira|xerez; sv portvin; da portvin; no portvin
Rum; de Wodka|Weinbrand|Kirschwasser|Obstler|Schnaps; fr rhum|armagnac|calvados|eau-de-vie; es ron|ginebra|coñac|aguardiente|orujo|tequila; nl wodka|jenever; pt vodca|gim|uísque|conhaque|cachaça|aguardente; sv rom|konjak|brännvin; da rom|snaps; no rom|konjakk|akevitt
Liqueur; de Likör; fr triple sec; es licor; it liquore|limoncello|maraschino; nl likeur; pt licor; sv likör; da likør; no likør
Barbecue sauce; de Barbecuesauce|BBQ-Sauce|Grillsauce; fr sauce barbecue; es salsa barbacoa
Pesto; it pesto alla genovese
Oyster sauce; de Austernsauce; fr sauce huître|sauce d'huître; es salsa de ostras; nl oestersaus; pt molho de ostra; sv ostronsås; da østerssauce; no østerssaus
Hot sauce; de scharfe Soße|Chilisauce; fr sauce piquante|sauce pimentée; es salsa picante; it salsa piccante; nl sambal; pt molho de pimenta|piri-piri; sv sambal oelek; da chilisauce; no chilisaus
Horseradish; de Meerrettich; fr raifort; es rábano picante; it rafano|cren; nl mierikswortel; pt raiz-forte; sv pepparrot; da peberrod; no pepperrot
Onion; de Zwiebeln|weiße Zwiebel; fr oignon; es cebolla; it cipolla; nl uien|uitje; pt cebola; sv lök; da løg; no løk
Shallot; de Schalotte; fr échalote; es chalota|chalote|escalonia; it scalogno; nl sjalot|sjalotten|sjalotje; pt chalota|echalota; sv schalottenlök; da skalotteløg; no sjalottløk
Green onion; de Frühlingszwiebel|Lauchzwiebel; fr oignon nouveau|cébette|ciboule|oignon vert; es cebolleta|cebolla de verdeo|cebollín|cebolla tierna; it cipollotto|cipolla verde; nl lente-ui|lente-uitjes|bosui|lenteui; pt cebolinha|cebola verde; sv salladslök; da forårsløg; no vårløk
Leek; de {stick 89} Lauch|Porree|Lauchstange; fr poireau; es puerro; it porro; nl prei; pt alho-poró|alho-francês; sv purjolök; da porre; no purre|purreløk
Garlic; de {bulb 40} Knoblauch|Knoblauchzehe; fr ail|gousse d'ail; es ajo|diente de ajo; it aglio|spicchio d'aglio; nl knoflook|knoflookteen|knoflookteentje; pt alho|dente de alho; sv vitlök|vitlöksklyfta; da hvidløg|hvidløgsfed; no hvitløk|hvitløksfedd
Ginger; de Ingwer|Ingwerwurzel; fr gingembre|racine de gingembre; es jengibre|raíz de jengibre; it zenzero; nl gember; pt gengibre; sv ingefära; da ingefær; no ingefær
Tomato; de {can 400} Tomate; fr {can 400} tomate; es {can 400} tomate|jitomate; it {can 400} pomodoro; nl {can 400} tomaat|tomaten; pt {can 400} tomate; sv {can 400} tomat; da {can 400} tomat; no {can 400} tomat
Cherry tomato; de Kirschtomaten|Cocktailtomaten|Cherrytomaten|Datteltomaten; fr tomate cerise|tomates cocktail; es tomate cherry|tomates cereza; it pomodorini|pomodori ciliegini|datterini; nl cherrytomaten|kerstomaten|tomaatjes; pt tomate cereja|tomatinhos; sv körsbärstomater|cocktailtomater|småtomater; da cherrytomater|cocktailtomater; no cherrytomater|cocktailtomater|småtomater
Sun-dried tomato; de getrocknete Tomaten; fr tomate séchée; es tomate seco; it pomodori secchi; nl zongedroogde tomaten; pt tomates secos; sv soltorkade tomater; da soltørrede tomater; no soltørkede tomater
Potato; de Kartoffel; fr pommes de terre|patate; es patata|papa; it patata; nl aardappels; pt batata; sv potatis; da kartofler|kartoffel; no potet|nypoteter
Sweet potato; de Süßkartoffel; fr patate douce; es batata|boniato|camote; it patate dolci|patata americana; nl zoete aardappel|bataat; pt batata doce; sv sötpotatis; da søde kartofler|sød kartoffel; no søtpotet
Carrot; de Karotte|Möhre|Mohrrübe|Rübli; fr carotte; es zanahoria; it carota; nl wortel|peen; pt cenoura; sv morot|morötter; da gulerod|gulerødder; no gulrot|gulrøtter
Celery; de {stick 40} Staudensellerie|Stangensellerie|Selleriestange; fr {sprig 40} céleri|branche de céleri|côte de céleri; es {sprig 40} apio|rama de apio|tallo de apio; it sedano|costa di sedano|gambo di sedano; nl bleekselderij; pt aipo|salsão|talo de aipo; sv selleri; da bladselleri; no selleri
Bell pepper; de Paprika|Paprikaschote; fr poivron; es pimiento|pimiento rojo|pimiento verde|pimiento amarillo|morrón|pimiento morrón; it peperone; nl groene paprika|paprika's; pt pimentão|pimento; sv paprika; da peberfrugter|rød peberfrugt; no paprika
Jalapeño; es chile jalapeño
Chili pepper; de Chilischote|Peperoni|rote Chili|Chilis; fr piment; es guindilla|ají; it peperoncino; nl rode peper|Spaanse peper|chilipeper|pepers; pt pimenta|malagueta; sv chili|chilifrukt; da chilier|frisk chili; no chili|chilipepper
Cucumber; de Gurke; fr concombre; es pepino; it cetriolo; nl komkommer; pt pepino; sv gurka; da agurk; no agurk
Zucchini; de Zucchetti; es calabacín|calabacita; it zucchino; pt abobrinha|curgete; sv squash; da squash; no squash
Eggplant; de Auberginen; es berenjena; it melanzana; pt berinjela|beringela
Broccoli; de Brokkoli; fr brocoli; es brocoli; it broccolo|cime di rapa; pt brócolos|brocolis; no brokkoli
Cauliflower; de Blumenkohl; fr chou-fleur; es coliflor; it cavolfiore; nl bloemkool; pt couve-flor; sv blomkål; da blomkål; no blomkål
Cabbage; de Kohl|Wirsing|Blaukraut|Weißkraut; fr chou; es col|repollo|berza; it cavolo|verza; nl kool; pt repolho|couve; sv kål; da kål; no kål
Lettuce; de Salat; fr salade|laitue|batavia|iceberg; es lechuga; it lattuga|insalata|iceberg; nl sla; pt alface; sv sallad; da salat; no salat
Spinach; de Spinat; fr épinard|pousses d'épinards|jeunes pousses d'épinards; es espinaca; it spinaci|spinacini; nl spinazie; pt espinafre; sv spenat; da spinat; no spinat
Kale; de Grünkohl; fr chou kale; es col rizada; it cavolo nero|cavolo riccio; nl boerenkool; pt couve kale; sv grönkål; da grønkål; no grønnkål
Mushroom; de Champignon|Pilze|Egerlinge; fr champignon|cèpes|girolles; es champiñón|seta|hongo; it funghi|champignon|porcini|fungo; nl champignon|paddenstoelen; pt cogumelo|champignon; sv champinjoner|svamp|kantareller; da champignon|svampe|kantareller; no sjampinjong|sopp|kantareller
Corn; de Mais|Maiskörner; fr maïs|grains de maïs; es maíz|choclo|elote|granos de maíz; it mais; nl maïs|maiskorrels; pt milho; sv majs; da majs; no mais
Pea; de Erbsen; fr pois; es arvejas|chícharos|guisante; it piselli; nl erwten|erwtjes; pt ervilha; sv ärtor; da ærter; no erter
Green bean; de grüne Bohnen|Brechbohnen|Buschbohnen|Prinzessbohnen; fr haricot vert; es judías verdes|ejotes|vainitas|habichuelas; it fagiolini; nl sperziebonen|boontjes; pt vagem|vagens|feijão-verde; sv haricots verts|gröna bönor|brytbönor; da grønne bønner|haricots verts; no aspargesbønner|grønne bønner|haricots verts
Asparagus; de Spargel; fr asperge; es espárrago; it asparago; nl asperges; pt aspargo|espargo; sv sparris; da asparges; no asparges
Brussels sprout; de Rosenkohl; fr chou de Bruxelles; es col de Bruselas; it cavoletti di Bruxelles; nl spruitjes; pt couves-de-bruxelas; sv brysselkål; da rosenkål; no rosenkål
Beet; de Rote Bete|Rote Beete|Rote Rüben; fr betterave; es remolacha|betabel; it barbabietola|rape rosse; nl rode biet|bietjes; pt beterraba; sv rödbeta; da rødbede; no rødbete
Radish; de Radieschen; fr radis; es rábano; it ravanello; nl radijs; pt rabanete; sv rädisa; da radiser; no reddik
Turnip; fr navet; es nabo; it rapa; nl raap|rapen; pt nabo
Parsnip; de Pastinake; fr panais; es chirivía; it pastinaca; nl pastinaak; pt pastinaca|cherovia; sv palsternacka; da pastinak; no pastinakk
Fennel; de Fenchel|Fenchelknolle; fr fenouil|bulbe de fenouil; es hinojo; it finocchio; nl venkel|venkelknol; pt funcho; sv fänkål; da fennikel; no fennikel
Butternut squash; de Butternut|Butternutkürbis; fr courge butternut|butternut; es calabaza butternut|calabaza violín|calabaza moscada; it zucca butternut|zucca violina; nl flespompoen; pt abóbora-manteiga|abóbora cabotiá; sv butternutpumpa; da butternut squash|butternutgræskar; no butternut squash|butternutgresskar
Pumpkin; de Kürbis|Hokkaido; fr potiron|citrouille|potimarron|courge; es calabaza; it zucca; nl pompoen; pt abóbora|jerimum; sv pumpa; da græskar; no gresskar
Artichoke; de Artischocke; fr artichaut; es alcachofa; it carciofo; nl artisjok; pt alcachofra; sv kronärtskocka; da artiskok; no artisjokk
Avocado; fr avocat; es aguacate|palta; pt abacate; sv avokado; no avokado
Olive; de Oliven; fr olives noires|olives vertes; es aceituna; it oliva; nl olijven; pt azeitona; sv oliver; da oliven; no oliven
Celeriac; de Sellerie; fr céleri-rave; es apionabo|apio nabo; it sedano rapa; nl selderij; pt aipo-rábano; sv rotselleri; da selleri; no sellerirot|knollselleri
Kohlrabi; fr chou-rave; es colinabo; it cavolo rapa; nl koolrabi; pt couve-rábano; sv kålrabbi; da kålrabi; no kålrabi
Arugula; de Rucola|Rauke; es rúcula|rúcola; it rucola; nl rucola; pt rúcula; sv ruccola|rucola; da rucola; no ruccola|rucola
Watercress; de Kresse; fr cresson; es berro; it crescione; nl waterkers|tuinkers; pt agrião; sv krasse; da karse; no karse
Bok choy; nl paksoi
Chinese cabbage; de Chinakohl; fr chou chinois; es col china; nl Chinese kool; pt acelga|couve-chinesa; sv salladskål|kinakål; da kinakål; no kinakål
Swiss chard; de Mangold; fr blette|bette; es acelga; it bietola; nl snijbiet; sv mangold; da bladbede; no mangold
Collard greens; pt couve-manteiga
Snow pea; de Zuckerschoten|Kaiserschoten; fr pois gourmands|mange-tout; es tirabeques; it taccole; nl peultjes|sugarsnaps; pt ervilha-torta; sv sockerärtor; da sukkerærter; no sukkererter
Bean sprout; de Sprossen; fr germes de soja|pousses de soja; es brotes de soja; it germogli di soia; nl taugé; pt broto de feijão|moyashi; sv böngroddar; da bønnespirer; no bønnespirer
Belgian endive; de Chicorée; es endivia; it indivia belga; nl witlof; pt endívia
Pickle; de Gewürzgurke|Cornichons; fr cornichon; es pepinillo; it cetriolini; nl augurk; pt pepino em conserva|picles; sv saltgurka|ättiksgurka|inlagd gurka; da syltede agurker|asier; no sylteagurk
Sauerkraut; fr choucroute; es chucrut; it crauti; nl zuurkool; pt chucrute; sv surkål; da surkål; no surkål
Lemongrass; de Zitronengras; fr citronnelle; es hierba limón|limoncillo; it citronella; nl citroengras; pt capim-limão|erva-príncipe; sv citrongräs; da citrongræs; no sitrongress
Rutabaga; de Steckrübe; sv kålrot; no kålrot
Parsley; de Petersilie; fr persil; es perejil; it prezzemolo; nl peterselie; pt salsa|salsinha|cheiro-verde; sv persilja; da persille; no persille
Cilantro; de Koriander|Koriandergrün; fr coriandre; es cilantro fresco; it coriandolo; nl koriander; pt coentros; sv koriander; da koriander; no koriander
Basil; de Basilikum|Basilikumblätter; fr basilic|feuilles de basilic; es albahaca|hojas de albahaca; it basilico|foglie di basilico; nl basilicum; pt manjericão; sv basilika; da basilikum; no basilikum
Mint; de Minze|Minzblätter; fr menthe|feuilles de menthe; es menta|hierbabuena; it menta; nl munt; pt hortelã|menta; sv mynta; da mynte; no mynte
Dill; fr aneth; es eneldo; it aneto; nl dille; pt endro|aneto; da dild
Rosemary; de Rosmarin; fr romarin; es romero; it rosmarino; nl rozemarijn; pt alecrim; sv rosmarin; da rosmarin; no rosmarin
Thyme; de Thymian; fr thym; es tomillo; it timo; nl tijm; pt tomilho; sv timjan; da timian; no timian
Chives; de Schnittlauch; fr ciboulette; es cebollino; it erba cipollina; nl bieslook; pt cebolinho; sv gräslök; da purløg; no gressløk
Bay leaf; de Lorbeerblatt|Lorbeer; fr laurier|feuille de laurier; es laurel|hoja de laurel; it alloro|foglia di alloro; nl laurierblad|laurierblaadjes|laurier; pt louro|folha de louro; sv lagerblad; da laurbærblad; no laurbærblad
Sage leaf; de Salbei|Salbeiblätter; fr sauge; es salvia; it salvia; nl salie; pt sálvia; sv salvia; da salvie; no salvie
Lemon; de Zitronen|Bio-Zitrone; fr citron; es limones; it limone; nl citroen; pt limão-siciliano; sv citron; da citron; no sitron
Lemon zest; de Zitronenschale|Zitronenabrieb; fr zestes de citron; es ralladura de limón|piel de limón; it scorza di limone|buccia di limone; nl citroenrasp|citroenschil; pt raspa de limão|casca de limão ralada; sv citronskal; da citronskal; no sitronskall
Lime; de Limette; fr citron vert; es lima; nl limoen; pt limão|limões|lima
Orange; de Orangen|Apfelsine; es naranja; it arancia; nl sinaasappel; pt laranja; sv apelsin; da appelsin; no appelsin
Apple; de Äpfel; fr pomme; es manzana; it mela; nl appel; pt maçãs; sv äpplen; da æble; no eple
Banana; de Banane; fr banane; es plátano|banano; nl banaan|bananen; sv banan; da banan; no banan
Pear; de Birne; fr poire; es pera; it pera; nl peer|peren; pt pêra; sv päron; da pære; no pære
Peach; de Pfirsich; fr pêche; es melocotón|durazno; it pesca; nl perzik; pt pêssego; sv persika; da fersken; no fersken
Plum; de Pflaume|Zwetschge|Zwetschke; fr prune|quetsche|mirabelle; es ciruela; it prugna|susina; nl pruim; pt ameixa; sv plommon; da blomme; no plomme
Apricot; de Aprikose|Marille; fr abricot; es albaricoque|damasco|chabacano; it albicocca; nl abrikoos|abrikozen; pt damasco|alperce; sv aprikos; da abrikos; no aprikos
Fig; de Feige; fr figue; es higo; it fico; nl vijg; pt figo; sv fikon; da figen|figner; no fiken
Kiwi; de Kiwis; pt quivi
Mango; fr mangue; pt manga
Pineapple; de Ananas; fr ananas; es piña|ananá; it ananas; nl ananas; pt abacaxi|ananás; sv ananas; da ananas; no ananas
Strawberry; de Erdbeere; fr fraise; es fresa|frutilla|fresón; it fragola; nl aardbei; pt morango; sv jordgubbe; da jordbær; no jordbær
Blueberry; de Heidelbeere|Blaubeere; fr myrtille|bleuet; es arándano; it mirtillo; nl blauwe bessen|bosbessen; pt mirtilo; sv blåbär; da blåbær; no blåbær
Raspberry; de Himbeere; fr framboise; es frambuesa; it lampone; nl frambozen|framboos; pt framboesa; sv hallon; da hindbær; no bringebær
Blackberry; de Brombeere; fr mûre; es mora|zarzamora; it mora; nl bramen|braam; pt amora; sv björnbär; da brombær; no bjørnebær
Cranberry; de Preiselbeeren; fr canneberge|airelle; es arándanos rojos; it mirtilli rossi; nl veenbessen; pt oxicoco; sv tranbär|lingon; da tranebær; no tranebær|tyttebær
Cherry; de Kirsche; fr cerise; es cereza|guinda; it ciliegia|amarena; nl kers; pt cereja; sv körsbär; da kirsebær; no kirsebær
Grape; de Trauben; fr raisin; es uva; it uva; nl druiven|druif; pt uva; sv druvor; da druer; no druer
Watermelon; de Wassermelone; fr pastèque; es sandía; it anguria|cocomero; nl watermeloen; pt melancia; sv vattenmelon; da vandmelon; no vannmelon
Cantaloupe; de Melone; it melone; nl meloen; pt melão; sv cantaloupemelon
Pomegranate seed; de Granatapfelkerne; fr grenade|graines de grenade; es granada|granos de granada; it melagrana|chicchi di melagrana; nl granaatappelpitjes|granaatappelpitten; pt romã|sementes de romã; sv granatäpplekärnor; da granatæblekerner; no granateplekjerner
Date; de Datteln; fr datte; es dátil; it dattero; nl dadel; pt tâmara; sv dadlar; da dadler; no dadler
Raisin; de Rosinen|Sultaninen; fr raisin sec; es pasas|uvas pasas; it uvetta|uva sultanina|uva passa; nl rozijnen; pt passas|uva-passa; sv russin; da rosiner; no rosiner
Grapefruit; de Pampelmuse; fr pamplemousse; es pomelo|toronja; it pompelmo; pt toranja; sv grapefrukt; da grapefrugt; no grapefrukt
Mandarin; de Mandarine; fr mandarine; es mandarina; it mandarino; nl mandarijn; pt tangerina|mexerica|bergamota
Clementine; de Clementinen; es clementina; it clementina; pt clementina; sv clementin; da clementin; no klementin
Nectarine; de Nektarine; es nectarina; it pesca noce|nettarina; pt nectarina; sv nektarin; da nektarin; no nektarin
Rhubarb; de {stick 51} Rhabarber; fr rhubarbe; es ruibarbo; it rabarbaro; nl rabarber; pt ruibarbo; sv rabarber; da rabarber; no rabarbra
Dried cranberry; de getrocknete Cranberries; fr cranberries séchées|canneberges séchées; es arándanos secos; it mirtilli rossi secchi; nl gedroogde cranberry's; sv torkade tranbär; da tørrede tranebær; no tørkede tranebær
Dried apricot; de getrocknete Aprikosen; fr abricot sec; es orejones|albaricoques secos; it albicocche secche; nl gedroogde abrikozen; pt damascos secos; sv torkade aprikoser; da tørrede abrikoser; no tørkede aprikoser
Prune; de Backpflaumen|Trockenpflaumen; fr pruneau; es ciruelas pasas|ciruelas secas; it prugne secche; nl gedroogde pruimen; pt ameixa seca; sv katrinplommon; da svesker; no svisker
Dried fig; de getrocknete Feigen; fr figue sèche; es higos secos; it fichi secchi; nl gedroogde vijgen; pt figos secos; sv torkade fikon
Currant; de Korinthen; nl krenten
Redcurrant; de Johannisbeeren; fr groseille|cassis; es grosella; it ribes; nl rode bessen|aalbessen; pt groselha; sv vinbär; da ribs|solbær; no rips|solbær
Gooseberry; de Stachelbeeren; sv krusbär; da stikkelsbær; no stikkelsbær
Passion fruit; de Maracuja|Passionsfrucht; fr fruit de la passion; es maracuyá|fruta de la pasión; it frutto della passione; nl passievrucht; pt maracujá; sv passionsfrukt; da passionsfrugt; no pasjonsfrukt
Orange zest; de Orangenschale|Orangenabrieb; fr zeste d'orange; es ralladura de naranja; it scorza d'arancia|scorza di arancia; nl sinaasappelrasp; pt raspa de laranja; sv apelsinskal; da appelsinskal; no appelsinskall
Lime zest; de Limettenschale; fr zeste de citron vert; es ralladura de lima; it scorza di lime; nl limoenrasp; sv limeskal; da limeskal; no limeskall
Walnut; de Walnusskerne|Walnuss; fr noix|cerneaux de noix; es nueces; it noci|gherigli di noce; nl walnoten|walnoot; pt nozes; sv valnötter; da valnødder; no valnøtter
Pecan; de Pekannüsse|Pekannusskerne; fr noix de pécan; es nueces pecanas|pecanas|nueces de pecán; it noci pecan; nl pecannoten; pt noz-pecã; sv pekannötter; da pekannødder; no pekannøtter
Almond; de Mandeln; fr amande; es almendra; it mandorla; nl amandel; pt amêndoa; sv mandel|mandlar; da mandler; no mandler
Sliced almond; de Mandelblättchen|Mandelstifte|gehobelte Mandeln; fr amandes effilées; es almendra laminada|almendras fileteadas; it mandorle a lamelle|lamelle di mandorle; nl amandelschaafsel; pt amêndoa laminada|amêndoas fatiadas; sv mandelspån; da mandelflager; no mandelflak
Peanut; de Erdnüsse|Erdnusskerne; fr cacahuète|arachide; es cacahuete|cacahuate|maní; it arachidi; nl pinda; pt amendoim; sv jordnötter|jordnöt; da jordnødder; no peanøtter
Cashew; de Cashewkerne; fr noix de cajou; es anacardo|castañas de cajú|nueces de la India; it anacardi; nl cashewnoten; pt castanhas de caju|caju; sv cashewnötter; da cashewnødder; no cashewnøtter
Pine nut; de Pinienkerne; fr pignon; es piñón; it pinoli; nl pijnboompitten; pt pinhões|pinhão; sv pinjenötter; da pinjekerner; no pinjekjerner
Hazelnut; de Haselnüsse|Haselnusskerne; fr noisette|poudre de noisettes; es avellana; it nocciola; nl hazelnoten; pt avelã; sv hasselnötter; da hasselnødder; no hasselnøtter
Pistachio; de Pistazien; fr pistache; es pistacho; it pistacchi; nl pistachenoten|pistaches; pt pistache|pistácio; sv pistaschnötter; da pistacienødder|pistacie; no pistasjnøtter
Sesame seed; de Sesam|Sesamsaat; fr graines de sésame|sésame; es sésamo|ajonjolí|semillas de sésamo; it semi di sesamo|sesamo; nl sesamzaad; pt gergelim|sésamo|sementes de sésamo; sv sesamfrön; da sesamfrø; no sesamfrø
Chia seed; de Chiasamen; fr graines de chia; es semillas de chía|chía; it semi di chia; nl chiazaad; pt chia|sementes de chia; sv chiafrön; da chiafrø; no chiafrø
Flaxseed; de Leinsamen; fr graines de lin; es semillas de lino|linaza; it semi di lino; nl lijnzaad; pt linhaça|sementes de linhaça; sv linfrön; da hørfrø; no linfrø
Sunflower seed; de Sonnenblumenkerne; fr graines de tournesol; es pipas de girasol|semillas de girasol; it semi di girasole; nl zonnebloempitten; pt sementes de girassol; sv solrosfrön; da solsikkekerner; no solsikkekjerner
Macadamia; de Macadamianüsse; fr noix de macadamia; nl macadamianoten
Brazil nut; pt castanha-do-pará|castanha-do-brasil
Pumpkin seed; de Kürbiskerne; fr graines de courge; es pipas de calabaza|semillas de calabaza; it semi di zucca; nl pompoenpitten; pt sementes de abóbora; sv pumpafrön; da græskarkerner; no gresskarkjerner
Chickpea; de {can 400} Kichererbsen; fr {can 400} pois chiche; es {can 400} garbanzo; it {can 400} ceci; nl {can 400} kikkererwten; pt {can 400} grão de bico; sv {can 400} kikärtor; da {can 400} kikærter; no {can 400} kikerter
Black bean; de {can 400} schwarze Bohnen; fr {can 400} haricots noirs; es {can 400} frijoles negros|alubias negras|porotos negros; it {can 400} fagioli neri; nl {can 400} zwarte bonen; pt feijão preto; sv {can 400} svarta bönor; da {can 400} sorte bønner; no {can 400} svarte bønner
Kidney bean; de {can 400} Kidneybohnen; fr {can 400} haricots rouges; es {can 400} alubias rojas|frijoles rojos|judías rojas|porotos rojos; it {can 400} fagioli rossi|fagioli borlotti|borlotti; nl {can 400} kidneybonen; pt feijão vermelho|feijão encarnado; sv {can 400} kidneybönor; da {can 400} kidneybønner; no {can 400} kidneybønner
White bean; de {can 400} weiße Bohnen|Cannellinibohnen; fr {can 400} haricots blancs|cocos|lingots; es {can 400} judías blancas|frijoles blancos|alubias; it {can 400} cannellini|fagioli; nl {can 400} witte bonen|cannellinibonen; pt feijão; sv {can 400} vita bönor; da {can 400} hvide bønner; no {can 400} hvite bønner
Chicken breast; de Hähnchenbrust|Hühnerbrust|Hähnchenbrustfilet|Hühnerbrustfilet; fr blancs de poulet|filets de poulet|escalope de poulet|poitrine de poulet; es pechuga de pollo|filete de pollo; it petto di pollo|fesa di pollo; nl kipfilet|kippenborst; pt peito de frango|filés de frango; sv kycklingfilé|kycklingbröst; da kyllingebryst|kyllingebrystfilet; no kyllingfilet|kyllingbryst
Chicken thigh; de Hähnchenschenkel|Hähnchenoberschenkel; fr cuisses de poulet|haut de cuisse de poulet; es muslo de pollo|contramuslo de pollo; it cosce di pollo|sovracosce di pollo; nl kippendijen|kippendijfilet|kipdijfilet; pt coxa de frango|sobrecoxa; sv kycklinglårfilé|kycklinglår; da kyllingelår|kyllingeoverlår; no kyllinglår|kyllinglårfilet
Ground beef; de Hackfleisch|Hack; fr bœuf haché|viande hachée|steak haché; es carne picada|carne molida|carne de res molida; it carne macinata|carne trita|macinato|trito di manzo; nl gehakt; pt carne moída|carne picada; sv köttfärs|nötfärs|blandfärs; da hakket oksekød|oksefars|hakket kød; no kjøttdeig|karbonadedeig|kjøttdeig av storfe
Bacon; de Speck|Speckwürfel; fr lardons|poitrine fumée; es beicon|tocino|panceta; it pancetta|guanciale; nl spekjes|ontbijtspek; pt toucinho|bacon em cubos; sv sidfläsk; da bacon i tern|baconstrimler
Sausage; de Wurst; fr saucisse; es salchicha; it salsiccia|salsicce; nl worst; pt linguiça|salsicha; sv korv; da pølse; no pølse
Shrimp; de Garnelen|Crevetten; fr crevette|gambas; es gamba|langostino|camarón; it gamberetti|mazzancolle|gambero; nl garnalen; pt camarão|camarões|gambas|miolo de camarão; sv räkor; da rejer; no reker
Salmon; de Lachs|Lachsfilet; fr saumon|pavé de saumon|filet de saumon; it salmone|filetto di salmone; nl zalm|zalmfilet; pt salmão|filé de salmão; sv lax|laxfilé; da laks|laksefilet; no laks|laksefilet
Tuna; de Thunfisch; fr thon; es atún; it tonno; nl tonijn; pt atum; sv tonfisk; da tun|tun i vand; no tunfisk
Anchovy; de Sardellen|Sardellenfilets; fr anchois|filets d'anchois; es anchoa; it acciughe|alici|filetti di acciuga; nl ansjovis; pt anchova; sv ansjovis|sardeller; da ansjoser; no ansjos
Bread; de Brot|Toast; fr pain|baguette; es pan|barra de pan; it pane|pancarré; nl brood|boterham|boterhammen; pt pão; sv bröd; da brød; no brød|loff
Tortilla; de Weizentortillas; fr galette de blé; es tortillas de trigo|tortilla de harina|tortilla de maíz; it piadina; nl wrap; pt tortilha|wrap; sv tortillabröd; da wraps; no tortillalefser
Pita; de Fladenbrot; fr pain pita; es pan de pita; nl pitabroodje; pt pão sírio|pão pita; sv pitabröd; da pitabrød; no pitabrød
Ham; de Schinken; fr jambon; es jamón; it prosciutto; nl achterham; pt presunto|fiambre; sv skinka; da skinke; no skinke
Chorizo; pt chouriço
Cod; de Kabeljau|Kabeljaufilet; fr cabillaud|morue|dos de cabillaud; es bacalao; it merluzzo|baccalà; nl kabeljauw; pt bacalhau; sv torsk|torskfilé; da torsk|torskefilet; no torsk|torskefilet
`;
