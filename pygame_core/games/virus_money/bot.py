"""Virus Money bots: a broker that weighs each move over the roles it cannot see, and a planner.

The broker reads only its own view: every piece and card on the table and its own role. It judges a
position by the lead it expects over the best other seat at the end of the round (`projected_scores`:
the cards held are used greedily, then the round is scored), averaged over the cast the others may
hold. A virus broker knows every other seat is normal. A normal broker starts from the cast cards'
odds (each other seat the virus with a quarter's chance, or nobody) and reads the others' public play
this round by Bayes' rule (`casts`): a virus loses nothing by joining an auction, so each join makes a
seat more suspect and each stay-out less (the cards used are revealed only with the roles). The
likelihoods are modest (a person playing the virus may hide it), yet a virus broker, which joins every
auction, stands out within a few auctions.

- Joining: a normal broker compares staying out with taking part, which wins the card at a price of
  one piece per seat already in (with a chance of one in the number of bidders) or loses the piece to
  a rival. The virus broker always joins: a piece lost to a normal winner is virus money.
- Raising: it raises by one while winning at that price leads better than letting the auction end now
  (the leader winning, or a tie sending every bid to the supply) and than nobody having bid at all, so
  it never pays more than the card is worth to it (no war that drains its colour for one card).
- Every comparison is squashed around where the seat stands now (`lead`'s centre), so a seat far
  behind or far ahead still plays for points; later seats are expected to join as often as they have
  this round (`join_rate`).
- Expanding (secretly, all at once): a normal broker uses the cards worth more than their cost, paying
  with its own colour first; the virus broker's pieces score nothing, so it uses none.

The planner searches (flat Monte Carlo over determinisations, `SearchBot`) a few candidate actions
around the broker's choice, with brokers playing every seat in the rollouts, each world's cast drawn
from the broker's belief (`casts`) for the seats it cannot see.
"""

from collections.abc import Mapping, Sequence
from math import exp
from typing import Any

from ...bots.search import SearchBot
from ...engine import Action, Game, Player, Rng, State, View
from .rules import (
    NORMAL,
    SEAT_COLOURS,
    SUSPICION,
    VIRUS,
    cost,
    projected_scores,
)

# How a player is read (modest: a person playing the virus may stay out, or use a card, to hide it).
VIRUS_JOINS = 0.75  # chance the virus player joins an auction it is asked to (a lost piece is virus money)
NORMAL_JOINS = 0.25  # chance a normal player does (a seat joining half the time reads as neither)

JOIN_MARGIN = 0.005  # taking part must promise this much more standing than staying out
LEAD_SCALE = 400.0  # points of lead that lift the standing from a half to about 0.73
CENTRE_LIMIT = 1600.0  # the standing curve follows a seat's lead this far from level, no further
PRIOR_AUCTIONS = 4  # auctions' weight of the prior join rate (NORMAL_JOINS) before a seat's own record


def odds(v: View, p: Player) -> float:
    """Return how much likelier seat p's public play this round is if it is the virus than if normal.

    >>> odds({"joined": [3], "stayed": [0]}, 0) == (VIRUS_JOINS / NORMAL_JOINS) ** 3
    True
    """
    joins: int = v["joined"][p]
    stays: int = v["stayed"][p]
    return float((VIRUS_JOINS / NORMAL_JOINS) ** joins * ((1 - VIRUS_JOINS) / (1 - NORMAL_JOINS)) ** stays)


Cast = list[tuple[float, list[str]]]


def casts(v: View) -> Cast:
    """Return the casts the viewer cannot tell apart, with their chances: who is the virus, if anyone.

    A normal viewer starts from the cast cards' odds (each other seat a quarter) and weighs each seat
    by `odds`, Bayes' rule over the joins and stays this round.
    """
    n, me = v["players"], v["viewer"]
    if v["role"] == VIRUS:
        return [(1.0, [VIRUS if p == me else NORMAL for p in range(n)])]
    out = [
        (SUSPICION * odds(v, q), [VIRUS if p == q else NORMAL for p in range(n)]) for q in range(n) if q != me
    ]
    out.append((1.0 - SUSPICION * (n - 1), [NORMAL] * n))
    total = sum(w for w, _ in out)
    return [(w / total, roles) for w, roles in out]


