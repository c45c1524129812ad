"""A map in words, pure: the alternative text every posted image carries (≤ 1,024
characters, Discord's limit for an attachment's description) and the whole position as a
screen reader reads it (``/map text:true``), in French and English.

No emoji, no notation, no table: sentences with the places' full names, built from the
board's grammar tables (``engine.wording``) and the dislodgement logic of the report
(``engine.report``)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine import variants, wording
from engine.maps import map_dir, province_of
from engine.report import _dislodged_after, _retreat_of

ALT_MAX = 1024  # Discord's limit for an attachment's description
NNBSP = "\u202f"  # French: a narrow no-break space before ":" and ";"

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "map": "Map: {title}.", "map_bare": "Map.", "centres": "Supply centres",
        "territories": "Territories", "neutral": "neutral", "none": "none",
        "takes": "{power} takes {places}", "moves": "{power} moves to {places}",
        "moves_too": "and moves to {places}",
        "dislodged": "{power} is dislodged from {place}",
        "retreats": "and retreats to {place}", "destroyed": "and is destroyed",
        "retreat": "{power} retreats from {src} to {dst}",
        "disbands": "{power} disbands {unit}", "builds": "{power} builds {what} in {place}",
        "removes": "{power} removes {unit}", "a_A": "an army", "a_F": "a fleet",
        "nothing": "No unit moved.",
        "units": "Units", "no_units": "no unit",
        "orders": "Orders and results of {title}",
        "centres_of": "{n} supply centres", "centre_of": "1 supply centre",
        "territories_of": "{n} territories", "territory_of": "1 territory",
        "neutral_centres": "Neutral supply centres",
        "succeeds": "succeeds", "fails": "fails", "void": "has no effect",
        "illegal": "is illegal",
        "move": "{unit} moves to {dst}", "move_convoy": "{unit} moves to {dst} by convoy",
        "support_move": "{unit} supports {other} moving to {dst}",
        "support_hold": "{unit} supports {other} holding",
        "convoy": "{unit} convoys {other} to {dst}", "hold": "{unit} holds",
        "retreat_o": "{unit} retreats to {dst}", "disband_o": "{unit} disbands",
        "build_o": "A new {kind} is built in {place}", "remove_o": "{unit} is removed",
        "waive_o": "A build is waived", "kind_A": "army", "kind_F": "fleet",
        "illegal_text": "The order “{text}” is illegal",
        "cut": "support cut", "bounced": "bounced", "no_convoy": "no convoy route",
        "no_order": "no order given", "by_default": "by the rules, no order was given",
        "civil_disorder": "civil disorder",
        "was_dislodged": "dislodged", "went": "dislodged, retreats to {place}",
        "annihilated": "dislodged and destroyed, no retreat",
        "coast_nc": "north coast", "coast_sc": "south coast", "coast_ec": "east coast",
        "wins": "{power} wins the game.", "draw": "The game ends in a draw between {powers}.",
        "stopped": "The game was stopped by its game master, without a winner.",
        "chart": "Chart: {title}{span}.",
        "imp_crisis": "crisis {number} opens: {first} against {second}",
        "imp_vote": "the vote of crisis {number} opens",
        "imp_lapsed": "{attacker}'s declaration of war on {target} lapses",
        "imp_withdrawn": "{attacker} withdraws its declaration of war on {target}",
        "imp_no_winner": "crisis {number} ends without a winner: nothing changes",
        "imp_wins": "{winner} wins crisis {number} against {loser}",
        "imp_may": "and may annex {n}", "imp_nothing": "but can take nothing",
        "imp_annexes": "{winner} annexes {n} from {loser}{colon}{places}",
        "imp_default": " (the referee's choice)",
        "imp_gives": "{first} cedes to {second}{colon}{places}",
        "cancelled_1": "1 exchange is cancelled", "cancelled_n": "{n} exchanges are cancelled",
        "territories_n": "{n} territories", "territory_n": "a territory",
    },
    "fr": {
        "map": "Carte\u202f: {title}.", "map_bare": "Carte.", "centres": "Centres",
        "territories": "Territoires", "neutral": "neutres", "none": "aucun",
        "takes": "{power} prend {places}", "moves": "{power} va {places}",
        "moves_too": "et va {places}",
        "dislodged": "{power} est délogée {place}",
        "retreats": "et se retire {place}", "destroyed": "et perd son unité",
        "retreat": "{power} se retire {src} {dst}",
        "disbands": "{power} dissout {unit}", "builds": "{power} construit {what} {place}",
        "removes": "{power} retire {unit}", "a_A": "une armée", "a_F": "une flotte",
        "nothing": "Aucune unité n'a bougé.",
        "units": "Unités", "no_units": "aucune unité",
        "orders": "Ordres et résultats{colon}{title}",
        "centres_of": "{n} centres", "centre_of": "1 centre",
        "territories_of": "{n} territoires", "territory_of": "1 territoire",
        "neutral_centres": "Centres neutres",
        "succeeds": "réussit", "fails": "échoue", "void": "sans effet", "illegal": "illégal",
        "move": "{unit} va {dst}", "move_convoy": "{unit} va {dst} par convoi",
        "support_move": "{unit} soutient {other} qui va {dst}",
        "support_hold": "{unit} soutient {other} qui tient",
        "convoy": "{unit} convoie {other} {dst}", "hold": "{unit} tient",
        "retreat_o": "{unit} se retire {dst}", "disband_o": "{unit} est dissoute",
        "build_o": "Une nouvelle {kind} est construite {place}",
        "remove_o": "{unit} est retirée", "waive_o": "Une construction est abandonnée",
        "kind_A": "armée", "kind_F": "flotte",
        "illegal_text": "L'ordre « {text} » est illégal",
        "cut": "soutien coupé", "bounced": "bloqué", "no_convoy": "pas de convoi",
        "no_order": "aucun ordre donné", "by_default": "selon les règles, faute d'ordre",
        "civil_disorder": "désordre civil",
        "was_dislodged": "délogée", "went": "délogée, se retire {place}",
        "annihilated": "délogée et détruite, sans retraite",
        "coast_nc": "côte nord", "coast_sc": "côte sud", "coast_ec": "côte est",
        "wins": "{power} gagne la partie.", "draw": "La partie finit par une nulle entre {powers}.",
        "stopped": "La partie a été arrêtée par son meneur de jeu, sans vainqueur.",
        "chart": "Graphique\u202f: {title}{span}.",
        "imp_crisis": "la crise {number} s'ouvre{colon}{first} contre {second}",
        "imp_vote": "le vote de la crise {number} s'ouvre",
        "imp_lapsed": "la déclaration de guerre {attacker_of} {target_at} devient caduque",
        "imp_withdrawn": "{attacker} retire sa déclaration de guerre {target_at}",
        "imp_no_winner": "la crise {number} finit sans vainqueur{colon}rien ne change",
        "imp_wins": "{winner} l'emporte sur {loser} dans la crise {number}",
        "imp_may": "et peut annexer {n}", "imp_nothing": "mais ne peut rien prendre",
        "imp_annexes": "{winner} annexe {n} {loser_of}{colon}{places}",
        "imp_default": " (choix de l'arbitre)",
        "imp_gives": "{first} cède {second_at}{colon}{places}",
        "cancelled_1": "1 échange est annulé", "cancelled_n": "{n} échanges sont annulés",
        "territories_n": "{n} territoires", "territory_n": "un territoire",
    },
}


def _w(key: str, language: str, **kw: Any) -> str:
    return _WORDS[language][key].format(**kw)


@cache
def _board(map_name: str) -> dict[str, Any]:
    """Names of the board's powers and places and its supply centres, from its map.json."""
    data = json.loads((map_dir(map_name) / "map.json").read_text(encoding="utf-8"))
    places: dict[str, tuple[str, str]] = {}
    centres: list[str] = []
    for p in [*data.get("provinces", []), *data.get("territories", []),
              *data.get("seas", [])]:
        places[p["id"]] = (p.get("name_en", p["id"]), p.get("name_fr", p["id"]))
        if p.get("center") or p.get("star"):
            centres.append(p["id"])
    powers = [(p["id"], p.get("name_en", p["id"]), p.get("name_fr", p["id"]))
              for p in data["powers"]]
    return {"places": places, "centres": centres, "powers": powers,
            "territorial": "territories" in data}


