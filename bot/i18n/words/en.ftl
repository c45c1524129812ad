### words catalogue (en): units, places and powers inside sentences. Keys: the catalogue key with dashes for dots.

words-coast-nc = north coast
words-coast-sc = south coast
words-coast-ec = east coast
words-or = { $first } or { $last }
words-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $code }) is dislodged; it may retreat to { $retreats }.
words-retreat_none = { "*" }*{ $power }** — { $unit } ({ $code }) is dislodged and has nowhere to retreat: it is disbanded.
words-unit_chosen = { $unit }: what should it do?
words-forum_post =
    { "*" }*{ $name }**: a game of { $variant } refereed here, game master { $gm }.
    { "*" }*Now**: sign-up is open.
    { "*" }*What to do**: sign up with /game join or the button below; the game master starts the game with /game start. Then: { $how }
words-started_next = { "*" }*What to do**: send your orders with /orders submit (or /order, step by step) before the deadline; /ready when you are done. The map is attached; /game status tells who is still expected.
words-crises_off = off
words-forum_how-orders = each phase, send your orders with /orders submit (or /order) before the deadline, /ready when you are done; the results and the map are posted in this thread.
words-forum_how-duel = each year opens with a season of sealed bids (/bid) for the five minor powers, then each phase you send your orders with /orders submit before the deadline; the results and the map are posted in this thread.
words-forum_how-imperialisme = crises are drawn (/crisis draw) or declared (/crisis declare); each is discussed here, then every other power votes in secret by DM, weighted by its influence; the winner annexes territories; the map is posted after every crisis and exchange.
words-imp_next = { "*" }*What to do**: discuss here; a power may declare war on a neighbour with /crisis declare; the game master draws a random crisis with /crisis draw or opens an exchange session; ballots come by DM.