def draw(cast: Cast, rng: Rng) -> list[str]:
    """Return one cast drawn with its chance.

    >>> draw([(0.0, ["virus", "normal"]), (1.0, ["normal", "normal"])], Rng(1))
    ['normal', 'normal']
    """
    x = rng.below(1 << 53) / (1 << 53)
    for chance, roles in cast:
        x -= chance
        if x < 0:
            return list(roles)
    return list(cast[-1][1])


def settled(v: View, bids: list[int | None], winner: Player | None) -> dict[str, Any]:
    """Return the table after an auction with these bids: the winner takes the card and the other bids."""
    n = v["players"]
    own = SEAT_COLOURS[n]
    pieces = [list(x) for x in v["pieces"]]
    hands = [list(h) for h in v["hands"]]
    for p, b in enumerate(bids):
        if b is None:
            continue
        mine = v["bids"][p] or 0
        pieces[p][own[p]] -= b - mine
        if winner is not None and p != winner:
            pieces[winner][own[p]] += b
    if winner is not None:
        hands[winner].append(v["card"])
    return {**v, "pieces": pieces, "hands": hands, "bids": [None] * n}


def planned(v: View, plan: dict[str, Any], ready: bool = False) -> dict[str, Any]:
    """Return the table with the viewer's expansion plan replaced (and marked done if `ready`)."""
    me = v["viewer"]
    plans = [plan if p == me else x for p, x in enumerate(v["plans"])]
    return {**v, "plans": plans, "ready": [ready if p == me else r for p, r in enumerate(v["ready"])]}


def leads(v: View, cast: Cast, t: Mapping[str, Any]) -> list[tuple[float, float]]:
    """Return, per cast of `cast`, its chance and the viewer's lead over the best other seat at the
    round's end."""
    me = v["viewer"]
    out = []
    for chance, roles in cast:
        scores = [a + b for a, b in zip(v["totals"], projected_scores(t, roles), strict=True)]
        out.append((chance, scores[me] - max(s for p, s in enumerate(scores) if p != me)))
    return out


def margin(v: View, cast: Cast, t: Mapping[str, Any]) -> float:
    """Return the viewer's mean lead in points over the best other seat at the round's end, over `cast`."""
    return sum(chance * ahead for chance, ahead in leads(v, cast, t))


def lead(v: View, cast: Cast, t: Mapping[str, Any], centre: float = 0.0) -> float:
    """Return the viewer's chance-like standing at the round's end, averaged over the casts `cast`.

    For each cast the lead over the best other seat, less `centre`, is squashed by a logistic curve, so
    a move that gains a little on average but loses everything if one rival is the virus counts as the
    gamble it is. Centred near where the seat stands (`reach`), the curve stays steep for a seat far
    behind or far ahead, which still plays for points.
    """
    return sum(chance / (1.0 + exp(-(ahead - centre) / LEAD_SCALE)) for chance, ahead in leads(v, cast, t))


def reach(points: float) -> float:
    """Return the centre of the standing curve for a seat whose mean lead is `points`: that lead, within
    `CENTRE_LIMIT` of level (a seat far ahead still guards its lead, one far behind still gambles).

    >>> reach(5000.0) == CENTRE_LIMIT
    True
    """
    return max(-CENTRE_LIMIT, min(CENTRE_LIMIT, points))


def join_rate(v: View, p: Player) -> float:
    """Return the share of this round's auctions seat p is expected to join, from its joins and stays.

    >>> join_rate({"joined": [0], "stayed": [0]}, 0) == NORMAL_JOINS
    True
    """
    joins: int = v["joined"][p]
    stays: int = v["stayed"][p]
    return (joins + PRIOR_AUCTIONS * NORMAL_JOINS) / (joins + stays + PRIOR_AUCTIONS)


