### Beacon Diplomacy (en): the test variant's own texts, read from its folder

beacon-phase = Watch { $watch }: { $kind }
beacon-kind-M = moves
beacon-kind-R = retreats
beacon-kind-A = musters
beacon-lit = { $power } lights its beacon.
beacon-lit_reply = The beacon of { $power } is lit: the whole game sees it.
error-beacon-not_here = There is no running game of Beacon Diplomacy here.
error-beacon-not_player = Only a player of this game can light a beacon.
chart-units-title = units at each watch
chart-units-axis = units
