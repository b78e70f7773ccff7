"""Stock Trader bots: a broker that weighs every complete play on its view, and a planner.

The broker reads only its own view. At the start of a turn it lists every complete play of every hand
card (the card, its colour, buy or sell and how many, with or without a loan first) and every discard,
and scores the market each would leave: every seat's assets at today's prices, plus the dividends its
stocks would earn at today's squares in the phases still to come, as its own assets less a blend of the
best and the average rival's. A card used or thrown away costs what it would be worth to keep. It plays
the first step of the best plan; the later steps of the card score the same way, so they agree. It
pays IOUs back when its card is done, since an IOU costs 30 at the end and 20 now, and with too many
cards at the end of a turn it throws away those least worth keeping.

The planner searches (flat Monte Carlo over determinisations, `SearchBot`) the broker's few best first
steps, with brokers playing every seat in the rollouts.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ...bots.search import SearchBot
from ...engine import Action, Game, Player, Rng, State, View
from .rules import (
    COLOUR,
    COSTS,
    CREDIT,
    CREDIT_CARDS,
    CREDIT_STEP,
    END,
    FALLEN,
    FORCE,
    IOU_PENALTY,
    LIMITS,
    LOAN,
    MAIN,
    MAX_IOUS,
    REPAY,
    STOCKS,
    TRADE,
    TRIM,
    base_price,
    card_colour,
    dividend_rate,
    kind,
)

RIVAL_BEST = 0.5  # the weight of the best rival's assets in the score; the rest goes to their average
KEEP: dict[str, float] = {  # what a card is worth to keep in hand for later turns
    "basic": 1.0,
    "double": 3.0,
    "anywhere": 3.0,
    "buyall": 4.0,
    "sellall": 2.0,
    "up": 2.0,
    "down": 2.0,
    "credit": 2.0,
    "confusion": 0.5,
    "fairy": 1.0,
}
SHUFFLE_HOPE = 2.0  # what drawing again from the discards (confusion, fairy) is hoped to bring


@dataclass
class Plan:
    """A complete play: its actions in order and the score of the market it leaves."""

    actions: list[str]
    score: float


class Market:
    """What the broker sees: the sheets, the ±2 cards, every seat's cash, stocks and IOUs."""

    def __init__(self, v: View) -> None:
        self.v = v
        self.me: Player = v["viewer"]
        self.n: int = v["players"]
        self.colours: list[str] = v["colours"]
        self.left = sum(1 for size in v["piles"] if size)
        self.free = CREDIT_CARDS - sum(abs(m) for m in v["mods"].values())
        # every stock's worth and every seat's assets today; a play changes one colour and the cash
        self.worths = {c: self.worth_of(c, v["sheet"][c], v["mods"][c]) for c in self.colours}
        self.assets: list[float] = [
            v["cash"][p]
            + sum(k * self.worths[c] for c, k in v["holdings"][p].items())
            - IOU_PENALTY * v["ious"][p]
            for p in range(self.n)
        ]
        # the other seats, and every seat's stocks of each colour: what a play's score reads
        self.others: list[Player] = [p for p in range(self.n) if p != self.me]
        self.held: dict[str, list[int]] = {c: [h[c] for h in v["holdings"]] for c in self.colours}

    def live(self, c: str) -> bool:
        """Return whether colour c is still traded."""
        return self.v["dead"][c] is None

    def worth_of(self, c: str, on_sheet: int, mods: int) -> float:
        """Return a stock's worth: its price plus the dividends still to come at its square."""
        if self.v["dead"][c] == FALLEN:
            return 0.0
        base = base_price(on_sheet)
        value = base + CREDIT_STEP * mods
        if value <= 0 and on_sheet > 0:
            return 0.0
        return float(value + dividend_rate(base) * self.left)

    def score(self, cash: float, c: str | None = None, n: int = 0, shift: int = 0) -> float:
        """Return the broker's score after a trade of n stocks of c (negative: sold) and a ±2 shift.

        `cash` is the broker's cash after the play; every other seat's cash is unchanged.
        """
        assets, me = self.assets, self.me
        mine: float = assets[me] + (cash - self.v["cash"][me])
        if c is None:
            rivals = [assets[p] for p in self.others]
        else:
            now = self.worth_of(c, self.v["sheet"][c] - n, self.v["mods"][c] + shift)
            change, held = now - self.worths[c], self.held[c]
            mine += held[me] * change
            mine += n * now
            rivals = [assets[p] + held[p] * change for p in self.others]
        return mine - RIVAL_BEST * max(rivals) - (1 - RIVAL_BEST) * sum(rivals) / len(rivals)

    def acts_as(self, card: str) -> str:
        """Return the kind a card acts as: an anywhere trade once its own colour is untradeable."""
        own = card_colour(card)
        return "anywhere" if own is not None and not self.live(own) else kind(card)

    def trades(self, card: str, c: str, cash: float) -> list[tuple[str, float]]:
        """Return every trade a card allows on colour c, as (action, score), with `cash` after its cost."""
        k = self.acts_as(card)
        v = self.v
        if not self.live(c):
            return []
        on_sheet, mods = v["sheet"][c], v["mods"][c]
        at = base_price(on_sheet) + CREDIT_STEP * mods
        limit = LIMITS.get(k, STOCKS)
        out = []
        if k != "sellall":
            for n in range(1, min(limit, on_sheet, int(cash) // at) + 1):
                out.append((f"buy:{n}", self.score(cash - n * at, c, n)))
        if k != "buyall":
            for n in range(1, min(limit, v["holdings"][self.me][c]) + 1):
                out.append((f"sell:{n}", self.score(cash + n * at, c, -n)))
        return out

    def shifts(self, c: str, cash: float, allowed: Sequence[int] = (1, -1)) -> list[tuple[str, float]]:
        """Return the ±2 moves possible on colour c, as (credit action, score)."""
        mods = self.v["mods"][c]
        out = []
        for step in allowed:
            if self.live(c) and (mods * step < 0 or self.free > 0):
                name = "up" if step > 0 else "down"
                out.append((f"credit:{name}", self.score(cash, c, 0, step)))
        return out

    def plans(self, card: str, cash: float) -> list[Plan]:
        """Return every complete play of a card with `cash` before its cost, scored, less its keep value."""
        k = self.acts_as(card)
        own = card_colour(card)
        cost = COSTS[k]
        if cost > cash:
            return []
        left = cash - cost
        keep = KEEP[kind(card)]
        start = [f"play:{card}"]
        out: list[Plan] = []
        if k in ("confusion", "fairy"):
            return [Plan(start, self.score(left) + SHUFFLE_HOPE - keep)]
        if k in ("up", "down") and own is not None:
            return [Plan(start, s - keep) for _, s in self.shifts(own, left, (1 if k == "up" else -1,))]
        if k in ("basic", "double") and own is not None:
            return [Plan([*start, a], s - keep) for a, s in self.trades(card, own, left)]
        for c in self.colours:
            moves = self.shifts(c, left) if k == "credit" else self.trades(card, c, left)
            out += [Plan([*start, f"colour:{c}", a], s - keep) for a, s in moves]
        return out

    def discards(self, card: str) -> list[Plan]:
        """Return discarding a card, alone or with the sale of one stock of each colour held."""
        cash = float(self.v["cash"][self.me])
        keep = KEEP[kind(card)]
        out = [Plan([f"discard:{card}"], self.score(cash) - keep)]
        for c in self.colours:
            if self.live(c) and self.v["holdings"][self.me][c] > 0:
                at = self.v["prices"][c]
                out.append(Plan([f"discard:{card}:{c}"], self.score(cash + at, c, -1) - keep))
        return out

    def best_start(self, forced: bool, legal: Sequence[str]) -> list[Plan]:
        """Return the plans for a turn's start (or a forced play), best first; a loan first where it helps."""
        v = self.v
        cash = float(v["cash"][self.me])
        cards = list(dict.fromkeys(v["hand"]))
        plans = [p for card in cards for p in self.plans(card, cash)]
        if not forced:
            plans += [p for card in cards for p in self.discards(card)]
        if "loan" in legal and v["ious"][self.me] < MAX_IOUS:
            for card in cards:  # the loan's 10 is in the plan's cash; paying it back later costs 20
                for p in self.plans(card, cash + LOAN):
                    if p.actions[-1].startswith("buy:"):
                        plans.append(Plan(["loan", *p.actions], p.score - REPAY))
        plans.sort(key=lambda p: -p.score)
        return plans


class BrokerBot:
    """A Stock Trader bot that scores every complete play on the market it would leave."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the first step of the best plan, or the step of the card under way that scores best."""
        if len(legal) == 1:
            return legal[0]
        return ranked(game.view(state, player), legal)[0]


def ranked(v: View, legal: Sequence[Action]) -> list[Action]:
    """Return the broker's distinct first steps, best first (every one in `legal`)."""
    market = Market(v)
    step = v["step"]
    allowed = set(legal)
    if "repay" in allowed and step == END:
        return ["repay"]
    if step == TRIM:  # down to the hand's size: the cards least worth keeping go first
        drops = [a for a in legal if a.startswith("drop:")]
        return sorted(drops, key=lambda a: KEEP[kind(a[5:])])
    if step in (MAIN, FORCE):
        plans = market.best_start(step == FORCE, legal)
        firsts = [p.actions[0] for p in plans if p.actions[0] in allowed]
        out = list(dict.fromkeys(firsts))
        return out or [legal[0]]
    cash = float(v["cash"][market.me])
    card = v["card"]
    if step == COLOUR:
        k = market.acts_as(card)
        scores: dict[str, float] = {}
        for c in market.colours:
            if f"colour:{c}" in allowed:
                moves = market.shifts(c, cash) if k == "credit" else market.trades(card, c, cash)
                scores[f"colour:{c}"] = max((s for _, s in moves), default=-1e9)
        return sorted(scores, key=lambda a: -scores[a])
    if step in (TRADE, CREDIT):
        c = v["colour"]
        moves = market.shifts(c, cash) if step == CREDIT else market.trades(card, c, cash)
        return [a for a, _ in sorted(moves, key=lambda m: -m[1]) if a in allowed] or [legal[0]]
    return ["end"] if "end" in allowed else [legal[0]]


PLANNER_CANDIDATES = 4  # the broker's best first steps the planner compares


class PlannerBot(SearchBot):
    """Flat Monte Carlo over the broker's best first steps, brokers rolling out every seat."""

    def __init__(self, samples: int, horizon: int) -> None:
        """Search `samples` worlds per decision, rollouts of at most `horizon` actions by brokers."""
        super().__init__(BrokerBot, samples, horizon)

    def candidates(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Sequence[Action]:
        """Return the broker's best first steps; outside a card's first step, only its best."""
        options = ranked(game.view(state, player), legal)
        return options[:PLANNER_CANDIDATES] if state["step"] in (MAIN, FORCE) else options[:1]


__all__ = ["BrokerBot", "PlannerBot", "ranked"]
