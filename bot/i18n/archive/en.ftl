### After the game (en): export, import, timelapse, chart, scores, /stats and /ladder.

settings-scoring = Scoring: { $scoring ->
        [sum_of_squares] sum of squares (a share of 100 by centres squared)
        [c_diplo] C-Diplo (1 for playing, 1 per centre, 38/14/7 for the three largest)
        [influence] share of influence (each power's share of all the influence at the end)
       *[draw_size] draw size (a solo takes 100, a draw shares it equally)
    }
archive-scores_title = Scores ({ $scoring ->
        [sum_of_squares] sum of squares
        [c_diplo] C-Diplo
        [influence] share of influence
       *[draw_size] draw size
    })
archive-score_line = { $power }: { $points }
archive-exported = **{ $name }**: every resolved phase ({ $count }) with its orders and results, replayable with `python -m engine replay FILE`.
archive-imported = Imported **{ $name }** (game #{ $id }): { $count ->
        [one] { $count } phase replayed
       *[other] { $count } phases replayed
    }. Follow it with /game history, /map, /game timelapse and /game chart.
archive-timelapse_title = { $name } — { $count ->
        [one] { $count } frame
       *[other] { $count } frames
    }
archive-chart_title = { $name } — { MEASURE($measure, "title") }
archive-chart_axis = { MEASURE($measure, "axis") }
error-archive-not_followed = This game does not follow “{ $measure }”: choose { $known }.
error-archive-too_big = This file is too large ({ $size } KB): an export holds at most { $max } KB.
error-archive-not_json = This file is not JSON: attach the file /game export made. Nothing was created.
error-archive-not_export = This file is not a game exported by /game export. Nothing was created.
error-archive-unknown_variant = This export is of a game this bot does not play ({ $variant }). Nothing was created.
error-archive-no_phases = This export holds no resolved phase. Nothing was created.
error-archive-does_not_replay = This export does not replay (phase: { $phase }): { $field ->
        [results] the results it records are not the ones its orders give.
        [result] the result it declares is not the one the rules give from its final position.
        [phase] its phases do not follow one another as its orders lead.
        [units] its orders do not lead to the units recorded next.
        [centres] its orders do not lead to the supply centres recorded next.
       *[position] its orders do not lead to the position recorded next.
    } Nothing was created.
error-archive-nothing_yet = No phase of this game has been resolved yet.
ladder-stats_title = Record of { $user } on this server
ladder-stats_none = { $user } has not finished a game on this server yet.
ladder-stats_variant = { $variant }
ladder-stats_body = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $survivals ->
        [one] { $survivals } survival
       *[other] { $survivals } survivals
    }
    Reliability: { $missed ->
        [one] { $missed } missed phase
       *[other] { $missed } missed phases
    }, { $disorders ->
        [one] { $disorders } civil disorder
       *[other] { $disorders } civil disorders
    }
    Rating: { $rating } (OpenSkill, μ { $mu }, σ { $sigma }) · points: { $points }
ladder-title = Ladder of { $variant } on this server
ladder-empty = No finished game of { $variant } on this server yet.
ladder-line = **{ $rank }.** { $user } — { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    })
ladder-footer = Rating: OpenSkill (Plackett–Luce) μ − 3σ, from the scores of the finished games.

## The chart measure every board has (Variant.measures: "centres")
chart-centres-title = supply centres per year
chart-centres-axis = supply centres
