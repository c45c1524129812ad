"""Sealed bids for the five minor powers (seed 001 rules 4-7; docs/RULES.md §5).

``parse_bids`` reads what a player types and refuses, at entry, anything the rules forbid;
``resolve_bidding`` reveals both players' bids together and decides who commands each minor
for the year.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.variants.duel.countries import country_name, minors_of, parse_country
from engine.variants.duel.errors import DuelError

PENALTY_PER_CENTER = 5  # docs/RULES.md §5.6

_UNIT = r"(?:\s*(?:cr|credits?|crédits?|pts?|points?))?"
_NAME_FIRST = re.compile(r"^(?P<name>[^\d:=+-][^\d:=]*?)\s*[:=]?\s*(?P<amount>[-+]?\d+(?:[.]\d*)?)"
                         + _UNIT + r"\s*$", re.IGNORECASE)
_AMOUNT_FIRST = re.compile(r"^(?P<amount>[-+]?\d+(?:[.]\d*)?)" + _UNIT
                           + r"\s*(?:on|for|sur|pour|[:=])?\s*(?P<name>[^\d:=][^\d]*?)\s*$",
                           re.IGNORECASE)
_NOTHING = {"", "none", "nothing", "pass", "rien", "aucune", "aucun", "0"}


def parse_bids(text: str, own_country: str, opponent_country: str,
               credits: int) -> dict[str, int]:
    """``FRA 10, ENG 5`` / ``France: 10; Angleterre 5`` / ``10 sur Italie`` -> a bid on each of
    the five minors (whole numbers >= 0, unnamed minors 0). Separators: , ; and newlines.
    ``none`` / ``rien`` (or nothing) bids 0 everywhere.

    Refused with a DuelError: an unreadable entry, an unknown or ambiguous country, a bid on
    one's own or the opponent's country, two bids for one minor, a negative or fractional
    bid, and a total above ``credits`` (docs/RULES.md §5: refused at entry)."""
    minors = minors_of((own_country, opponent_country))
    bids = dict.fromkeys(minors, 0)
    seen: set[str] = set()
    entries = [e.strip() for e in re.split(r"[,;\n]+", text or "")]
    if len(entries) == 1 and entries[0].lower() in _NOTHING:
        return bids
    for entry in entries:
        if not entry:
            continue
        m = _NAME_FIRST.match(entry) or _AMOUNT_FIRST.match(entry)
        if m is None:
            raise DuelError("bad_bid_entry", {"entry": entry})
        country = parse_country(m.group("name"))
        if country == own_country:
            raise DuelError("own_country_bid", {"country": country_name(country)})
        if country == opponent_country:
            raise DuelError("opponent_country_bid", {"country": country_name(country)})
        if country in seen:
            raise DuelError("duplicate_bid", {"country": country_name(country)})
        seen.add(country)
        raw = m.group("amount")
        if "." in raw:
            raise DuelError("bid_not_whole", {"entry": entry})
        amount = int(raw)
        if amount < 0:
            raise DuelError("negative_bid", {"country": country_name(country)})
        bids[country] = amount
    check_total(bids, credits)
    return bids


def check_total(bids: Mapping[str, int], credits: int) -> None:
    total = sum(bids.values())
    if total > credits:
        raise DuelError("over_budget", {"total": total, "credits": credits})


@dataclass(frozen=True)
class MinorOutcome:
    """One minor's auction: every number of the reveal."""

    minor: str
    bids: dict[str, int]  # player -> nominal bid this season
    penalties: dict[str, int]  # player -> points taken off for occupation (rule 6)
    effective: dict[str, int]  # player -> what counted
    controller: str | None  # None on equal effective bids (rule 7: civil disorder)
    paid: int  # what the controller paid from its credits

    def to_json(self) -> dict[str, object]:
        return {"minor": self.minor, "bids": dict(self.bids), "penalties": dict(self.penalties),
                "effective": dict(self.effective), "controller": self.controller,
                "paid": self.paid}


