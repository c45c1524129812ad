### duel catalogue (en). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

duel-bids-footer = Only you see your bids. You can change them until the deadline.
duel-bids-none = No bid sent yet: you bid 0 on every minor power.
duel-bids-not_bidding = No bidding now: the next season opens after the Winter adjustments. Your treasury: { $credits ->
        [one] { $credits } credit
       *[other] { $credits } credits
    }.
duel-bids-progress = Ready
duel-bids-ready_name = Final
duel-bids-ready_no = no (`/bids ready` when they are)
duel-bids-ready_yes = yes: revealed as soon as both players are ready
duel-bids-revealed = Both players are ready: the bids are revealed in the game channel.
duel-bids-saved = Bids saved (sealed).
duel-bids-title = Your sealed bids — { $year }
duel-bids-total = { $total } of your { $credits ->
        [one] { $credits } credit
       *[other] { $credits } credits
    }
duel-bids-total_name = Total
duel-join-done = You joined **{ $name }** ({ $count }/2 players). Your ranking: { $ranking }.
duel-join-updated = Your ranking for **{ $name }** is now: { $ranking } ({ $count }/2 players).
duel-ready-off = Your bids are no longer final.
duel-ready-on = Your bids are final. They are revealed when both players are ready, or at the deadline.
duel-stalemate-claimed = Stalemate claimed: the other player or the game master can confirm it.
duel-stalemate-confirmed = Stalemate confirmed: the duel is over.
duel-start-done = { "*" }*{ $name }** has started: the countries and the first bidding season are posted in the game channel.
error-duel-deadline_passed = The bidding deadline has passed: the bids are being revealed.
error-duel-no_preferences = { $user } has not ranked the seven countries yet: `/game join preferences:` FRA, ENG, GER, ITA, AUS, RUS, TUR (best first).
error-duel-not_bidding = There is no bidding season now ({ $phase }).
error-duel-not_duel = This game is not a duel ({ $variant }).
error-duel-not_started = The duel has not started yet.
error-duel-refused = { $message_en }
error-duel-two_players = A duel needs exactly two players (signed up: { $count }).
phase-kind-B = bidding

## Its option (engine.variants.duel: Variant.options) in /game settings
settings-bids_accumulate = Unspent bids carried over to the next year: { $on ->
        [yes] on
       *[no] off
    }

## Its chart measure (Variant.measures) in /game chart
chart-credits-title = credits per year
chart-credits-axis = credits
error-archive-credits_duel_only = Only Duel-Diplomatie has credits: choose supply centres.
chart-credits-elsewhere = { error-archive-credits_duel_only }
