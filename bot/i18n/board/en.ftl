### board catalogue (en): the web board opened from Discord (docs/DEPLOY.md). Keys: the catalogue key with dashes for dots.

board-not_enabled = The web board is not enabled on this server.
board-open = Open the map
board-personal = Your own link to the map of the game “{ $name }”: it opens your seat, keep it to yourself (it expires in an hour).
board-public = The public map of the game “{ $name }” (you have no seat in this game).
web-activity-title = The board in Discord
web-activity-signing_in = Signing in with Discord…
web-activity-declined = Discord did not sign you in: the board needs to know who you are (your Discord name only). Close the activity and open it again with /game board.
web-refused-activity_off = The board is not enabled as a Discord activity on this server.
web-refused-activity_code = Discord did not confirm who you are (the sign-in code was refused or already used). Close the activity and open it again with /game board.
web-refused-activity_unreachable = Discord could not be reached to confirm who you are. Try again in a moment.
web-refused-activity_no_game = There is no game in the channel this activity was opened in.
