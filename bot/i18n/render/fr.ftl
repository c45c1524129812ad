# Cartes : l'option de partie map_labels (/game settings).
settings-map_labels = Abréviations des provinces sur la carte : { $labels ->
        [en] anglaises (BUR, ENG, WAR)
        [fr] françaises (BOU, MAN, VAR)
       *[auto] dans la langue du texte qu'elles accompagnent
    }
