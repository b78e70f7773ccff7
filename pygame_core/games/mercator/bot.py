"""Mercator bots: a merchant that bids from what a lot is worth to itself and to its rivals, and a planner.

The merchant reads its own view and the chip counts every careful player keeps (`counted_chips`, see
assumption A6 of docs/rules/mercator.md). It projects every seat's sale payout (`expected_payouts`) for
each way the lot could go: to each bidder, or set aside. A rival's worth of the lot is its payout gain
over the lot being set aside; the merchant expects each rival to bid somewhere between half that worth
and all of it (never more than its chips), and bids the amount that maximises its expected lead over
the best rival: its chips plus payout, minus the best other seat's. It turns another card when the
expected auction of a bigger lot beats the auction of this one. In an open auction it raises by one
while winning at that price leads better than letting the best rival win at the current bid.
A merchant whose ship is still empty bids at least one chip on every lot it can load: the projection
expects its free room to fill from the cards to come, but an empty ship ranks last at the sale.

The planner searches (flat Monte Carlo over determinisations, `SearchBot`) a few candidate actions
around the merchant's choice, with merchants playing every seat in the rollouts; each rollout finishes
the auction under way before `Mercator.estimate` scores it.
"""

from collections.abc import Sequence
from typing import Any

from ...bots.search import SearchBot
from ...engine import Action, Game, Player, Rng, State, View
from .rules import (
    CARDS,
    HOLD,
    OPEN,
    SEALED,
    bonus_hope,
    cargo,
    colour,
    counted_chips,
    expected_payouts,
    value,
)

RIVAL_LOW = 0.5  # a rival bids at least this share of its worth of the lot...
RIVAL_HIGH = 1.0  # ...and at most this share (and never more than its chips)
TURN_MARGIN = 0.5  # turning another card must promise this much more lead
HIGH_CARD = 5  # with the colour bonus, turning weighs each colour's cards above and up to this value apart


