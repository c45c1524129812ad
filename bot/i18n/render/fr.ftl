# Cartes : l'option de partie map_labels (/partie réglages).
settings-map_labels = Abréviations des provinces sur la carte : { $labels ->
        [en] anglaises (BUR, ENG, WAR)
        [fr] françaises (BOU, MAN, VAR)
       *[auto] dans la langue du texte qu'elles accompagnent
    }

# /mj carte : le MJ change le dessin des cartes (affichage seulement).
gm-map_set = Les cartes { DE_NAME($name) } sont désormais dessinées ainsi :
command-how-this-games-maps-are-drawn = Comment les cartes de cette partie sont dessinées
    .source = How this game's maps are drawn
command-labels = abréviations
    .source = labels
command-colours = couleurs
    .source = colours
command-province-abbreviations-on-the-map = Abréviations des provinces sur la carte
    .source = Province abbreviations on the map
command-map-colours = Couleurs de la carte
    .source = Map colours
command-in-the-language-of-the-text = dans la langue du texte
    .source = in the language of the text
command-english-bur-eng = anglaises (BUR, ENG)
    .source = English (BUR, ENG)
command-french-bou-man = françaises (BOU, MAN)
    .source = French (BOU, MAN)
command-colour-blind-friendly = adaptées aux daltoniens
    .source = colour-blind friendly
