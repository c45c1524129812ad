"""Names of a board inside sentences, in French and English: "l'armée de Varsovie", "la
flotte de Brest", "en Bourgogne", "au Portugal", "dans la Manche", "à la Russie"; "the fleet in
the North Sea".

The grammar is data beside the board, one table per language
(``<map root>/<map>/fr.json``, ``en.json``): the article a name takes (none for a town), how
French says "in"/"to" it (``en`` Bourgogne, ``à`` Paris / au Portugal, ``dans`` la Manche) and
the name inside a sentence where it differs from the map label ("mer du Nord"). Elision and
contraction are French rules, applied here once: de + le = du, à + le = au, de + les = des,
de/la before a vowel = d'/l'. A name the table does not know reads bare ("à Xyz").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.errors import Local
from engine.maps import MAP_ROOTS, Map

_VOWELS = "aeiouyàâäéèêëîïôöùûüœæ"  # an h is mostly aspirated: de Hollande


@cache
def grammar(map_name: str, language: str) -> dict[str, Any]:
    """The board's grammar table in ``language`` (empty when it has none)."""
    for root in MAP_ROOTS:
        path = root / map_name / f"{language}.json"
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
    return {}


def _the(name: str, article: str | None) -> str:
    if not article:
        return name
    return f"{article}{name}" if article.endswith("'") else f"{article} {name}"


def _elides(word: str) -> bool:
    return word[:1].lower() in _VOWELS


def french_de(text: str) -> str:
    """"de" before a name with its article: du Portugal, des Pays-Bas, de la Manche,
    de l'Ukraine, d'Édimbourg, de Paris."""
    if text.startswith("le "):
        return "du " + text[3:]
    if text.startswith("les "):
        return "des " + text[4:]
    return f"d'{text}" if _elides(text) and not text.startswith(("la ", "l'")) else f"de {text}"


def french_a(text: str) -> str:
    """"à" before a name with its article: au Portugal, aux Pays-Bas, à la Russie, à Paris."""
    if text.startswith("le "):
        return "au " + text[3:]
    if text.startswith("les "):
        return "aux " + text[4:]
    return f"à {text}"


@dataclass(frozen=True)
class Named:
    """A name in a sentence: bare (``name``), with its article (``the``: "la Bourgogne", "the
    North Sea"), as a complement (``of``: "de Bourgogne", "du Portugal", "de la Manche") and
    as a place ("in"/"to" in French: ``at``: "en Bourgogne", "au Portugal", "dans la Manche",
    "à Paris"; English: "the North Sea", "Paris", to follow "in" or "to")."""

    name: str
    the: str
    of: str
    at: str


def place(map_name: str, province: str, label: str, language: str) -> Named:
    """A province of ``map_name`` (``label``: its name on the map in ``language``)."""
    entry = grammar(map_name, language).get("provinces", {}).get(province, {})
    name = str(entry.get("name") or label)
    article = entry.get("article")
    the = _the(name, article)
    if language != "fr":
        return Named(name, the, f"of {the}", the)
    how = entry.get("in") or ("en" if article else "à")
    if how == "en":  # a feminine land, or one starting with a vowel: en/de Bourgogne
        return Named(name, the, french_de(name), f"en {name}")
    if how == "dans":
        return Named(name, the, french_de(the), f"dans {the}")
    return Named(name, the, french_de(the), french_a(the))


def power(map_name: str, power_id: str, label: str, language: str) -> Named:
    """A power of ``map_name``: "la France", "de l'Allemagne", "à la Russie" (``at``: "à")."""
    entry = grammar(map_name, language).get("powers", {}).get(power_id, {})
    article = entry.get("article")
    the = _the(label, article)
    if language != "fr":
        return Named(label, the, f"of {the}", f"to {the}")
    return Named(label, the, french_de(the), french_a(the))


UNIT_WORDS = {"en": {"A": "the army", "F": "the fleet"},
              "fr": {"A": "l'armée", "F": "la flotte"}}
# A French unit is feminine ("elle"); an English one "it".


def unit(map_name: str, unit_type: str, province: str, label: str, language: str) -> str:
    """"l'armée de Varsovie", "la flotte de la Manche"; "the army in Warsaw", "the fleet in
    the North Sea"."""
    words = UNIT_WORDS["fr" if language == "fr" else "en"]
    what = words.get(unit_type.upper(), words["A"])
    where = place(map_name, province, label, language)
    return f"{what} {where.of}" if language == "fr" else f"{what} in {where.the}"


def capital(text: str) -> str:
    """A sentence's first letter in capitals ("L'armée de Paris ne peut pas …")."""
    return text[:1].upper() + text[1:]


# -- the words of a refusal (engine.errors params read in each language) --------------------