class Market:
    """What the merchant knows at a decision: holds, chips, the unseen cards and the lot."""

    def __init__(self, v: View, chips: list[int]) -> None:
        self.v = v
        self.n: int = v["players"]
        self.me: Player = v["viewer"]
        self.chips = chips
        self.bonus: bool = v["colour_bonus"]
        seen = [c for h in v["holds"] for c in h] + v["lot"] + v["discarded"]
        pool = list(CARDS)
        for c in seen:
            pool.remove(c)
        self.pool = pool  # the deck and the cards set aside, which nobody can tell apart
        self.deck: int = v["deck"]
        self.holds: list[list[str]] = v["holds"]
        self.rooms = [HOLD - len(h) for h in self.holds]
        self.values = [cargo(h) + bonus_hope(h, self.rooms[p], self.bonus) for p, h in enumerate(self.holds)]

    def bidders(self, size: int) -> list[Player]:
        """Return the seats that may bid on a lot of `size` cards, in tie-break order."""
        active = self.v["active"]
        order = [(active + k) % self.n for k in range(1, self.n + 1)]
        return [p for p in order if self.rooms[p] >= size]

    def payouts(self, lot: list[str], winner: Player | None, deck: int, mean: float) -> list[float]:
        """Return every seat's projected payout if `winner` (None: nobody) loads the lot."""
        values, rooms = self.values, self.rooms
        if winner is not None:
            hold = self.holds[winner] + lot
            values, rooms = list(values), list(rooms)
            rooms[winner] -= len(lot)
            values[winner] = cargo(hold) + bonus_hope(hold, rooms[winner], self.bonus)
        return expected_payouts(values, rooms, deck, mean, self.n)

    def lead(self, pay: list[float], winner: Player | None, price: float) -> float:
        """Return the merchant's chips plus payout minus the best other seat's, after a sale at `price`."""
        worth = [self.chips[p] + pay[p] - (price if p == winner else 0) for p in range(self.n)]
        return worth[self.me] - max(w for p, w in enumerate(worth) if p != self.me)

    def auction(self, lot: list[str], deck: int, mean: float) -> tuple[int, float]:
        """Return the merchant's best sealed bid on `lot` (0 if it cannot bid) and the lead it expects.

        `deck` and `mean` describe the cards still to come once the lot is sold.
        """
        bidders = self.bidders(len(lot))
        none = self.payouts(lot, None, deck, mean)
        given = {p: self.payouts(lot, p, deck, mean) for p in bidders}
        ranges: dict[Player, tuple[int, int]] = {}
        for q in bidders:
            if q != self.me:
                worth = min(self.chips[q], max(0, int(given[q][q] - none[q])))
                ranges[q] = (int(worth * RIVAL_LOW), int(worth * RIVAL_HIGH))
        tops = [q for q in ranges if ranges[q][1] > 0]
        if tops:
            top = max(tops, key=lambda q: (sum(ranges[q]), -bidders.index(q)))
            loss = self.lead(given[top], top, sum(ranges[top]) / 2)
        else:
            loss = self.lead(none, None, 0)
        if self.me not in bidders:
            return 0, loss
        mine = bidders.index(self.me)
        win = self.lead(given[self.me], self.me, 0)
        best_bid, best = 0, loss
        for x in range(1, self.chips[self.me] + 1):
            chance = 1.0
            for q, (lo, hi) in ranges.items():
                ahead = bidders.index(q) < mine
                below = (min(hi, x - 1) - lo + 1) if ahead else (min(hi, x) - lo + 1)
                chance *= max(0, min(below, hi - lo + 1)) / (hi - lo + 1)
            expected = chance * (win - x) + (1 - chance) * loss
            if expected > best:
                best_bid, best = x, expected
            if chance >= 1.0:
                break
        if not self.holds[self.me]:  # an empty ship ranks last at the sale
            best_bid = max(best_bid, min(self.chips[self.me], 1))
        return best_bid, best

    def mean(self, pool_total: int, count: int) -> float:
        """Return the mean value of `count` unseen cards worth `pool_total` in all (0 if none)."""
        return pool_total / count if count else 0.0

    def bid(self) -> int:
        """Return the merchant's sealed bid on the lot on offer."""
        total = sum(value(c) for c in self.pool)
        return self.auction(self.v["lot"], self.deck, self.mean(total, len(self.pool)))[0]

    def turn_more(self) -> bool:
        """Return whether a lot one card bigger promises a better auction than this lot now."""
        lot = self.v["lot"]
        total, count = sum(value(c) for c in self.pool), len(self.pool)
        now = self.auction(lot, self.deck, self.mean(total, count))[1]
        kinds: dict[Any, list[str]] = {}
        for c in self.pool:  # cards alike for the decision; with the colour bonus, low or high of a colour
            kinds.setdefault((colour(c), value(c) > HIGH_CARD) if self.bonus else value(c), []).append(c)
        expected = 0.0
        for cards in kinds.values():
            c = sorted(cards, key=value)[len(cards) // 2]
            after = self.auction([*lot, c], self.deck - 1, self.mean(total - value(c), count - 1))[1]
            expected += len(cards) * after
        return expected / count > now + TURN_MARGIN


class MerchantBot:
    """A Mercator bot that prices each lot by the payouts it projects for every seat."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the turn, bid, raise or drop the projection favours."""
        if len(legal) == 1:
            return legal[0]
        market = Market(game.view(state, player), counted_chips(state))
        if legal[0] == "turn":
            return "turn" if market.turn_more() else "auction"
        if legal[0].startswith("bid:"):
            return f"bid:{market.bid()}"
        return self._open(market, legal)

    def _open(self, market: Market, legal: Sequence[Action]) -> Action:
        """Raise by one while winning at that price leads better than the best rival winning now."""
        v = market.v
        me, lot, high = market.me, v["lot"], v["high"]
        step = f"raise:{high + 1}"
        if step not in legal:
            return "drop"
        rivals = [q for q in v["bidders"] if q != me and q not in v["out"]]
        mean = market.mean(sum(value(c) for c in market.pool), len(market.pool))
        none = market.payouts(lot, None, market.deck, mean)
        if not rivals:
            keep = market.lead(none, None, 0)
        else:
            given = {q: market.payouts(lot, q, market.deck, mean) for q in rivals}
            top = v["leader"] if v["leader"] in rivals else max(rivals, key=lambda q: given[q][q] - none[q])
            keep = market.lead(given[top], top, high)
        win = market.lead(market.payouts(lot, me, market.deck, mean), me, high + 1)
        return step if win > keep else "drop"


def candidates(game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Return the few actions the planner compares: the merchant's choice and its neighbours.

    For a sealed bid they include nothing, the merchant's bid, and the bids that tie and beat the highest
    bid a merchant would make in each rival's seat (judged on a sampled world, from that seat's view).
    """
    if len(legal) <= 2:
        return list(legal)
    pick = MerchantBot().choose(game, state, player, legal, rng)
    v = game.view(state, player)
    if pick.startswith("bid:"):
        x = int(pick[4:])
        world = game.determinize(state, player, rng)
        chips = counted_chips(world)
        top = 0
        for q in v["bidders"]:
            if q != player:
                top = max(top, Market(game.view(world, q), chips).bid())
        wanted = [pick, "bid:0", f"bid:{top}", f"bid:{top + 1}", f"bid:{x + 3}"]
    else:
        wanted = [pick, "drop", f"raise:{v['high'] + 1}"]
    allowed = set(legal)
    return [a for a in dict.fromkeys(wanted) if a in allowed]


class PlannerBot(SearchBot):
    """Flat Monte Carlo over the merchant's candidate actions, merchants rolling out every seat.

    In a sampled world the other seats' sealed bids are taken back, so the rollout merchants bid them
    from their own views: a better guess at a rival's bid than any amount drawn at random.
    """

    def __init__(self, samples: int, horizon: int) -> None:
        """Search `samples` worlds per decision, rollouts of at most `horizon` actions by merchants."""
        super().__init__(MerchantBot, samples, horizon)

    def candidates(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Sequence[Action]:
        """Return the merchant's choice and its neighbours (`candidates`)."""
        return candidates(game, state, player, legal, rng)

    def sample(self, game: Game, state: State, player: Player, rng: Rng) -> State:
        """Return a sampled world with the other seats' sealed bids taken back, to be bid again."""
        world = game.determinize(state, player, rng)
        if world["phase"] == SEALED:
            world["bids"] = [b if p == player else None for p, b in enumerate(world["bids"])]
        return world

    def value(self, game: Game, state: State, player: Player, rng: Rng) -> float:
        """Return the seat's lead after a rollout of `horizon` actions and the end of the auction under way.

        An auction cut short would leave its price unpaid, so the rollout always finishes it first.
        """
        bots = [self.rollout() for _ in range(state["players"])]
        steps = 0
        while acting := game.to_act(state):
            if steps >= self.horizon and state["phase"] not in (SEALED, OPEN):
                break
            seat = acting[0]
            action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat), rng)
            state = game.transition(state, seat, action)
            steps += 1
        scores = list(game.estimate(state))
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)


__all__ = ["MerchantBot", "PlannerBot", "candidates"]
