"""The worked examples of the rule seeds, each with the outcome the seed states.

- seed 004 chapter 2, Examples 1-14 (and the three-unit rotation of §2.14.5), orders written as
  the seed writes them: French abbreviations, report notation ``A SER=BUD`` / ``A VIE:BUD``
  (both are moves, §4.1.1; the mark is the seed's announced result, not an instruction);
- seed 002, the complete Fall 1907 example of the seven powers, once in short English orders
  and once in the seed's own long French sentences.

Everything goes through the engine contract (``engine.api.adjudicate``).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.api import adjudicate
from engine.maps import load_map, province_of

SUCCEEDS = "succeeds"
FAILS = "fails"  # moved/supported/convoyed nothing: fails, illegal or void


def unit(power: str, text: str) -> dict[str, str]:
    utype, loc = text.split()
    return {"power": power, "type": utype, "location": loc}


def play(units: dict[str, list[str]], orders: dict[str, str],
         phase: str = "S1901M") -> dict[str, Any]:
    """Adjudicate ``orders`` (power -> the seed's order line) on ``units``."""
    game_map = load_map("classic")
    centers = {p: list(game_map.home_centers(p)) for p in game_map.power_ids}
    state = {"variant": "classic", "phase": phase,
             "units": [unit(p, u) for p, us in units.items() for u in us], "centers": centers}
    return adjudicate({"state": state,
                       "orders": [{"power": p, "text": t} for p, t in orders.items()]})


def status(resp: dict[str, Any], location: str) -> str:
    """Status of the submitted order of the unit in ``location`` (first phase only)."""
    first = resp["results"][0]["phase"]
    found = [r for r in resp["results"] if r["phase"] == first and r["text"]
             and _location(r) == location]
    assert len(found) == 1, (location, resp["results"])
    return SUCCEEDS if found[0]["status"] == SUCCEEDS else FAILS


def _location(result: dict[str, Any]) -> str | None:
    """Province of the ordered unit (the order is absent when it was refused)."""
    if result.get("order"):
        return province_of(result["order"]["location"])
    if result.get("unit"):  # "A mun"
        return province_of(result["unit"].split()[1])
    return None


def at(resp: dict[str, Any], location: str) -> tuple[str, str] | None:
    """(power, type) of the unit standing in ``location`` after the phase."""
    for u in resp["state"]["units"]:
        if province_of(u["location"]) == location:
            return u["power"], u["type"]
    return None


def dislodged(resp: dict[str, Any]) -> set[str]:
    return {province_of(d["location"]) for d in resp["state"]["dislodged"]}


def expect(resp: dict[str, Any], outcome: dict[str, str]) -> None:
    got = {loc: status(resp, loc) for loc in outcome}
    assert got == outcome


# -- seed 004 §2.9.3: no self-dislodgement ------------------------------------------------------
def test_example_1_own_supported_attack_still_blocks() -> None:
    """Example 1 (§2.9.3): England cannot dislodge its own fleet in Denmark, but its supported
    attack on Denmark is enough to keep Russia out. Nothing moves."""
    resp = play({"england": ["F den", "F nth", "F hel"], "russia": ["A ber", "F bal", "F ska"]},
                {"england": "F DAN:FIE, F NRD: DAN, F HEL S F NRD-DAN",
                 "russia": "A BER:KIE, F BAL S F SKA-DAN, F SKA:DAN"})
    expect(resp, {"den": FAILS, "nth": FAILS, "hel": SUCCEEDS, "ber": FAILS, "bal": SUCCEEDS,
                  "ska": FAILS})
    assert at(resp, "den") == ("england", "F") and dislodged(resp) == set()


def test_example_2_foreign_support_cannot_dislodge_own_unit() -> None:
    """Example 2 (§2.9.3): the German support given to Austria does not let Austria dislodge
    the German army in Munich."""
    resp = play({"france": ["A bur"], "germany": ["A mun", "A kie"], "austria": ["A boh"]},
                {"france": "A BOU H", "germany": "A MUN:BOU, A FIE S AUTRICHE A BOH-MUN",
                 "austria": "A BOH:MUN"})
    expect(resp, {"mun": FAILS, "boh": FAILS, "bur": SUCCEEDS})
    assert at(resp, "mun") == ("germany", "A") and dislodged(resp) == set()


def test_example_2_with_austrian_support_dislodges() -> None:
    """Example 2, second sentence: had Austria supported its own attack (A TYR S A BOH-MUN),
    the German army would have been dislodged and forced to retreat."""
    resp = play({"france": ["A bur"], "germany": ["A mun", "A kie"],
                 "austria": ["A boh", "A tyr"]},
                {"france": "A BOU H", "germany": "A MUN:BOU, A FIE S AUTRICHE A BOH-MUN",
                 "austria": "A BOH:MUN, A TYR S A BOH-MUN"})
    expect(resp, {"boh": SUCCEEDS, "mun": FAILS})
    assert at(resp, "mun") == ("austria", "A") and dislodged(resp) == {"mun"}


# -- seed 004 §2.9.4: a power may stand itself off -----------------------------------------------
@pytest.mark.parametrize("supporter", ["russia", "austria"])
def test_example_3_supported_move_beats_own_standoff(supporter: str) -> None:
    """Example 3 (§2.9.4): A SER-BUD succeeds thanks to the support from Galicia, whether the
    support comes from another player (Russia) or from Austria itself."""
    units = {"austria": ["A ser", "A vie"]}
    units.setdefault(supporter, []).append("A gal")
    orders = {"austria": "A SER=BUD, A VIE:BUD"}
    support = "A GAL S A AUTRICHE SER-BUD" if supporter == "russia" else "A GAL S A SER-BUD"
    orders[supporter] = orders.get(supporter, "") + (", " if supporter in orders else "") + \
        support
    resp = play(units, orders)
    expect(resp, {"ser": SUCCEEDS, "vie": FAILS, "gal": SUCCEEDS})
    assert at(resp, "bud") == ("austria", "A")


def test_example_3_fails_onto_own_army_in_budapest() -> None:
    """Example 3: the move would fail if an Austrian army stood in Budapest (§2.9.3)."""
    resp = play({"austria": ["A ser", "A vie", "A bud"], "russia": ["A gal"]},
                {"austria": "A SER=BUD, A VIE:BUD, A BUD H",
                 "russia": "A GAL S A AUTRICHE SER-BUD"})
    expect(resp, {"ser": FAILS, "vie": FAILS})
    assert at(resp, "bud") == ("austria", "A") and dislodged(resp) == set()


# -- seed 004 §2.9.5: beleaguered garrison --------------------------------------------------------
def test_example_4_beleaguered_garrison() -> None:
    """Example 4 (§2.9.5): two equally supported attacks on Serbia stand each other off and
    nothing happens to the Austrian army."""
    resp = play({"austria": ["A ser"], "russia": ["A rum", "A bud"],
                 "turkey": ["A bul", "A gre"]},
                {"austria": "A SER H", "russia": "A ROU:SER, A BUD S A ROU-SER",
                 "turkey": "A BUL:SER, A GRE S A BUL-SER"})
    expect(resp, {"ser": SUCCEEDS, "rum": FAILS, "bul": FAILS})
    assert at(resp, "ser") == ("austria", "A") and dislodged(resp) == set()


def test_example_4_garrison_support_is_cut() -> None:
    """Example 4, last sentence: had the army in Serbia tried to support, either attack would
    have cut that support (here a support to the Austrian fleet in Trieste)."""
    resp = play({"austria": ["A ser", "F tri"], "russia": ["A rum", "A bud"],
                 "turkey": ["A bul", "A gre"]},
                {"austria": "A SER S F TRI, F TRI H",
                 "russia": "A ROU:SER, A BUD S A ROU-SER",
                 "turkey": "A BUL:SER, A GRE S A BUL-SER"})
    expect(resp, {"ser": FAILS, "rum": FAILS, "bul": FAILS})
    assert dislodged(resp) == set()


# -- seed 004 §2.9.7: a unit dislodged from the province it attacks ---------------------------
def test_example_5_dislodged_attacker_has_no_effect() -> None:
    """Example 5 (§2.9.7): the Turkish army in Bulgaria is dislodged by the army coming from
    Romania, so the army from Sevastopol still enters Romania."""
    resp = play({"turkey": ["A bul"], "russia": ["A rum", "F bla", "A sev"]},
                {"turkey": "A BUL:ROU", "russia": "A ROU=BUL, F NOI S A ROU-BUL, A SEB=ROU"})
    expect(resp, {"bul": FAILS, "rum": SUCCEEDS, "bla": SUCCEEDS, "sev": SUCCEEDS})
    assert at(resp, "bul") == ("russia", "A") and at(resp, "rum") == ("russia", "A")
    assert dislodged(resp) == {"bul"}


def test_example_5_note_no_standoff_in_romania() -> None:
    """Note after Examples 5-6: without the move from Sevastopol there is no standoff in
    Romania; a dislodged unit has no effect on the province its attacker came from."""
    resp = play({"turkey": ["A bul"], "russia": ["A rum", "F bla"]},
                {"turkey": "A BUL:ROU", "russia": "A ROU=BUL, F NOI S A ROU-BUL"})
    assert at(resp, "rum") is None
    assert "rum" not in resp["state"]["contested"]


def test_example_6_supported_loser_still_has_no_effect() -> None:
    """Example 6 (§2.9.7): the supported Turkish attack on Romania does not stop the Russian
    army from Sevastopol, because the Turkish army was dislodged by the unit from Romania.
    The seed prints 'A GRE S A BUL-ROU'; Greece does not border Romania and the stated outcome
    needs the support to Bulgaria, so it is read as A GRE S A ROU-BUL (a typo)."""
    resp = play({"turkey": ["A bul", "F bla"], "russia": ["A rum", "A gre", "A ser", "A sev"]},
                {"turkey": "A BUL:ROU, F NOI S A BUL-ROU",
                 "russia": "A ROU=BUL, A GRE S A ROU-BUL, A SER S A ROU-BUL, A SEB=ROU"})
    expect(resp, {"bul": FAILS, "rum": SUCCEEDS, "sev": SUCCEEDS})
    assert at(resp, "bul") == ("russia", "A") and at(resp, "rum") == ("russia", "A")
    assert dislodged(resp) == {"bul"}


# -- seed 004 §2.10: cutting support --------------------------------------------------------------
def test_example_7_attack_cuts_support() -> None:
    """Example 7 (§2.10): the support of the army in Silesia is cut by the attack from
    Bohemia."""
    resp = play({"germany": ["A pru", "A sil"], "russia": ["A war", "A boh"]},
                {"germany": "A PRU:VAR, A SIL S A PRU-VAR", "russia": "A VAR H, A BOH:SIL"})
    expect(resp, {"pru": FAILS, "sil": FAILS, "war": SUCCEEDS, "boh": FAILS})
    assert at(resp, "war") == ("russia", "A") and dislodged(resp) == set()


def test_example_8_attack_from_target_does_not_cut() -> None:
    """Example 8 (§2.10): the attack from Warsaw does not cut the support, because Warsaw is
    the very province the supported attack is aimed at."""
    resp = play({"germany": ["A pru", "A sil"], "russia": ["A war"]},
                {"germany": "A PRU=VAR, A SIL S A PRU-VAR", "russia": "A VAR:SIL"})
    expect(resp, {"pru": SUCCEEDS, "sil": SUCCEEDS, "war": FAILS})
    assert at(resp, "war") == ("germany", "A") and dislodged(resp) == {"war"}


def test_example_9_dislodged_supporter_and_standoff() -> None:
    """Example 9 (§2.10): the German army in Silesia is dislodged by the army from Prussia, its
    support is cut, and there is a standoff in Prussia."""
    resp = play({"germany": ["A ber", "A sil"], "russia": ["A pru", "A war", "F bal"]},
                {"germany": "A BER:PRU, A SIL S A BER-PRU",
                 "russia": "A PRU=SIL, A VAR S A PRU-SIL, F BAL:PRU"})
    expect(resp, {"ber": FAILS, "sil": FAILS, "pru": SUCCEEDS, "bal": FAILS})
    assert at(resp, "sil") == ("russia", "A") and at(resp, "pru") is None
    assert dislodged(resp) == {"sil"} and "pru" in resp["state"]["contested"]


def test_example_10_dislodged_attacker_still_cuts_support() -> None:
    """Example 10 (§2.10): the German army in Munich is dislodged, yet its attack still cuts
    the support of the Russian army in Silesia, so the Russian army from Prussia does not take
    Berlin. The seed's printed orders repeat Example 9's and contradict its own commentary; the
    test uses the position the commentary describes (the classic rulebook's diagram):
    Germany A BER H, A MUN-SIL; Russia A PRU-BER, A SIL S A PRU-BER, A BOH-MUN,
    A TYR S A BOH-MUN."""
    resp = play({"germany": ["A ber", "A mun"],
                 "russia": ["A pru", "A sil", "A boh", "A tyr"]},
                {"germany": "A BER H, A MUN-SIL",
                 "russia": "A PRU-BER, A SIL S A PRU-BER, A BOH-MUN, A TYR S A BOH-MUN"})
    expect(resp, {"mun": FAILS, "sil": FAILS, "pru": FAILS, "boh": SUCCEEDS, "ber": SUCCEEDS})
    assert at(resp, "ber") == ("germany", "A") and dislodged(resp) == {"mun"}


# -- seed 004 §2.12: convoys ----------------------------------------------------------------------
def test_example_11_dislodged_convoy_fleet_breaks_convoy() -> None:
    """Example 11 (§2.12.3): the fleet in the Tyrrhenian Sea is dislodged and the army stays
    in Spain."""
    resp = play({"france": ["A spa", "F lyo", "F tys"], "italy": ["F ion", "F tun"]},
                {"france": "A ESP:NAP, F GLI C A ESP-NAP, F MTY C A ESP-NAP",
                 "italy": "F ION=MTY, F TUN S F ION-MTY"})
    expect(resp, {"spa": FAILS, "ion": SUCCEEDS, "tun": SUCCEEDS})
    assert at(resp, "spa") == ("france", "A") and at(resp, "tys") == ("italy", "F")
    assert dislodged(resp) == {"tys"}


def test_example_12_second_route_keeps_convoy() -> None:
    """Example 12 (§2.12.4): the fleet in the Channel is dislodged, but the convoy still goes
    through thanks to the fleet in the North Sea."""
    resp = play({"england": ["A lon", "F eng", "F nth"], "france": ["F bre", "F iri"]},
                {"england": "A LON=BEL, F MAN C A LON-BEL, F NRD C A LON-BEL",
                 "france": "F BRE=MAN, F IRL S F BRE-MAN"})
    expect(resp, {"lon": SUCCEEDS, "bre": SUCCEEDS, "iri": SUCCEEDS})
    assert at(resp, "bel") == ("england", "A") and at(resp, "eng") == ("france", "F")
    assert dislodged(resp) == {"eng"}


def test_example_13_convoyed_attack_does_not_cut_support_against_convoy() -> None:
    """Example 13 (§2.12.5): the convoyed army does not cut the support of the Italian fleet in
    Naples; the fleet in the Tyrrhenian Sea is dislodged and the army stays in Spain."""
    resp = play({"france": ["A spa", "F lyo", "F tys"], "italy": ["F ion", "F nap"]},
                {"france": "A ESP:NAP, F GLI C A ESP-NAP, F MTY C A ESP-NAP",
                 "italy": "F ION=MTY, F NAP S F ION-MTY"})
    expect(resp, {"spa": FAILS, "ion": SUCCEEDS, "nap": SUCCEEDS})
    assert at(resp, "spa") == ("france", "A") and at(resp, "nap") == ("italy", "F")
    assert dislodged(resp) == {"tys"}


def test_example_14_swap_by_convoy() -> None:
    """Example 14 (§2.14.5): two units may exchange places when one of them is convoyed."""
    resp = play({"england": ["A lon", "F nth"], "france": ["A bel", "F eng"]},
                {"england": "A LON=BEL, F NRD C A LON-BEL", "france": "A BEL=LON, F MAN C A BEL-LON"})
    expect(resp, {"lon": SUCCEEDS, "bel": SUCCEEDS})
    assert at(resp, "bel") == ("england", "A") and at(resp, "lon") == ("france", "A")


def test_rotation_of_three_units() -> None:
    """§2.14.5: the rule that two units exchanging places do not move does not apply to three
    units in rotation: A HOL=BEL, F BEL=NRD, F NRD=HOL."""
    resp = play({"germany": ["A hol", "F bel", "F nth"]},
                {"germany": "A HOL=BEL, F BEL=NRD, F NRD=HOL"})
    expect(resp, {"hol": SUCCEEDS, "bel": SUCCEEDS, "nth": SUCCEEDS})
    assert at(resp, "bel") == ("germany", "A") and at(resp, "nth") == ("germany", "F")
    assert at(resp, "hol") == ("germany", "F")


def test_swap_without_convoy_bounces() -> None:
    """§2.8.3, the rule Example 14 is the exception to: two units ordered into each other's
    province without convoy do not move."""
    resp = play({"germany": ["A hol", "A bel"]}, {"germany": "A HOL-BEL, A BEL-HOL"})
    expect(resp, {"hol": FAILS, "bel": FAILS})


# -- seed 002: the complete Fall 1907 example -----------------------------------------------------
FALL_1907_UNITS = {
    "germany": ["A ruh", "F kie", "A mun", "A pru", "A sil"],
    "england": ["A lon", "F nth", "F hel", "A den", "A pic", "F mao", "F eng"],
    "france": ["F gas", "F iri", "F bre", "A par", "A bur"],
    "russia": ["F sev", "A mos", "F stp/nc", "A fin", "A lvn"],
    "austria": ["A ukr", "F tri", "A bud", "A vie"],
    "turkey": ["A gal", "F bla", "A arm", "A rum"],
    "italy": ["A apu", "F adr", "A ven", "F alb"],
}

FALL_1907_SHORT = {
    "germany": "A ruh - hol\nF kie S A ruh - hol\nA mun S A ruh - hol\nA pru S A sil\n"
               "A sil S A pru",
    "england": "A lon - hol\nF nth C A lon - hol\nF hel S A lon - hol\nA den - kie\n"
               "A pic - bre\nF mao S A pic - bre\nF eng S A pic - bre",
    "france": "F gas - mao\nF iri - eng\nF bre H\nA par S F bre\nA bur - ruh",
    "russia": "F sev H\nA mos S F sev\nF stp/nc - nwy\nA fin S F stp/nc - nwy\nA lvn - pru",
    "austria": "A ukr S F sev\nF tri H\nA bud S F tri\nA vie S F tri",
    "turkey": "A gal - ukr\nF bla - sev\nA arm S F bla - sev\nA rum S F bla - sev",
    "italy": "A apu - tri\nF adr C A apu - tri\nA ven S A apu - tri\nF alb S A apu - tri",
}

# The seed's own sentences (typographic apostrophes included), one power after another.
FALL_1907_LONG = {
    "germany": "Armée Ruhr vers la Hollande\n"
               "La flotte de Kiel soutient l’armée Ruhr vers la Hollande\n"
               "L’armée de Munich soutient l’armée Ruhr vers la Hollande\n"
               "L’armée de Prusse soutient l’armée de Silésie\n"
               "L’armée de Silésie soutient l’armée de Prusse",
    "england": "Armée de Londres à la Hollande\n"
               "La flotte de la mer du Nord convoie l’Armée de Londres à la Hollande\n"
               "La flotte Heligoland Bight soutient l’Armée de Londres à la Hollande\n"
               "Armée Danemark à Kiel\n"
               "Armée Picardie à Brest\n"
               "La Flotte de l’Océan Mid-Atlantique soutient l’Armée Picardie à Brest\n"
               "La Flotte de la Manche soutient l’Armée Picardie à Brest",
    "france": "Flotte de Gascogne à l’Océan Mid-Atlantique\n"
              "Flotte de la Mer d’Irlande à la Manche\n"
              "La Flotte de Brest tient\n"
              "L’Armée de Paris soutient la Flotte de Brest\n"
              "Armée Bourgogne à Ruhr",
    "russia": "La flotte de Sébastopol tient\n"
              "L’armée de Moscou soutient la flotte de Sébastopol\n"
              "La flotte de St. Petersburg (Côte Nord) à la Norvège\n"
              "L’Armée Finlandaise soutient la Flotte St. Petersburg (Côte Nord) à la Norvège\n"
              "L’Armée Livonia à la Prusse",
    "austria": "L’Armée d’Ukraine soutient la Flotte Sevastopol\n"
               "La flotte Trieste tient\n"
               "L’Armée Budapest soutient la flotte Trieste\n"
               "L’Armée Vienne soutient la flotte Trieste",
    "turkey": "L’Armée de Galice à l’Ukraine\n"
              "La flotte de la mer Noire à Sébastopol\n"
              "L’Armée d’Arménie soutient la flotte de la mer Noire à Sébastopol\n"
              "L’Armée de Roumanie soutient la flotte de la mer Noire à Sébastopol",
    "italy": "L’armée Apulia à Trieste\n"
             "La flotte de la mer Adriatique convoie l’armée Apulia à Trieste\n"
             "L’armée Venezia soutient l’armée Apulia à Trieste\n"
             "La flotte Albania soutient l’armée Apulia à Trieste",
}

# What the seed says of every order (the convoy of the Adriatic fleet is not commented on).
FALL_1907_OUTCOME = {
    # Germany: Kiel's support is cut by Denmark; Munich does not border Holland; Livonia's
    # attack cuts Prussia's support, Silesia's support keeps Prussia
    "ruh": FAILS, "kie": FAILS, "mun": FAILS, "pru": FAILS, "sil": SUCCEEDS,
    # England: London convoyed into Holland with one support; Picardy's supports are cut
    "lon": SUCCEEDS, "nth": SUCCEEDS, "hel": SUCCEEDS, "den": FAILS, "pic": FAILS,
    "mao": FAILS, "eng": FAILS,
    # France: both cutting fleets bounce; Brest holds with Paris' support; Burgundy bounces
    "gas": FAILS, "iri": FAILS, "bre": SUCCEEDS, "par": SUCCEEDS, "bur": FAILS,
    # Russia: Sevastopol is dislodged; Norway is taken; Livonia bounces off Prussia
    "sev": FAILS, "mos": SUCCEEDS, "stp": SUCCEEDS, "fin": SUCCEEDS, "lvn": FAILS,
    # Austria: Ukraine's support is cut by Galicia; Trieste holds with two supports
    "ukr": FAILS, "tri": SUCCEEDS, "bud": SUCCEEDS, "vie": SUCCEEDS,
    # Turkey: Galicia bounces but cuts; the Black Sea fleet takes Sevastopol with two supports
    "gal": FAILS, "bla": SUCCEEDS, "arm": SUCCEEDS, "rum": SUCCEEDS,
    # Italy: three against three in Trieste, the attack bounces
    "apu": FAILS, "ven": SUCCEEDS, "alb": SUCCEEDS,
}


def _fall_1907(orders: dict[str, str]) -> dict[str, Any]:
    game_map = load_map("classic")
    centers = {p: list(game_map.home_centers(p)) for p in game_map.power_ids}
    for power, units in FALL_1907_UNITS.items():  # a centre with a unit on it is that power's
        for u in units:
            prov = province_of(u.split()[1])
            if game_map.provinces[prov].center and prov not in centers[power]:
                for cs in centers.values():
                    if prov in cs:
                        cs.remove(prov)
                centers[power].append(prov)
    state = {"variant": "classic", "phase": "F1907M",
             "units": [unit(p, u) for p, us in FALL_1907_UNITS.items() for u in us],
             "centers": centers}
    return adjudicate({"state": state,
                       "orders": [{"power": p, "text": t} for p, t in orders.items()]})


@pytest.mark.parametrize("orders", [FALL_1907_SHORT, FALL_1907_LONG], ids=["short", "long_fr"])
def test_seed_002_fall_1907(orders: dict[str, str]) -> None:
    """Seed 002, Fall 1907: every order of the seven powers with the result the seed explains
    (supports cut by Denmark, the Irish Sea, Gascony and Galicia; London convoyed into Holland;
    Norway taken; Trieste held three against three; the Russian fleet in Sevastopol dislodged
    with nowhere to retreat, so it is disbanded at once and the retreat phase is skipped)."""
    resp = _fall_1907(orders)
    first = [r for r in resp["results"] if r["phase"] == "F1907M" and r["text"]]
    assert len(first) == sum(len(us) for us in FALL_1907_UNITS.values())
    # only Munich's support is refused, for the reason the seed gives (it does not border Holland)
    refused = [(r["text"], r["reason"]) for r in first if r["status"] == "illegal"]
    assert len(refused) == 1 and refused[0][1] == "support_unreachable", refused
    expect(resp, FALL_1907_OUTCOME)
    assert at(resp, "hol") == ("england", "A")
    assert at(resp, "nwy") == ("russia", "F")
    assert at(resp, "sev") == ("turkey", "F")
    assert at(resp, "bla") is None and at(resp, "lon") is None
    assert at(resp, "tri") == ("austria", "F") and at(resp, "apu") == ("italy", "A")
    assert all(u["location"] != "sev" or u["power"] == "turkey" for u in resp["state"]["units"])
    assert not resp["state"]["phase"].startswith("F1907R"), "nobody could retreat"
    # the Fall is complete: Holland, Norway and Sevastopol change hands (seed 004 §2.13.1)
    centers = resp["state"]["centers"]
    assert "hol" in centers["england"] and "nwy" in centers["russia"]
    assert "sev" in centers["turkey"] and "sev" not in centers["russia"]