def _alpha(name: str) -> str:
    """Sort key of a name: its letters without accents (Édimbourg among the E)."""
    return unicodedata.normalize("NFD", name).encode("ascii", "ignore").decode().lower()


class _Words:
    """The names of one board in one language."""

    def __init__(self, map_name: str, language: str) -> None:
        self.map, self.lang = map_name, language
        self.board = _board(map_name)
        self.fr = language == "fr"

    def label(self, prov: str) -> str:
        names = self.board["places"].get(prov)
        return (names[1] if self.fr else names[0]) if names else prov.upper()

    def named(self, location: str) -> wording.Named:
        prov = province_of(location)
        return wording.place(self.map, prov, self.label(prov), self.lang)

    def _coast(self, location: str) -> str:
        coast = location.partition("/")[2]
        return f" ({_w('coast_' + coast, self.lang)})" if coast in ("nc", "sc", "ec") else ""

    def the(self, location: str) -> str:
        """"the North Sea", "la Bourgogne"."""
        return self.named(location).the + self._coast(location)

    def bare(self, location: str) -> str:
        return self.named(location).name + self._coast(location)

    def to(self, location: str) -> str:
        """Where a unit goes: "Burgundy" (after "to") / "en Bourgogne", "à Paris"."""
        return self.named(location).at + self._coast(location)

    def frm(self, location: str) -> str:
        """"from Burgundy" is said by the English words; French "de Bourgogne"."""
        return self.named(location).of if self.fr else self.named(location).the

    def unit(self, unit_type: str | None, location: str) -> str:
        prov = province_of(location)
        text = wording.unit(self.map, str(unit_type or "A"), prov, self.label(prov), self.lang)
        return text + self._coast(location)

    def power(self, pid: str) -> str:
        """A power as a sentence's subject: "France" / "la France"."""
        for p, en, fr in self.board["powers"]:
            if p == pid:
                return wording.power(self.map, pid, fr if self.fr else en, self.lang).the
        return pid.capitalize()

    def power_name(self, pid: str) -> str:
        for p, en, fr in self.board["powers"]:
            if p == pid:
                return fr if self.fr else en
        return pid.capitalize()

    def listing(self, items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {'et' if self.fr else 'and'} {items[-1]}"

    def colon(self) -> str:
        return f"{NNBSP}: " if self.fr else ": "

    def semicolon(self) -> str:
        return f"{NNBSP}; " if self.fr else "; "


def _map_of(state: Mapping[str, Any]) -> str:
    name = state.get("map")
    if name:
        return str(name)
    try:
        return variants.get(str(state.get("variant") or variants.DEFAULT)).map_name
    except variants.UnknownVariant:
        return variants.DEFAULT


def _title(state: Mapping[str, Any], language: str) -> str | None:
    phase = state.get("phase")
    if not phase:
        return None
    try:
        named = variants.get(str(state.get("variant") or variants.DEFAULT))
    except variants.UnknownVariant:
        named = variants.get(variants.DEFAULT)
    return named.phase_title(str(phase), language)


def _main(results: Sequence[Mapping[str, Any]] | None) -> tuple[list[Mapping[str, Any]],
                                                                  list[Mapping[str, Any]]]:
    """The results of the phase drawn (the first), and those the engine appended after."""
    # orders and their outcomes only (L'Impérialisme's records hold events, told elsewhere)
    results = [r for r in results or [] if "event" not in r]
    first = results[0].get("phase") if results else None
    return ([r for r in results if r.get("phase", first) == first],
            [r for r in results if r.get("phase", first) != first])


def _owned(state: Mapping[str, Any], board: dict[str, Any]) -> dict[str, list[str]]:
    """Power -> what it holds: its supply centres, or its territories (L'Impérialisme)."""
    out: dict[str, list[str]] = {p: [] for p, _, _ in board["powers"]}
    if board["territorial"]:
        for sid, owner in (state.get("owners") or {}).items():
            if owner:
                out.setdefault(str(owner), []).append(str(sid))
    else:
        for power, centres in (state.get("centers") or {}).items():
            out.setdefault(str(power), []).extend(province_of(str(c)) for c in centres)
    return out


def _changes(state: Mapping[str, Any], results: Sequence[Mapping[str, Any]] | None,
             w: _Words, after: Mapping[str, Any] | None = None) -> list[str]:
    """What the phase changed, power by power: moves that succeeded (a supply centre not
    yet its own is "taken"), units dislodged and where they went, retreats, builds and
    removals."""
    main, later = _main(results)
    if not main:
        return []
    owned = _owned(state, w.board)
    centres = set(w.board["centres"])
    dislodged = _dislodged_after(main, later, after)
    by_power: dict[str, list[str]] = {}
    order_of = [p for p, _, _ in w.board["powers"]]
    takes: dict[str, list[str]] = {}
    moves: dict[str, list[str]] = {}
    for r in main:
        order, power = r.get("order") or {}, str(r.get("power") or "")
        kind, status = order.get("kind"), r.get("status")
        loc, target = str(order.get("location") or ""), str(order.get("target") or "")
        if kind == "move" and status == "succeeds" and target:
            prov = province_of(target)
            if prov in centres and prov not in owned.get(power, []):
                takes.setdefault(power, []).append(w.the(prov) if w.fr else w.bare(prov))
            else:
                moves.setdefault(power, []).append(w.to(target))
        elif kind == "retreat" and status == "succeeds" and target:
            by_power.setdefault(power, []).append(_w(
                "retreat", w.lang, power=w.power(power),
                src=w.frm(loc) if w.fr else w.the(loc), dst=w.to(target)))
        elif kind in ("retreat", "disband") and loc:
            by_power.setdefault(power, []).append(
                _w("disbands", w.lang, power=w.power(power),
                   unit=w.unit(order.get("unit_type"), loc)))
        elif kind == "build" and status == "succeeds" and loc:
            by_power.setdefault(power, []).append(_w(
                "builds", w.lang, power=w.power(power),
                what=_w(f"a_{order.get('unit_type') or 'A'}", w.lang), place=w.to(loc)))
        elif kind == "remove" and status == "succeeds" and loc:
            by_power.setdefault(power, []).append(
                _w("removes", w.lang, power=w.power(power),
                   unit=w.unit(order.get("unit_type"), loc)))
        prov = province_of(loc)
        if loc and prov in dislodged and kind not in ("retreat", "disband"):
            went = _retreat_of(prov, later)
            text = _w("dislodged", w.lang, power=w.power(power),
                      place=w.frm(prov) if w.fr else w.the(prov))
            if went:
                text += " " + _w("retreats", w.lang, place=w.to(went))
            elif after is not None and not dislodged[prov]:
                text += " " + _w("destroyed", w.lang)
            by_power.setdefault(power, []).append(text)
    out: list[str] = []
    for power in [*order_of, *sorted((set(takes) | set(moves) | set(by_power)) - set(order_of))]:
        if power in takes or power in moves:
            if power in takes:
                text = _w("takes", w.lang, power=w.power(power), places=w.listing(takes[power]))
                if power in moves:
                    text += " " + _w("moves_too", w.lang, places=w.listing(moves[power]))
            else:
                text = _w("moves", w.lang, power=w.power(power),
                          places=w.listing(moves[power]))
            out.append(text)
        out.extend(by_power.get(power, []))
    return list(dict.fromkeys(out))


def _events(results: Sequence[Mapping[str, Any]] | None, w: _Words) -> list[str]:
    """What a step of L'Impérialisme changed (its records' public facts: docs/RULES.md §6):
    the crisis opened or its vote, its outcome, the territories annexed or exchanged, a
    declaration withdrawn or lapsed. Never a vote: the facts hold none."""
    out: list[str] = []
    lang = w.lang

    def power(pid: Any) -> str:
        return w.power(str(pid))

    def named(pid: Any) -> wording.Named:
        return wording.power(w.map, str(pid), w.power_name(str(pid)), lang)

    def count(n: int) -> str:
        return _w("territory_n" if n == 1 else "territories_n", lang, n=n)

    def places(ids: Sequence[Any]) -> str:
        return w.listing([w.label(str(t)) for t in ids])

    for r in results or []:
        event = r.get("event")
        if event == "crisis" and len(r.get("sides") or ()) == 2:
            first, second = r["sides"]
            out.append(_w("imp_crisis", lang, number=r.get("number"), first=power(first),
                          second=power(second), colon=w.colon()))
        elif event == "vote_open":
            out.append(_w("imp_vote", lang, number=r.get("number")))
        elif event in ("lapsed", "crisis"):
            pass
        elif event == "withdrawn":
            out.append(_w("imp_withdrawn", lang, attacker=power(r.get("attacker")),
                          target=power(r.get("target")),
                          target_at=named(r.get("target")).at))
        elif event == "tally":
            winner, loser = r.get("winner"), r.get("loser")
            if not winner or not loser:
                out.append(_w("imp_no_winner", lang, number=r.get("number"),
                              colon=w.colon()))
                continue
            n = int(r.get("annexable") or 0)
            out.append(_w("imp_wins", lang, winner=power(winner), loser=power(loser),
                          number=r.get("number")) + " "
                       + (_w("imp_may", lang, n=count(n)) if n
                          else _w("imp_nothing", lang)))
        elif event == "annexation" and r.get("annexed"):
            annexed = list(r["annexed"])
            text = _w("imp_annexes", lang, winner=power(r.get("winner")),
                      n=count(len(annexed)), loser=power(r.get("loser")),
                      loser_of=named(r.get("loser")).of, colon=w.colon(),
                      places=places(annexed))
            out.append(text + (_w("imp_default", lang) if r.get("by_default") else ""))
        elif event == "exchange":
            for giver, taker, gives in (("first", "second", "first_gives"),
                                        ("second", "first", "second_gives")):
                if r.get(gives) and r.get(giver) and r.get(taker):
                    out.append(_w("imp_gives", lang, first=power(r[giver]),
                                  second=power(r[taker]), second_at=named(r[taker]).at,
                                  colon=w.colon(), places=places(r[gives])))
            void = len(r.get("cancelled") or ())
            if void:
                out.append(_w("cancelled_1" if void == 1 else "cancelled_n", lang, n=void))
        if event == "lapsed" or (event == "crisis" and r.get("lapsed")):
            for d in r.get("lapsed") or ():
                out.append(_w("imp_lapsed", lang, attacker=power(d.get("attacker")),
                              attacker_of=named(d.get("attacker")).of,
                              target=power(d.get("target")),
                              target_at=named(d.get("target")).at))
    return out


def _sentence(parts: Sequence[str], w: _Words) -> str:
    return wording.capital(w.semicolon().join(parts)) + "." if parts else ""


def alt_text(state: Mapping[str, Any], results: Sequence[Mapping[str, Any]] | None = None,
             locale: str = "en", *, ending: str | None = None) -> str:
    """The description an image of ``state`` carries (at most ``ALT_MAX`` characters): the
    phase, what the results drawn on it changed, each power's supply centres (territories on
    L'Impérialisme) and ``ending`` (how the game ended, for a timelapse's last frame)."""
    language = "fr" if locale.lower().startswith("fr") else "en"
    w = _Words(_map_of(state), language)
    title = _title(state, language) or state.get("title")
    head = _w("map", language, title=title) if title else _w("map_bare", language)
    changes = _sentence(_changes(state, results, w) or _events(results, w), w)
    owned = _owned(state, w.board)

    def holdings(names: bool) -> str:
        rows = []
        for pid, _, _ in w.board["powers"]:
            held = owned.get(pid, [])
            if not held:
                continue
            row = f"{w.power_name(pid)} {len(held)}"
            if names:
                row += " (" + ", ".join(sorted((w.label(p) for p in held), key=_alpha)) + ")"
            rows.append(row)
        if not w.board["territorial"]:
            taken = {p for held in owned.values() for p in held}
            rows.append(f"{_w('neutral', language)} "
                        f"{sum(1 for c in w.board['centres'] if c not in taken)}")
        key = "territories" if w.board["territorial"] else "centres"
        return f"{_w(key, language)}{w.colon()}{w.semicolon().join(rows)}."

    tail = f" {ending.strip()}" if ending else ""
    for text in (f"{head} {changes} {holdings(True)}{tail}",
                 f"{head} {changes} {holdings(False)}{tail}",
                 f"{head} {holdings(False)}{tail} {changes}"):
        text = re.sub(r" {2,}", " ", text).strip()  # not split(): it eats the NNBSP
        if len(text) <= ALT_MAX:
            return text
    return text[:ALT_MAX - 1].rstrip() + "…"


def _outcome(r: Mapping[str, Any], w: _Words, dislodged: Mapping[str, list[str]],
             later: Sequence[Mapping[str, Any]], known: bool) -> str:
    order = r.get("order") or {}
    status, reason = str(r.get("status") or ""), str(r.get("reason") or "")
    kind = order.get("kind")
    words = [_w(status, w.lang)] if status in ("succeeds", "fails", "void", "illegal") \
        else [status]
    if reason in ("cut", "bounced", "no_convoy", "no_order", "civil_disorder"):
        words = [_w(reason, w.lang)] if reason == "no_order" else [*words, _w(reason, w.lang)]
    elif reason in ("disbanded_no_order", "default_retreat", "default_removal"):
        words.append(_w("by_default", w.lang))
    prov = province_of(str(order.get("location") or ""))
    if prov in dislodged and kind not in ("retreat", "disband"):
        went = _retreat_of(prov, later)
        words.append(_w("went", w.lang, place=w.to(went)) if went
                     else _w("annihilated", w.lang) if known and not dislodged[prov]
                     else _w("was_dislodged", w.lang))
    return ", ".join(words)


def order_sentence(r: Mapping[str, Any], state: Mapping[str, Any], w: _Words,
                   dislodged: Mapping[str, list[str]],
                   later: Sequence[Mapping[str, Any]], known: bool = True) -> str:
    """One order and its result in a plain sentence."""
    order = r.get("order")
    if not order:
        return _w("illegal_text", w.lang, text=str(r.get("text") or "").strip()) + "."
    kind = order.get("kind")
    loc = str(order.get("location") or "")
    target, aux = order.get("target"), order.get("aux")
    unit = w.unit(order.get("unit_type"), loc) if loc else ""

    def other() -> str:
        at = str(aux or "")
        kind_there = next((u["type"] for u in state.get("units") or []
                           if province_of(str(u["location"])) == province_of(at)), "A")
        return w.unit(kind_there, at)

    if kind == "move":
        text = _w("move_convoy" if order.get("via_convoy") else "move", w.lang, unit=unit,
                  dst=w.to(str(target)))
    elif kind == "support":
        text = (_w("support_move", w.lang, unit=unit, other=other(), dst=w.to(str(target)))
                if target else _w("support_hold", w.lang, unit=unit, other=other()))
    elif kind == "convoy":
        text = _w("convoy", w.lang, unit=unit, other=other(), dst=w.to(str(target)))
    elif kind == "hold":
        text = _w("hold", w.lang, unit=unit)
    elif kind == "retreat":
        text = _w("retreat_o", w.lang, unit=unit, dst=w.to(str(target)))
    elif kind == "disband":
        text = _w("disband_o", w.lang, unit=unit)
    elif kind == "build":
        text = _w("build_o", w.lang, kind=_w(f"kind_{order.get('unit_type') or 'A'}", w.lang),
                  place=w.to(loc))
    elif kind == "remove":
        text = _w("remove_o", w.lang, unit=unit)
    else:
        text = _w("waive_o", w.lang)
    return f"{wording.capital(text)}{w.colon()}{_outcome(r, w, dislodged, later, known)}."


def describe(state: Mapping[str, Any], results: Sequence[Mapping[str, Any]] | None = None,
             locale: str = "en", *, results_state: Mapping[str, Any] | None = None) -> str:
    """The whole position as a screen reader reads it: the phase; per power its units with
    the full place names and what it holds; the neutral supply centres; then every order of
    the latest phase (``results``, given on ``results_state``, the position they were
    given on) and its result, one sentence each."""
    language = "fr" if locale.lower().startswith("fr") else "en"
    w = _Words(_map_of(state), language)
    title = _title(state, language)
    lines = [_w("map", language, title=title) if title else _w("map_bare", language), ""]
    owned = _owned(state, w.board)
    units: dict[str, list[str]] = {}
    for u in state.get("units") or []:
        units.setdefault(str(u["power"]), []).append(w.unit(u["type"], str(u["location"])))
    for u in state.get("dislodged") or []:
        units.setdefault(str(u["power"]), []).append(
            f"{w.unit(u['type'], str(u['location']))} ({_w('was_dislodged', language)})")
    one, many = (("territory_of", "territories_of") if w.board["territorial"]
                 else ("centre_of", "centres_of"))
    for pid, _, _ in w.board["powers"]:
        held = sorted((w.label(p) for p in owned.get(pid, [])), key=_alpha)
        if not held and not units.get(pid):
            continue
        lines.append(f"{w.power_name(pid)}.")
        if not w.board["territorial"] or units.get(pid):
            lines.append(f"{_w('units', language)}{w.colon()}"
                         f"{', '.join(units.get(pid, [])) or _w('no_units', language)}.")
        count = _w(one, language) if len(held) == 1 else _w(many, language, n=len(held))
        lines.append(f"{wording.capital(count)}{w.colon()}"
                     f"{', '.join(held) or _w('none', language)}.")
        lines.append("")
    if not w.board["territorial"]:
        taken = {p for held in owned.values() for p in held}
        neutral = sorted((w.label(c) for c in w.board["centres"] if c not in taken), key=_alpha)
        lines += [f"{_w('neutral_centres', language)} ({len(neutral)}){w.colon()}"
                  f"{', '.join(neutral) or _w('none', language)}.", ""]
    main, later = _main(results)
    if main:
        before = results_state or state
        # the position now follows the results: where the dislodged units may retreat
        dislodged = _dislodged_after(main, later, state if results_state is not None else None)
        shown = _title({**before, "phase": main[0].get("phase") or before.get("phase")},
                       language) or ""
        lines.append(_w("orders", language, title=shown, colon=w.colon()).strip() + ".")
        by_power: dict[str, list[str]] = {}
        for r in main:
            by_power.setdefault(str(r.get("power")), []).append(
                order_sentence(r, before, w, dislodged, later, results_state is not None))
        for pid in [p for p, _, _ in w.board["powers"]] + sorted(
                set(by_power) - {p for p, _, _ in w.board["powers"]}):
            if pid in by_power:
                lines += ["", f"{w.power_name(pid)}.", *by_power[pid]]
    return "\n".join(lines).strip()


def ending(result: Mapping[str, Any] | None, map_name: str, locale: str) -> str | None:
    """How a finished game ended, in a sentence: its winner, the powers sharing the draw,
    or stopped by its game master; None while it runs."""
    if not result:
        return None
    language = "fr" if locale.lower().startswith("fr") else "en"
    w = _Words(map_name, language)
    if result.get("winner"):
        return wording.capital(_w("wins", language, power=w.power(str(result["winner"]))))
    if result.get("draw"):
        return _w("draw", language, powers=w.listing([w.power(str(p)) for p in result["draw"]]))
    return _w("stopped", language)


def chart_text(series: Mapping[str, Sequence[tuple[str, float]]], *, map_name: str,
               title: str, locale: str) -> str:
    """A chart's description: its title and each power's figure at the first and last
    points, largest first (≤ ``ALT_MAX`` characters)."""
    language = "fr" if locale.lower().startswith("fr") else "en"
    w = _Words(map_name, language)
    rows = []
    for pid in sorted(series, key=lambda p: -(series[p][-1][1] if series[p] else 0)):
        values = series[pid]
        if not values:
            continue
        v0, v1 = values[0][1], values[-1][1]
        if len(values) == 1 or v0 == v1:
            rows.append(f"{w.power_name(pid)} {_number(v1, language)}")
        elif w.fr:
            rows.append(f"{w.power_name(pid)} de {_number(v0, language)} à {_number(v1, language)}")
        else:
            rows.append(f"{w.power_name(pid)} {_number(v0, language)} to {_number(v1, language)}")
    span = ""
    labels = [x for values in series.values() for x, _ in values]
    if labels:
        span = f" ({labels[0]}–{labels[-1]})" if labels[0] != labels[-1] else f" ({labels[0]})"
    text = f"{_w('chart', language, title=title, span=span)} {w.semicolon().join(rows)}."
    return text if len(text) <= ALT_MAX else text[:ALT_MAX - 1].rstrip() + "…"


def _number(value: float, language: str) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if language == "fr" else text