@dataclass(frozen=True)
class BiddingResult:
    minors: tuple[MinorOutcome, ...]
    balances: dict[str, int]  # player -> credits after paying
    accounts: dict[str, dict[str, int]] | None  # bids_accumulate only: running accounts

    @property
    def control(self) -> dict[str, str | None]:
        return {o.minor: o.controller for o in self.minors}

    def to_json(self) -> dict[str, object]:
        return {"minors": [o.to_json() for o in self.minors], "balances": dict(self.balances),
                "control": self.control,
                "accounts": {p: dict(a) for p, a in self.accounts.items()}
                if self.accounts is not None else None}


def resolve_bidding(bids: Mapping[str, Mapping[str, int]], countries: Mapping[str, str],
                    credits: Mapping[str, int],
                    occupied: Mapping[str, Mapping[str, int]] | None = None,
                    accounts: Mapping[str, Mapping[str, int]] | None = None) -> BiddingResult:
    """Reveal both players' bids together (docs/RULES.md §5.4).

    ``countries``: player -> own country (two players); ``credits``: player -> balance;
    ``occupied``: player -> minor -> how many of that minor's home centres a unit of the
    player's own country occupied at the end of the previous Fall; ``accounts``: the running
    accounts when the ``bids_accumulate`` option is on (None when off).

    For each minor the higher effective bid controls it for the year, Winter adjustments
    included; equal effective bids (0-0 included) leave it to nobody: civil disorder for the
    year (rule 7).

    Occupation penalty (rule 6): each occupied home centre makes the player's bid for that
    minor count 5 less, never below 0. The seed says the 5 points "ne sont pas retirés au
    solde de la puissance qui s'en est emparé mais sur celui de la puissance mineure": they
    do not come out of the player's credits. So only the winner pays, and it pays its nominal
    bid (what it wrote), not the penalised one (docs/RULES.md §5).

    ``bids_accumulate`` (rule 5's last bullets read literally, seed's rule 6 example): each
    player's bids on a minor add up, year after year, in a running account; before the new
    bids are added the penalty is taken from that account (never below 0: "Il ne lui reste
    plus alors que 10 points"); the higher account controls. As in the default mode only the
    winner pays, the nominal bid of this season; accounts are never reset."""
    players = list(countries)
    if len(players) != 2:
        raise ValueError("a duel has exactly two players")
    a, b = players
    minors = minors_of((countries[a], countries[b]))
    occupied = occupied or {}
    balances = {p: int(credits[p]) for p in players}
    new_accounts = {p: {m: int((accounts or {}).get(p, {}).get(m, 0)) for m in minors}
                    for p in players} if accounts is not None else None
    for p in players:
        extra = set(bids.get(p, {})) - set(minors)
        if extra:
            raise DuelError("own_country_bid" if countries[p] in extra
                            else "opponent_country_bid",
                            {"country": country_name(sorted(extra)[0])})
        if any(int(v) < 0 for v in bids.get(p, {}).values()):
            raise DuelError("negative_bid", {"country": country_name(
                next(m for m, v in bids[p].items() if int(v) < 0))})
        check_total({m: int(v) for m, v in bids.get(p, {}).items()}, balances[p])
    outcomes = []
    for minor in minors:
        nominal = {p: int(bids.get(p, {}).get(minor, 0)) for p in players}
        penalties = {p: PENALTY_PER_CENTER * int(occupied.get(p, {}).get(minor, 0))
                     for p in players}
        if new_accounts is None:
            effective = {p: max(0, nominal[p] - penalties[p]) for p in players}
        else:
            effective = {p: max(0, new_accounts[p][minor] - penalties[p]) + nominal[p]
                         for p in players}
            for p in players:
                new_accounts[p][minor] = effective[p]
        if effective[a] == effective[b]:
            controller = None
        else:
            controller = a if effective[a] > effective[b] else b
        paid = nominal[controller] if controller is not None else 0
        if controller is not None:
            balances[controller] -= paid
        outcomes.append(MinorOutcome(minor, nominal, penalties, effective, controller, paid))
    return BiddingResult(tuple(outcomes), balances, new_accounts)
