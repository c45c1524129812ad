# Press (rules §3.4.7): press releases, private letters, /inbox, the press options.
press-anonymous = anonymous
press-gm = the game master
press-sent = Your press release is posted.
press-title = Press release — { $author }
press-letter-sent = { $anonymous ->
        [yes] Your unsigned letter to { ART_AND($powers) } is on its way: each recipient gets it by direct message.
       *[no] Your letter to { ART_AND($powers) } is on its way: each recipient gets it by direct message.
    }
press-letter-title = Letter from { ART_AND($sender) } — { $name }
press-letter-anonymous = an anonymous power
press-letter-to = To { ART_AND($powers) } · { $phase }
# an anonymous letter's recipients as its readers see them: never a list that tells its sender
press-letter-you_and = you and { $count ->
        [one] one other power
       *[other] { $count } other powers
    }
press-letter-everyone = every power
press-letter-powers = { $count ->
        [one] one power
       *[other] { $count } powers
    }
press-letter-footer = Your letters of this game: /inbox in its channel.
press-inbox-title = Letters of { $name }
press-inbox-empty = No letter yet: write one with /press and the option “to”.
press-inbox-received = 📨 From { ART_AND($sender) } to { ART_AND($powers) } — { $phase }
press-inbox-sent = 📤 You ({ ART_AND($sender) }) to { ART_AND($powers) } — { $phase }
press-inbox-more = { $count ->
        [one] One older letter is not shown.
       *[other] { $count } older letters are not shown.
    }
press-player = A player
press-player-lower = a player
press-player-new = A new player
press-player-old = the previous player
press-seat-title = { $name }: your power
press-seat-body = You play { $powers }. This game is gunboat: no player is named until it ends, and every message is anonymous.
press-phase-none = before the first phase
settings-press = Press: { $press ->
        [none] none
        [public] press releases only
        [gunboat] gunboat (every message anonymous, no player named until the end)
       *[full] press releases and private letters
    }
settings-gm_reads_press = The game master reads private letters: { $on ->
        [yes] yes
       *[no] no
    }
error-press-gunboat_few_players = A gunboat game needs at least { $min } players: with { $count }, who plays which power would be known (rules §3.4.7). The game has not started.
error-press-gunboat_two_players = Gunboat keeps secret who plays which power, and in a game for two each player knows who the other is: choose press none (no letters at all) or full (rules §3.4.7). Nothing was created.
error-press-disabled = Press is turned off in this game.
error-press-public_only = This game allows press releases only: no private letters.
error-press-game_not_active = Letters can only be sent while the game is in play.
error-press-empty = Your letter is empty.
error-press-too_long = Your letter has { $length } characters; at most { $max } are allowed. Nothing was sent.
error-press-unknown_power = Unknown power: { $name }. Write names or abbreviations separated by commas (e.g. France, Italy). Nothing was sent.
error-press-to_self = You cannot write to { $power }: it is your own power. Nothing was sent.
error-press-sender_eliminated = Your powers are eliminated: you can no longer write letters.
error-press-eliminated = { $power } is eliminated: no letter can reach it. Nothing was sent.
error-press-nobody_plays = Nobody plays { $power }: no letter can reach it. Nothing was sent.
error-press-gm_cannot_read = The letters of this game are private: only their senders and recipients read them.
error-press-not_found = This letter no longer exists.
