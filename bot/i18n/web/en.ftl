### web board catalogue (en): the pages of the web board. Keys: the catalogue key with dashes for dots.

web-board_title = { $game } — the board
web-spectator_title = { $game } — public board
web-refused_title = The board cannot be shown
web-refused-expired = This link has expired. Ask Discord for a new one: the “Open the map” button of /orders show.
web-refused-altered = This link is not valid: it was altered or cut short. Open the board again from Discord.
web-refused-missing = You have no session for this game in this browser. Open the board from your personal link in Discord.
web-refused-other_game = This link was made for another game. Open the board from this game's own link.
web-refused-replaced = You no longer hold a seat in this game (replaced or gone), so this session opens nothing.
web-refused-not_player = You hold no seat in this game.
web-refused-csrf = This request did not come from the board page (its security token is missing or wrong). Reload the board and try again.
web-refused-not_found = There is no such game.
web-refused-off = The board is only shown while the game is played.
web-send = Send orders
web-ready = Ready
web-orders = Your orders
web-no_orders = No order yet.
web-remove = Remove
web-remove_order = Remove: { $order }
web-deadline = Deadline
web-deadline_left = { $left } left
web-deadline_passed = the deadline has passed
web-no_deadline = No deadline
web-saved = Orders saved: /orders show shows the same.
web-cleared = Orders cleared.
web-ready_on = You are ready.
web-ready_off = You are no longer ready.
web-sending = Sending…
web-type_order = An order as /orders submit takes it (e.g. a retreat or build sent ahead)
web-add = Add
web-waive = Waive a build
web-builds_due = { $power }: { $count ->
    [one] { $shown } build due
   *[other] { $shown } builds due
}
web-removals_due = { $power }: { $count ->
    [one] { $shown } unit to remove
   *[other] { $shown } units to remove
}
web-choose = Which order?
web-cancel = Cancel
web-history = Past phases
web-results = Last results
web-results_of = Results of { $phase }
web-now = The position now
web-crisis = Current crisis
web-pick_unit = Pick one of your units: click or tap it, or Tab to it and press Enter. Escape cancels.
web-picked = { $unit }: pick its target (the unit itself to hold).
web-picked_second = { $unit }: pick where the unit it helps goes (its own place to hold).
web-conditional = Kept for its phase: { $say }
web-nothing = You have nothing to order in this phase.
web-map = Map of { $game }
web-public_link = Public board
web-bids = Sealed bids
web-bids_text = Your bids, as /bid takes them
web-bids_send = Send bids
web-spectators = Anyone may look at this page: it shows the public position and the past phases, never an order before its phase is resolved.
web-power_orders = { $power }
web-you_play = You play { $powers }.
web-crisis_line = Crisis { $number }: { $first } against { $second } ({ $stage })
web-help_support = Support: { $unit }…
web-help_convoy = Convoy: { $unit }…
web-refused-throttled = Too many requests at once: wait a moment, then try again.
web-unsent = Not sent yet: these changes are only on this page until you press Send orders.
web-synced = Sent: the referee holds this list.
web-deadline_at = deadline { $when } ({ $left })
web-deadline_days = { $days } d { $hours } h
web-deadline_hours = { $hours } h { $minutes } min
web-centres = Supply centres
web-added = ✓ Added: { $say }. Pick another unit, or Send orders.
web-bot = played by the bot
web-bids_saved = Bids saved: /bids show shows the same.
web-bids_hint = This season is the auction: bid for the minor powers in the form, then press Ready. Units are ordered next season.