class BrokerBot:
    """A Virus Money bot that weighs each move by the lead it expects over the casts it cannot see."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the join, raise, pass, use, pay or done the projection favours."""
        if len(legal) == 1:
            return legal[0]
        v = game.view(state, player)
        cast = casts(v)
        if v["phase"] == "join":
            return self._join(v, cast)
        if v["phase"] == "raise":
            return self._raise(v, cast, legal)
        plan = v["plans"][v["viewer"]]
        if legal[0].startswith("pay:"):
            paying = plan["paying"]

            def after(a: Action) -> dict[str, Any]:
                step = {"card": paying["card"], "left": paying["left"] - 1, "paid": paying["paid"] + a[4:]}
                return planned(v, {**plan, "paying": step})

            return max(legal, key=lambda a: (lead(v, cast, after(a)), a))
        if v["role"] == VIRUS:
            return "done"
        best, value = "done", lead(v, cast, planned(v, plan, ready=True))
        for a in legal[:-1]:
            card = a[4:]
            t = planned(v, {**plan, "paying": {"card": card, "left": cost(card), "paid": ""}})
            if (here := lead(v, cast, t)) > value:
                best, value = a, here
        return best

    def _join(self, v: View, cast: Cast) -> Action:
        """Join if taking part (winning at a piece per bidder, or losing the piece) beats staying out."""
        me = v["viewer"]
        if v["role"] == VIRUS:
            return "join"  # a piece lost to a normal winner is virus money
        joined = [p for p, b in enumerate(v["bids"]) if b is not None]
        later = v["queue"][1:]
        quiet = settled(v, v["bids"], joined[0] if joined else None)
        centre = reach(margin(v, cast, quiet))
        stay = lead(v, cast, quiet, centre)
        bids = list(v["bids"])
        bids[me] = 1 + len(joined)
        win = lead(v, cast, settled(v, bids, me), centre)
        if not joined and not later:
            return "join" if win > stay + JOIN_MARGIN else "pass"
        taker = joined[0] if joined else later[0]
        bids = list(v["bids"])
        bids[me], bids[taker] = 1, 2
        lose = lead(v, cast, settled(v, bids, taker), centre)
        chance = 1.0 / (1.0 + len(joined) + sum(join_rate(v, p) for p in later))
        joining = chance * win + (1.0 - chance) * lose
        return "join" if joining > stay + JOIN_MARGIN else "pass"

    def _raise(self, v: View, cast: Cast, legal: Sequence[Action]) -> Action:
        """Raise by one while winning at that price leads better than the auction ending now and than
        nobody having bid (the card is worth no more than that: no bidding war past its worth)."""
        me = v["viewer"]
        step = legal[0]
        bids = list(v["bids"])
        quiet = settled(v, bids, v["leader"])
        centre = reach(margin(v, cast, quiet))
        keep = lead(v, cast, quiet, centre)
        bids[me] = int(step[6:])
        win = lead(v, cast, settled(v, bids, me), centre)
        untouched = lead(v, cast, v, centre)  # every bid back with its owner, as if nobody had joined
        return step if win > max(keep, untouched) else "pass"


def candidates(game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Return the few actions the planner compares: the broker's choice, passing and the smallest raise."""
    if len(legal) <= 3:
        return list(legal)
    pick = BrokerBot().choose(game, state, player, legal, rng)
    wanted = [pick, "pass", legal[0]] if pick == "pass" or pick.startswith("raise:") else [pick]
    allowed = set(legal)
    return [a for a in dict.fromkeys(wanted) if a in allowed]


class PlannerBot(SearchBot):
    """Flat Monte Carlo over the broker's candidate actions, brokers rolling out every seat."""

    def __init__(self, samples: int, horizon: int) -> None:
        """Search `samples` worlds per decision, rollouts of at most `horizon` actions by brokers."""
        super().__init__(BrokerBot, samples, horizon)

    def candidates(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Sequence[Action]:
        """Return the broker's choice, passing and the smallest raise (`candidates`)."""
        return candidates(game, state, player, legal, rng)

    def sample(self, game: Game, state: State, player: Player, rng: Rng) -> State:
        """Return a determinised world whose cast is drawn from the broker's belief (`casts`), not evenly."""
        world = game.determinize(state, player, rng)
        if state["phase"] != "over":
            world["roles"] = draw(casts(game.view(state, player)), rng)
        return world


__all__ = ["BrokerBot", "PlannerBot", "candidates"]