def place_params(key: str, game_map: Map, location: str) -> dict[str, Local]:
    """A place in a rule refusal: ``key`` (with its article: "la Bourgogne", "the North
    Sea"), ``key_at`` (French "en Bourgogne", "dans la Manche"; English as ``key``) and
    ``key_of`` (French "de Bourgogne"; English as ``key``)."""
    prov = location.partition("/")[0]
    p = game_map.provinces.get(prov)
    en = place(game_map.name, prov, p.name_en if p else prov.upper(), "en")
    fr = place(game_map.name, prov, p.name_fr if p else prov.upper(), "fr")
    return {key: Local(en.the, fr.the), f"{key}_at": Local(en.the, fr.at),
            f"{key}_of": Local(en.the, fr.of)}


def places_param(game_map: Map, locations: Sequence[str]) -> Local:
    """Places listed after a colon ("Picardie, Paris")."""
    names = [(p.name_en, p.name_fr) if (p := game_map.provinces.get(x.partition("/")[0]))
             else (x.upper(), x.upper()) for x in locations]
    return Local(", ".join(n[0] for n in names) or "—", ", ".join(n[1] for n in names) or "—")


def unit_param(game_map: Map, unit_type: str, location: str) -> Local:
    """A unit starting a refusal: "L'armée de Paris", "The army in Paris"."""
    prov = location.partition("/")[0]
    p = game_map.provinces.get(prov)
    return Local(capital(unit(game_map.name, unit_type, prov, p.name_en if p else prov, "en")),
                 capital(unit(game_map.name, unit_type, prov, p.name_fr if p else prov, "fr")))


# -- an order read back as a sentence (the web board: "L'armée de Paris va en Bourgogne") --

_COASTS = {"en": {"nc": "north coast", "sc": "south coast", "ec": "east coast",
                  "wc": "west coast"},
           "fr": {"nc": "côte nord", "sc": "côte sud", "ec": "côte est", "wc": "côte ouest"}}


def order_sentence(game_map: Map, order: Mapping[str, Any], language: str, *,
                   unit_at: Mapping[str, str] | None = None,
                   targets: Sequence[str] = ()) -> str:
    """An ORDER (``order_to_json``'s shape) as a sentence in ``language``: "L'armée de Paris
    va en Bourgogne", "The fleet in the English Channel convoys the army in London to
    Belgium". ``unit_at``: province -> unit type ("A"/"F") of the position, for the unit a
    support or convoy names; ``targets``: a retreat's places in order of preference."""
    lang = "fr" if language == "fr" else "en"
    fr = lang == "fr"

    def label(loc: str) -> str:
        p = game_map.provinces.get(loc.partition("/")[0])
        return (p.name_fr if fr else p.name_en) if p else loc.upper()

    def coast(loc: str) -> str:
        c = loc.partition("/")[2]
        return f" ({_COASTS[lang].get(c, c)})" if c else ""

    def at(loc: str) -> str:
        prov = loc.partition("/")[0]
        return place(game_map.name, prov, label(loc), lang).at + coast(loc)

    def the_unit(kind: str | None, loc: str) -> str:
        prov = loc.partition("/")[0]
        return unit(game_map.name, kind or "A", prov, label(loc), lang) + coast(loc)

    kinds = dict(unit_at or {})
    kind = str(order.get("kind") or "")
    loc = str(order.get("location") or "")
    target = str(order.get("target") or "")
    aux = str(order.get("aux") or "")
    me = capital(the_unit(order.get("unit_type"), loc)) if loc else ""
    if kind == "move":
        via = (" par convoi" if fr else " by convoy") if order.get("via_convoy") else ""
        return f"{me} va {at(target)}{via}" if fr else f"{me} moves to {at(target)}{via}"
    if kind == "hold":
        return f"{me} tient sa position" if fr else f"{me} holds"
    if kind == "support":
        other = the_unit(kinds.get(aux.partition("/")[0]), aux)
        if not target:
            return f"{me} soutient {other}" if fr else f"{me} supports {other}"
        return (f"{me} soutient {other} qui va {at(target)}" if fr
                else f"{me} supports {other} moving to {at(target)}")
    if kind == "convoy":
        other = the_unit("A", aux)
        if fr:
            where = place(game_map.name, target.partition("/")[0], label(target), lang).the
            return f"{me} convoie {other} vers {where}"
        return f"{me} convoys {other} to {at(target)}"
    if kind == "retreat":
        places = list(targets) or ([target] if target else [])
        where = (", sinon " if fr else ", else ").join(at(x) for x in places)
        return f"{me} se retire {where}" if fr else f"{me} retreats to {where}"
    if kind == "disband":
        return f"{me} est dissoute" if fr else f"{me} disbands"
    if kind == "build":
        what = {"A": ("une armée", "an army"), "F": ("une flotte", "a fleet")}.get(
            str(order.get("unit_type")), ("une unité", "a unit"))
        return (f"Construire {what[0]} {at(loc)}" if fr
                else f"Build {what[1]} in {at(loc)}")
    if kind == "remove":
        return f"{me} est retirée du jeu" if fr else f"{me} is removed"
    return "Renoncer à une construction" if fr else "Waive a build"
