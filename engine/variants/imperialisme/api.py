"""JSON-level operations of L'Impérialisme over its STATE (see ``engine.variants.imperialisme.state``).

Every function takes plain JSON values and returns plain JSON values; refusals raise
``ImperialError`` (``code``, ``message_en``, ``message_fr`` via ``to_json()``). Functions that
change the game return ``{"state": NEXT_STATE, ...public facts}``; inputs are never modified.
Powers may be given by id or by English/French name, territories by id or name.

A crisis, step by step (the service around it publishes between steps):
    commit = commitment(seed)             # publish the hash, keep the seed secret
    r = draw_crisis(state, seed)          # or start_declared(state); publish the seed
    r = open_vote(r["state"])             # conference closed; DM each voter its weight
    check_vote(state, voter, choice)      # on each button press
    r = tally(state, votes)               # publish r["outcome"] only; forget the votes
    r = annex(r["state"], winner, loser, choice_or_None)
Nothing returned by ``tally`` carries a vote, a weight paired with a choice, or a total.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.variants.imperialisme import annexation, crisis, draw, ending, influence, votes
from engine.variants.imperialisme import exchange as exchanges
from engine.variants.imperialisme.crisis import Crisis, CrisisKind, Stage
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import ImperialMap, load_imperial_map
from engine.variants.imperialisme.state import (
    ImperialState,
    fraction_text,
    state_from_json,
    state_to_json,
)

JSON = dict[str, Any]


# -- helpers ------------------------------------------------------------------------------
def _open(state: Mapping[str, Any], game_map: ImperialMap | None
          ) -> tuple[ImperialState, ImperialMap]:
    st = state_from_json(state)
    gm = game_map if game_map is not None else load_imperial_map(st.map_name)
    powers = set(gm.power_ids)
    for territory, power in st.owners.items():
        if territory not in gm.territories or territory in gm.neutral:
            raise ImperialError("bad_state", {"detail": f"territory {territory!r}"})
        if power not in powers:
            raise ImperialError("bad_state", {"detail": f"owner {power!r}"})
    return st, gm


def _not_over(st: ImperialState) -> None:
    if st.ended:
        raise ImperialError("game_over")


def _no_crisis(st: ImperialState) -> None:
    if st.crisis is not None:
        raise ImperialError("crisis_in_progress")
    if st.exchange_session:
        raise ImperialError("exchange_session_open")


def _current(st: ImperialState, stage: Stage) -> Crisis:
    if st.crisis is None:
        raise ImperialError("no_crisis")
    if st.crisis.stage is not stage:
        raise ImperialError("wrong_stage", {"stage": st.crisis.stage.value})
    return st.crisis


def _crisis_public(c: Crisis) -> JSON:
    return {"number": c.number, "kind": c.kind.value, "sides": list(c.sides),
            "commit": c.commit, "seed": c.seed}


def _with_end(st: ImperialState, gm: ImperialMap) -> ImperialState:
    return replace(st, ended=st.ended or ending.is_over(gm, st.owners))


# -- setting up and reading ---------------------------------------------------------------
def new_state(map_name: str = "imperialisme", *, game_map: ImperialMap | None = None) -> JSON:
    """The opening position: every territory with its owner on the starting map."""
    gm = game_map if game_map is not None else load_imperial_map(map_name)
    return state_to_json(ImperialState(owners=gm.starting_owners(), map_name=gm.name))


def influence_table(state: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> JSON:
    """{power: {"influence", "uncapped", "territories", "stars"}}; influences as exact text."""
    st, gm = _open(state, game_map)
    return {p: {"influence": fraction_text(inf.capped), "uncapped": fraction_text(inf.uncapped),
                "territories": inf.territories, "stars": inf.stars}
            for p, inf in influence.influence_table(gm, st.owners).items()}


def neighbours(state: Mapping[str, Any], power: str, *,
               game_map: ImperialMap | None = None) -> list[str]:
    st, gm = _open(state, game_map)
    return list(influence.neighbours(gm, st.owners, gm.resolve_power(power)))


# -- crises -------------------------------------------------------------------------------
def commitment(seed: str) -> str:
    """Publish this before ``draw_crisis``: sha256 hex of the seed."""
    return draw.commitment(seed)


def verify_commitment(commit: str, seed: str) -> bool:
    return draw.verify_commitment(commit, seed)


def replay_draw(state: Mapping[str, Any], seed: str, *,
                game_map: ImperialMap | None = None) -> JSON:
    """Re-run the draw of the next crisis from the state it was drawn on: an audit."""
    st, gm = _open(state, game_map)
    d = draw.draw_crisis(gm, st.owners, seed, st.round + 1)
    return {"number": d.number, "first": d.first, "second": d.second, "seed": d.seed,
            "commit": d.commit}


def draw_crisis(state: Mapping[str, Any], seed: str, *,
                game_map: ImperialMap | None = None) -> JSON:
    """Draw and start a random crisis (algorithm in ``engine.variants.imperialisme.draw``)."""
    st, gm = _open(state, game_map)
    _not_over(st)
    _no_crisis(st)
    number = st.round + 1
    d = draw.draw_crisis(gm, st.owners, seed, number)
    c = crisis.start_crisis(gm, st.owners, number, CrisisKind.RANDOM, (d.first, d.second),
                            commit=d.commit, seed=d.seed)
    return {"state": state_to_json(replace(st, round=number, crisis=c)),
            "crisis": _crisis_public(c)}


def declare(state: Mapping[str, Any], attacker: str, target: str, *,
            game_map: ImperialMap | None = None) -> JSON:
    """Queue a public declaration of war on a neighbour."""
    st, gm = _open(state, game_map)
    _not_over(st)
    a, t = gm.resolve_power(attacker), gm.resolve_power(target)
    seq = st.declarations + 1
    queue = crisis.declare(st.queue, gm, st.owners, a, t, seq)
    return {"state": state_to_json(replace(st, queue=queue, declarations=seq)),
            "declaration": {"attacker": a, "target": t, "seq": seq,
                            "position": len(queue)}}


def withdraw(state: Mapping[str, Any], attacker: str, target: str, *, target_consents: bool,
             game_map: ImperialMap | None = None) -> JSON:
    """Withdraw a declaration with the target's consent: a waiting one, or the declared crisis
    in progress until its tally — seed 003: "une puissance peut toujours à tout moment retirer
    sa déclaration de guerre publique" with the target's public consent. Once the vote is
    closed (the annexation stage) the war has been decided: too late. A withdrawal during the
    vote ends the crisis; the ballots already cast count for nothing (the service discards
    them and publishes nothing about them)."""
    st, gm = _open(state, game_map)
    a, t = gm.resolve_power(attacker), gm.resolve_power(target)
    c = st.crisis
    if (c is not None and c.kind is CrisisKind.DECLARED and c.sides == (a, t)
            and not any(d.attacker == a and d.target == t for d in st.queue)):
        if c.stage is Stage.ANNEXATION:
            raise ImperialError("too_late_to_withdraw")
        if not target_consents:
            raise ImperialError("withdraw_needs_consent", {"attacker": a, "target": t})
        return {"state": state_to_json(replace(st, crisis=None)), "withdrawn": "crisis"}
    queue = crisis.withdraw(st.queue, a, t, target_consents=target_consents)
    return {"state": state_to_json(replace(st, queue=queue)), "withdrawn": "declaration"}


def start_declared(state: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> JSON:
    """Start the oldest declared crisis whose powers are still neighbours; older ones that are
    no longer neighbours lapse (listed in ``lapsed``)."""
    st, gm = _open(state, game_map)
    _not_over(st)
    _no_crisis(st)
    if not st.queue:
        raise ImperialError("queue_empty")
    head, lapsed, rest = crisis.next_declared(st.queue, gm, st.owners)
    lapsed_json = [{"attacker": d.attacker, "target": d.target, "seq": d.seq} for d in lapsed]
    if head is None:
        return {"state": state_to_json(replace(st, queue=rest)), "crisis": None,
                "lapsed": lapsed_json}
    number = st.round + 1
    c = crisis.start_crisis(gm, st.owners, number, CrisisKind.DECLARED,
                            (head.attacker, head.target))
    return {"state": state_to_json(replace(st, round=number, crisis=c, queue=rest)),
            "crisis": _crisis_public(c), "lapsed": lapsed_json}


def open_vote(state: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> JSON:
    """Close the conference and open the vote: ``voters`` = {power: its frozen weight}."""
    st, gm = _open(state, game_map)
    c = crisis.open_vote(_current(st, Stage.CONFERENCE), gm, st.owners)
    weights = c.weights or {}
    return {"state": state_to_json(replace(st, crisis=c)),
            "voters": {p: fraction_text(w) for p, w in sorted(weights.items())}}


def check_vote(state: Mapping[str, Any], voter: str, choice: str | None, *,
               game_map: ImperialMap | None = None) -> str | None:
    """Check one ballot when it is cast; returns the normalised choice (a side, or None for a
    blank). Refusals never repeat the choice."""
    st, gm = _open(state, game_map)
    c = _current(st, Stage.VOTE)
    who = gm.resolve_power(voter)
    normalised = _choice(gm, choice)
    votes.check_vote(c.sides, c.weights or {}, who, normalised)
    return None if normalised in (None, votes.BLANK) else normalised


def _choice(gm: ImperialMap, choice: str | None) -> str | None:
    if choice is None or choice == "" or choice.strip().casefold() in ("blank", "blanc"):
        return votes.BLANK
    try:
        return gm.resolve_power(choice)
    except ImperialError:
        return choice  # not a power: void, refused by check_vote, ignored by the tally


def tally(state: Mapping[str, Any], ballots: Mapping[str, str | None], *,
          game_map: ImperialMap | None = None) -> JSON:
    """Close the vote. Returns only public facts: ``outcome`` {winner, loser, territories}, and
    for the winner the territories it may take (``eligible``) and how many (``annexable``).
    The ballots are not kept anywhere; the service must delete its copy."""
    st, gm = _open(state, game_map)
    c = _current(st, Stage.VOTE)
    normalised: dict[str, str | None] = {}
    for voter, choice in ballots.items():
        try:
            normalised[gm.resolve_power(voter)] = _choice(gm, choice)
        except ImperialError:
            continue  # not a power: void
    c, outcome = crisis.close_vote(c, normalised)
    public: JSON = {"outcome": outcome.to_json(), "eligible": [], "annexable": 0}
    if outcome.winner is None or outcome.loser is None:
        public["state"] = state_to_json(replace(st, crisis=None))
        return public
    eligible = annexation.still_eligible(st.owners, outcome.loser, c.eligible[outcome.winner])
    allowed = annexation.allowed_count(st.owners, outcome.loser, outcome.territories, eligible)
    public["eligible"] = list(eligible)
    public["annexable"] = allowed
    public["state"] = state_to_json(replace(st, crisis=c if allowed > 0 else None))
    return public


def annexation_options(state: Mapping[str, Any], *,
                       game_map: ImperialMap | None = None) -> JSON:
    """What the winner may choose from, at the annexation stage (e.g. to rebuild a select menu
    after a restart): {"winner", "loser", "territories", "eligible", "annexable", "default"}."""
    st, gm = _open(state, game_map)
    c = _current(st, Stage.ANNEXATION)
    assert c.outcome is not None and c.outcome.winner is not None and c.outcome.loser is not None
    w, lo, won = c.outcome.winner, c.outcome.loser, c.outcome.territories
    eligible = annexation.still_eligible(st.owners, lo, c.eligible[w])
    return {"winner": w, "loser": lo, "territories": won, "eligible": list(eligible),
            "annexable": annexation.allowed_count(st.owners, lo, won, eligible),
            "default": list(annexation.default_choice(gm, st.owners, lo, won, eligible))}


def annex(state: Mapping[str, Any], winner: str, loser: str,
          choice: Sequence[str] | None = None, *, game_map: ImperialMap | None = None) -> JSON:
    """The winner's annexation; ``choice`` None = the referee's default (stars first, then by
    id). Ends the crisis; ``ended`` tells whether the game is over."""
    st, gm = _open(state, game_map)
    c = _current(st, Stage.ANNEXATION)
    assert c.outcome is not None and c.outcome.winner is not None and c.outcome.loser is not None
    w, lo = gm.resolve_power(winner), gm.resolve_power(loser)
    if w != c.outcome.winner:
        raise ImperialError("not_the_winner", {"winner": c.outcome.winner})
    if lo != c.outcome.loser:
        raise ImperialError("not_the_loser", {"loser": c.outcome.loser})
    eligible = c.eligible[w]
    won = c.outcome.territories
    if choice is None:
        taken = annexation.default_choice(gm, st.owners, lo, won, eligible)
    else:
        taken = annexation.check_choice(gm, st.owners, w, lo, won, eligible, choice)
    owners = annexation.apply_annexation(st.owners, w, taken)
    nxt = _with_end(replace(st, owners=owners, crisis=None), gm)
    return {"state": state_to_json(nxt), "annexed": list(taken), "winner": w, "loser": lo,
            "by_default": choice is None, "ended": nxt.ended}


# -- exchanges ----------------------------------------------------------------------------
def open_exchange_session(state: Mapping[str, Any], *,
                          game_map: ImperialMap | None = None) -> JSON:
    st, _ = _open(state, game_map)
    _not_over(st)
    if st.exchange_session:
        raise ImperialError("session_already_open")
    if st.crisis is not None:
        raise ImperialError("crisis_in_progress")
    return {"state": state_to_json(replace(st, exchange_session=True))}


def close_exchange_session(state: Mapping[str, Any], *,
                           game_map: ImperialMap | None = None) -> JSON:
    st, _ = _open(state, game_map)
    if not st.exchange_session:
        raise ImperialError("no_exchange_session")
    return {"state": state_to_json(replace(st, exchange_session=False))}


def _proposal(gm: ImperialMap, proposal: Mapping[str, Any]) -> exchanges.Proposal:
    try:
        return exchanges.make_proposal(
            gm, str(proposal["first"]), str(proposal["second"]),
            [str(t) for t in proposal.get("first_gives", ())],
            [str(t) for t in proposal.get("second_gives", ())],
            [str(p) for p in proposal.get("accepted", ())])
    except KeyError as exc:
        raise ImperialError("bad_state", {"detail": f"proposal lacks {exc}"}) from exc


def check_exchange(state: Mapping[str, Any], proposal: Mapping[str, Any], *,
                   game_map: ImperialMap | None = None) -> JSON:
    """Check a proposal {"first", "second", "first_gives", "second_gives"} when it is made;
    returns it normalised."""
    st, gm = _open(state, game_map)
    _not_over(st)
    if not st.exchange_session:
        raise ImperialError("no_exchange_session")
    p = _proposal(gm, proposal)
    exchanges.check_proposal(st.owners, p)
    return p.to_json()


def exchange(state: Mapping[str, Any], proposal: Mapping[str, Any], *,
                         game_map: ImperialMap | None = None) -> JSON:
    """Carry out a proposal both powers accepted (``"accepted": [first, second]``); final."""
    st, gm = _open(state, game_map)
    _not_over(st)
    if not st.exchange_session:
        raise ImperialError("no_exchange_session")
    p = _proposal(gm, proposal)
    owners = exchanges.apply_exchange(st.owners, p)
    nxt = _with_end(replace(st, owners=owners), gm)
    return {"state": state_to_json(nxt), "exchange": p.to_json(), "ended": nxt.ended}


# -- end ----------------------------------------------------------------------------------
def end_check(state: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> JSON:
    st, gm = _open(state, game_map)
    singles = ending.single_territory_powers(gm, st.owners)
    return {"ended": st.ended or ending.is_over(gm, st.owners),
            "single_territory_powers": list(singles)}


def ranking(state: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> list[JSON]:
    """Final ranking: influence (capped), then uncapped influence, then territories."""
    st, gm = _open(state, game_map)
    return [{"rank": s.rank, "power": s.influence.power,
             "influence": fraction_text(s.influence.capped),
             "uncapped": fraction_text(s.influence.uncapped),
             "territories": s.influence.territories}
            for s in ending.ranking(gm, st.owners)]


# -- one entry point for the CLI ----------------------------------------------------------
Op = Callable[[Mapping[str, Any], "ImperialMap | None"], Any]

OPERATIONS: dict[str, Op] = {
    "new_state": lambda r, gm: new_state(str(r.get("map", "imperialisme")), game_map=gm),
    "influence_table": lambda r, gm: influence_table(r["state"], game_map=gm),
    "neighbours": lambda r, gm: neighbours(r["state"], r["power"], game_map=gm),
    "commitment": lambda r, gm: commitment(r["seed"]),
    "replay_draw": lambda r, gm: replay_draw(r["state"], r["seed"], game_map=gm),
    "draw_crisis": lambda r, gm: draw_crisis(r["state"], r["seed"], game_map=gm),
    "declare": lambda r, gm: declare(r["state"], r["attacker"], r["target"], game_map=gm),
    "withdraw": lambda r, gm: withdraw(r["state"], r["attacker"], r["target"],
                                       target_consents=r.get("target_consents") is True,
                                       game_map=gm),
    "start_declared": lambda r, gm: start_declared(r["state"], game_map=gm),
    "open_vote": lambda r, gm: open_vote(r["state"], game_map=gm),
    "tally": lambda r, gm: tally(r["state"], r.get("votes", {}), game_map=gm),
    "annexation_options": lambda r, gm: annexation_options(r["state"], game_map=gm),
    "annex": lambda r, gm: annex(r["state"], r["winner"], r["loser"], r.get("choice"),
                                 game_map=gm),
    "open_exchange_session": lambda r, gm: open_exchange_session(r["state"], game_map=gm),
    "close_exchange_session": lambda r, gm: close_exchange_session(r["state"], game_map=gm),
    "check_exchange": lambda r, gm: check_exchange(r["state"], r["proposal"], game_map=gm),
    "exchange": lambda r, gm: exchange(r["state"], r["proposal"], game_map=gm),
    "end_check": lambda r, gm: end_check(r["state"], game_map=gm),
    "ranking": lambda r, gm: ranking(r["state"], game_map=gm),
}


def run(request: Mapping[str, Any], *, game_map: ImperialMap | None = None) -> Any:
    """``{"op": name, "state": STATE, ...arguments}`` -> the operation's JSON answer, or
    ``{"error": {"code", "message_en", "message_fr"}}``: what ``python -m engine imperialisme``
    can call request by request (maps from the assets unless ``game_map`` is given)."""
    op = OPERATIONS.get(str(request.get("op", "")))
    try:
        if op is None:
            raise ImperialError("unknown_operation", {"op": request.get("op"),
                                                      "known": ", ".join(sorted(OPERATIONS))})
        try:
            return op(request, game_map)
        except KeyError as exc:
            raise ImperialError("bad_request", {"detail": f"missing {exc}"}) from exc
    except ImperialError as exc:
        return {"error": exc.to_json()}
