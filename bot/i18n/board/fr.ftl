### board catalogue (fr): the web board opened from Discord (docs/DEPLOY.md). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

board-not_enabled = Le plateau web n'est pas activé sur ce serveur.
board-open = Ouvrir la carte
board-personal = Votre lien personnel vers la carte de la partie « { $name } » : il ouvre votre place, gardez-le pour vous (il expire dans une heure).
board-public = La carte publique de la partie « { $name } » (vous n'avez pas de place dans cette partie).
command-board = plateau
    .source = board
command-board-open-the-map-of-this-game = Ouvrir la carte de cette partie
    .source = Open the map of this game
