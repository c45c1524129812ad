### board catalogue (en): the web board opened from Discord (docs/DEPLOY.md). Keys: the catalogue key with dashes for dots.

board-not_enabled = The web board is not enabled on this server.
board-open = Open the map
board-personal = Your own link to the map of the game “{ $name }”: it opens your seat, keep it to yourself (it expires in an hour).
board-public = The public map of the game “{ $name }” (you have no seat in this game).
