### bots catalogue (en): the bot player at the table (bot.services.bots). Keys: the catalogue key with dashes for dots.

bots-civil_disorder_rule = The bot plays their powers (a game option) until the player orders again or a replacement takes over (rules §3.6).
bots-played_by_bot = Played by the bot
bots-played_title = Played by the bot this turn
bots-started = Seats taken by the bot (a practice game): { $powers }.
bots-report_title = { $name } — what the bot ordered for you
bots-report_intro = Welcome back: your orders count again. While you were away the bot played your powers (game option: civil disorder played by the bot):
bots-report_nothing = nothing to order
bots-suggest_title = The bot's orders — { $phase }
bots-suggest_how = Nothing has been entered: copy what you like with `/sandbox order`.
bots-stats_line = { $count ->
        [one] { $count } game with bots (not rated)
       *[other] { $count } games with bots (not rated)
    }
settings-civil_disorder = A power in civil disorder: { $mode ->
        [bot] the bot plays it until its player orders again or a replacement takes the seat
       *[hold] its units hold and it builds nothing (rules §2.14.3)
    }
settings-bots = Practice game: { $count ->
        [one] { $count } seat
       *[other] { $count } seats
    } for the bot ({ $powers }); it never moves the ladder
error-bots-unsupported = No bot can sit in { $variant ->
        [duel] Duel-Diplomatie (its countries come from the two players' lists)
        [imperialisme] L'Impérialisme (its turns are votes and crises, not written orders)
       *[other] { $variant }
    }: the options civil disorder "bot" and bots are for Diplomacy.
error-sandbox-suggest_no_choice = { $power } has nothing to order in this phase of your sandbox.
