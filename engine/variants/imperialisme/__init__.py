"""L'Impérialisme (docs/RULES.md §6): influence, neighbours, auditable crisis draws, declared
crises, the secret weighted vote, annexations, exchanges, end of game and ranking.

Pure rules: no I/O except reading a map JSON once (``load_imperial_map``). Typed values in the
modules; the JSON layer over the variant's STATE is ``engine.variants.imperialisme.api``.
"""

from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import ImperialMap, load_imperial_map, map_from_json

__all__ = ["ImperialError", "ImperialMap", "load_imperial_map", "map_from_json"]
