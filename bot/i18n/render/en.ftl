# Maps: the game option map_labels (/game settings).
settings-map_labels = Province abbreviations on the map: { $labels ->
        [en] English (BUR, ENG, WAR)
        [fr] French (BOU, MAN, VAR)
       *[auto] in the language of the text they go with
    }

# /gm map: the game master changes how the maps are drawn (display only).
gm-map_set = The maps of { $name } are now drawn so:
