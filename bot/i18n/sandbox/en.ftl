### sandbox catalogue (en): /sandbox, a private what-if board. Keys: the catalogue key with dashes for dots.

sandbox-title = Sandbox — { $variant }, { $phase }
sandbox-private = Only you see this board: nothing done here touches the real game.
sandbox-source-variant = Started from the opening of { $variant }.
sandbox-source-game = Copied from game #{ $game_id } ({ $name }) at { $phase }: its public position, nobody's pending orders.
sandbox-source-phase = Copied from game #{ $game_id } ({ $name }) as it stood at { $phase }.
sandbox-started = Your sandbox is ready: `/sandbox order` for any power, then `/sandbox resolve`.
sandbox-replaced = You already had a sandbox: there is one per person, so this one replaces it.
sandbox-to_act = Still without orders
sandbox-nobody = Every power with a choice has orders.
sandbox-undo_steps = { $count ->
        [one] { $count } change to undo
       *[other] { $count } changes to undo
    }
sandbox-added = Orders added (a new order for a unit replaces its earlier one).
sandbox-cleared = { $count ->
        [one] { $count } order removed.
       *[other] { $count } orders removed.
    }
sandbox-resolved = Resolved: { $phase }. Now: { $next }.
sandbox-results = Results
sandbox-undone = Undone: the board is back to { $phase }.
sandbox-reset_done = Back to the start ({ $phase }). `/sandbox undo` brings your board back.
sandbox-ended = Sandbox closed.
sandbox-winner = Game over on this board: { $winner } wins.
sandbox-draw = Game over on this board: a draw between { $powers }.
error-sandbox-none = You have no sandbox: `/sandbox new` starts one.
error-sandbox-not_your_game = You neither play nor referee game #{ $game_id }: a sandbox copies only your own games (or starts from a variant's opening: `/sandbox new variant:`).
error-sandbox-not_started = Game #{ $game_id } has not started: there is no position to copy yet.
error-sandbox-no_phase = Game #{ $game_id } has no resolved phase { $phase } (write it as S1901M, F1901R or W1901A).
error-sandbox-unknown_variant = Unknown variant “{ $variant }”.
error-sandbox-not_orders = { $variant } cannot be played in a sandbox: its turns are crises, conferences, secret votes and exchanges between the players, not one set of written orders per power that the engine resolves at once.
error-sandbox-from_game_only = The opening of { $variant } is dealt from the players' own choices (a duel's countries from both players' rankings): start from one of your games of it (`/sandbox new game:`).
error-sandbox-game_required = Say which of your games to copy (`game:`), or start from a variant (`variant:`).
error-sandbox-over = The game is over on this board: `/sandbox undo` or `/sandbox reset`.
error-sandbox-nothing_to_undo = Nothing to undo.
error-sandbox-which_power = Which power gives `{ $line }`? Possible powers: { $powers }. Say it with `power:`. Nothing was added.
error-sandbox-bids_need_power = Say whose bids these are (`power:`).
sandbox-map_title = Sandbox — { $variant }
error-sandbox-busy = Your sandbox changed while this was being checked: send it again.
