"""Value Scale bots: an appraiser that prices every lot for every seat, and a planner that searches.

The appraiser reads its own view, which shows every seat's coins as a careful player counts them (see
assumption A9 of docs/rules/value_scale.md). It values a lot for each seat as the points it would add:
goods by how the stack's score changes (plus a share of the best cap still to come), a surge card by the
seat's coins of that currency. Every decision compares the lead it expects over the best rival: its own
points minus the best other seat's, where a price paid costs the payer its cheapest coins and is shared
out among the others.

- Open auction: raise by one while winning at that price leads better than the likely rival winning.
- Sealed bid: rivals are taken to bid between half and most of their worth of the lot; it bids the
  count with the best expected lead, in its cheapest coins.
- Crash auctions: a seat takes the card once the middle is worth more than the coins it loses (its
  exposure), or when the next rivals would take it first; sealed, it bids nothing when the card costs it
  little and enough to stay above the seats likely to take it otherwise.
- As dealer it offers the lot (and names the starter) whose predicted auction leads best for it.

The planner searches (flat Monte Carlo over determinisations, `SearchBot`) a few candidate actions around
the appraiser's choice, with appraisers playing every seat in rollouts that finish the auction under way.
"""

from collections.abc import Sequence

from ...bots.search import SearchBot
from ...engine import Action, Game, Player, Rng, State, View
from .rules import (
    AUCTION,
    CRASH_CARDS,
    CRASH_OPEN,
    CRASH_SEALED,
    CURRENCIES,
    GOODS,
    GOODS_DECK,
    OFFER,
    PAY,
    PICK,
    REST,
    SEALED,
    START,
    SURGE_CARDS,
    SURGE_VALUES,
    card_value,
    cheapest,
    comp_text,
    currency,
    good,
    goods_score,
    icons,
    is_goods,
    offers,
    stack_with,
)

CAP_HOPE = 0.3  # share of the best unseen cap's extra value a stack counts on, with the whole deck to come
RIVAL_LOW = 0.4  # a rival's sealed bid is taken to lie between this share of its worth of the lot...
RIVAL_HIGH = 0.9  # ...and this share (never more than its coins)
DENY = 0.5  # weight of what a coin is worth to the rival who would take it next, when picking or paying
COMPOSED = (PAY, SEALED, CRASH_SEALED)  # phases whose actions the appraiser composes from coins
REST_PICK = f"pick:{REST}"  # the standing order to take the rest in order (A13), left to people
EXPOSURE_BID = 0.5  # a rival's sealed crash bid is taken to be about this share of its exposure


class Appraisal:
    """What the appraiser knows at a decision: the public table and every seat's counted coins."""

    def __init__(self, v: View) -> None:
        self.v = v
        self.n: int = v["players"]
        self.me: Player = v["viewer"]
        self.coins: list[list[int]] = v["coins"]
        self.values: list[list[int]] = v["values"]
        seen = set(v["row"]) | set(v["lot"]) | set(v["box"])
        seen |= {c for stacks in v["stacks"] for st in stacks for c in st}
        to_come = [c for c in GOODS_DECK if c not in seen] + [c for c in v["row"] if is_goods(c)]
        self.caps = {g: max((card_value(c) for c in to_come if good(c) == g), default=0) for g in GOODS}
        self.hope: float = CAP_HOPE * v["deck"] / max(1, v["deck"] + len(v["row"]))
        self.gains: dict[tuple[Player, tuple[str, ...]], float] = {}
        self.points = [self.worth(p, v["stacks"][p]) + self.purse(p) for p in range(self.n)]

    def purse(self, p: Player, coins: Sequence[int] | None = None) -> float:
        """Return what coins are worth to seat p (its counted coins if none are given)."""
        held = self.coins[p] if coins is None else coins
        return float(sum(k * x for k, x in zip(held, self.values[p], strict=True)))

    def stack_worth(self, stack: Sequence[str], g: str) -> float:
        """Return a stack's points plus the hoped-for share of a better cap still to come."""
        if not stack:
            return 0.0
        total = sum(icons(c) for c in stack)
        lift = max(0, self.caps[g] - card_value(stack[-1]))
        return goods_score(stack) + self.hope * total * lift

    def worth(self, p: Player, stacks: Sequence[Sequence[str]]) -> float:
        """Return seat p's goods points with hope."""
        return sum(self.stack_worth(st, g) for st, g in zip(stacks, GOODS, strict=True))

    def gain(self, p: Player, lot: Sequence[str]) -> float:
        """Return the points lot adds for seat p: goods on its stacks, surges on its coins."""
        key = (p, tuple(lot))
        if key not in self.gains:
            self.gains[key] = self._gain(p, lot)
        return self.gains[key]

    def _gain(self, p: Player, lot: Sequence[str]) -> float:
        """Return the points lot adds for seat p, worked out."""
        out = 0.0
        for i, g in enumerate(GOODS):
            cards = [c for c in lot if is_goods(c) and good(c) == g]
            if cards:
                old = self.v["stacks"][p][i]
                out += self.stack_worth(stack_with(old, cards), g) - self.stack_worth(old, g)
        for card in lot:
            if card in SURGE_CARDS:
                c = currency(card)
                i = CURRENCIES.index(c)
                if c not in self.v["crashes"][p] and c not in self.v["surges"][p]:
                    out += self.coins[p][i] * (SURGE_VALUES[c] - 1)
        return out

    def cost(self, p: Player, price: int) -> float:
        """Return what paying `price` of its cheapest coins costs seat p."""
        return self.purse(p, cheapest(self.coins[p], self.values[p], price))

    def lead(self, totals: Sequence[float]) -> float:
        """Return my total minus the best other seat's."""
        return totals[self.me] - max(t for p, t in enumerate(totals) if p != self.me)

    def lead_if(self, winner: Player | None, lot: Sequence[str], price: int) -> float:
        """Return my lead if `winner` (None: nobody) takes the lot for `price`, paid out to the others."""
        totals = list(self.points)
        if winner is not None:
            totals[winner] += self.gain(winner, lot) - self.cost(winner, price)
            share = price / (self.n - 1)
            for p in range(self.n):
                if p != winner:
                    totals[p] += share
        return self.lead(totals)

    def ceiling(self, p: Player, lot: Sequence[str]) -> int:
        """Return the most seat p would pay for the lot: its worth, within its coins."""
        return max(0, min(sum(self.coins[p]), int(self.gain(p, lot))))

    # -- Open auction

    def open_move(self, legal: Sequence[Action]) -> Action:
        """Return `bid:<high+1>` while winning at that price leads better than the likely rival winning."""
        v = self.v
        lot, high = v["lot"], v["high"]
        step = f"bid:{high + 1}"
        if step not in legal:
            return "drop"
        rivals = [q for q in range(self.n) if q != self.me and q not in v["out"]]
        top = v["leader"] if v["leader"] in rivals else None
        if top is None and rivals:
            best = max(rivals, key=lambda q: self.gain(q, lot))
            top = best if self.gain(best, lot) > 0 else None
        keep = self.lead_if(top, lot, max(high, 0))
        return step if self.lead_if(self.me, lot, high + 1) > keep else "drop"

    # -- Sealed bid

    def sealed_count(self) -> int:
        """Return the count of coins with the best expected lead against rivals bidding within their worth."""
        lot = self.v["lot"]
        order = [(self.v["dealer"] + k) % self.n for k in range(self.n)]
        ranges = {}
        for q in range(self.n):
            if q != self.me:
                top = self.ceiling(q, lot)
                ranges[q] = (int(top * RIVAL_LOW), int(top * RIVAL_HIGH))
        tops = [q for q in ranges if ranges[q][1] > 0]
        if tops:
            top = max(tops, key=lambda q: sum(ranges[q]))
            lose = self.lead_if(top, lot, sum(ranges[top]) // 2)
        else:
            lose = self.lead_if(None, lot, 0)
        mine = order.index(self.me)
        best, best_x = lose, 0
        for x in range(1, sum(self.coins[self.me]) + 1):
            chance = 1.0
            for q, (lo, hi) in ranges.items():
                beaten = (min(hi, x) if order.index(q) > mine else min(hi, x - 1)) - lo + 1
                chance *= max(0, min(beaten, hi - lo + 1)) / (hi - lo + 1)
            expected = chance * self.lead_if(self.me, lot, x) + (1 - chance) * lose
            if expected > best:
                best, best_x = expected, x
            if chance >= 1.0:
                break
        return best_x

    # -- Coins: paying and picking

    def coin_cost(self, p: Player) -> list[float]:
        """Return what one coin of each currency costs seat p to hand over: its worth to p and to rivals."""
        out = []
        for i in range(len(CURRENCIES)):
            rival = max(self.values[q][i] for q in range(self.n) if q != p)
            out.append(self.values[p][i] + DENY * (rival - 1) / (self.n - 1))
        return out

    def payment(self, price: int, without: str | None = None) -> list[int]:
        """Return the mix of `price` coins that costs me least to hand over (none of `without`)."""
        held = [0 if c == without else k for c, k in zip(CURRENCIES, self.coins[self.me], strict=True)]
        return cheapest(held, self.coin_cost(self.me), price)

    def pick(self, legal: Sequence[Action]) -> Action:
        """Return the coin worth most to me, counting what it would be worth to the next rival to pick."""
        queue = self.v["queue"]
        nxt = next((q for q in queue[1:] if q != self.me), None)

        def appeal(a: Action) -> float:
            i = CURRENCIES.index(a[5:])
            deny = 0.0 if nxt is None else self.values[nxt][i] - 1
            return self.values[self.me][i] + DENY * deny + 0.01 * i

        return max(legal, key=appeal)

    # -- Crash auctions

    def simulate_crash(
        self, c: str, start: Player, coins: list[list[int]], pot: Sequence[int]
    ) -> tuple[Player, list[list[int]]]:
        """Return who takes the crash card of c and every seat's coins after, if all play the simple rule.

        The rule: from `start`, clockwise, a seat takes once the middle is worth at least its exposure (or
        it has no other coin), else pays its cheapest other coin.
        """
        coins = [list(k) for k in coins]
        middle = list(pot)
        i = CURRENCIES.index(c)
        seat = start
        while True:
            held = coins[seat]
            payable = [0 if j == i else k for j, k in enumerate(held)]
            value = sum(k * x for k, x in zip(middle, self.values[seat], strict=True))
            if not sum(payable) or value >= held[i] * self.values[seat][i]:
                coins[seat] = [k + x for k, x in zip(held, middle, strict=True)]
                return seat, coins
            j = min((j for j in range(len(CURRENCIES)) if payable[j]), key=lambda j: self.values[seat][j])
            held[j] -= 1
            middle[j] += 1
            seat = (seat + 1) % self.n

    def crash_lead(self, c: str, taker: Player, coins: Sequence[Sequence[int]]) -> float:
        """Return my lead when every seat ends with `coins` and `taker` holds the crash card of c."""
        i = CURRENCIES.index(c)
        totals = list(self.points)
        for p in range(self.n):
            values = [0 if p == taker and j == i else x for j, x in enumerate(self.values[p])]
            totals[p] += sum(k * x for k, x in zip(coins[p], values, strict=True)) - self.purse(p)
        return self.lead(totals)

    def crash_move(self, legal: Sequence[Action]) -> Action:
        """Return take or a coin, whichever leads better if everyone then plays the simple rule."""
        c = currency(self.v["lot"][0])
        pot = self.v["pot"]
        now = [list(k) for k in self.coins]
        now[self.me] = [k + x for k, x in zip(now[self.me], pot, strict=True)]
        take_lead = self.crash_lead(c, self.me, now)
        mix = self.payment(1, without=c)
        coins = [list(k) for k in self.coins]
        coins[self.me] = [k - x for k, x in zip(coins[self.me], mix, strict=True)]
        after = [k + x for k, x in zip(pot, mix, strict=True)]
        taker, final = self.simulate_crash(c, (self.me + 1) % self.n, coins, after)
        coin = f"coin:{CURRENCIES[mix.index(1)]}"
        return "take" if take_lead >= self.crash_lead(c, taker, final) else coin

    def sealed_crash_count(self) -> int:
        """Return the coins to pay against the crash card: the best count against rivals' guessed bids."""
        c = currency(self.v["lot"][0])
        i = CURRENCIES.index(c)
        n = self.n
        order = [(self.v["dealer"] - 1 - k) % n for k in range(n)]
        guesses = {}
        for q in range(n):
            if q != self.me:
                payable = sum(self.coins[q]) - self.coins[q][i]
                guesses[q] = min(payable, round(self.exposure(q, c) * EXPOSURE_BID))
        payable = sum(self.coins[self.me]) - self.coins[self.me][i]
        best, best_x = float("-inf"), 0
        for x in range(payable + 1):
            lead = 0.0
            for shift in (-1, 0, 1):
                bids = {
                    q: max(0, min(b + shift, sum(self.coins[q]) - self.coins[q][i]))
                    for q, b in guesses.items()
                }
                bids[self.me] = x
                least = min(bids.values())
                taker = next(p for p in order if bids[p] == least)
                coins = [list(k) for k in self.coins]
                total = [0] * len(CURRENCIES)
                for p, b in bids.items():
                    held = [0 if j == i else k for j, k in enumerate(coins[p])]
                    mix = cheapest(held, self.values[p], b)
                    coins[p] = [k - m for k, m in zip(coins[p], mix, strict=True)]
                    total = [t + m for t, m in zip(total, mix, strict=True)]
                coins[taker] = [k + t for k, t in zip(coins[taker], total, strict=True)]
                lead += self.crash_lead(c, taker, coins)
            if lead > best:
                best, best_x = lead, x
        return best_x

    def exposure(self, p: Player, c: str) -> float:
        """Return what seat p loses by taking the crash card of currency c."""
        i = CURRENCIES.index(c)
        return float(self.coins[p][i] * self.values[p][i])

    # -- The dealer

    def predict(self, lot: Sequence[str], start: Player) -> float:
        """Return my lead after the auction of `lot` goes as predicted (crash auctions from `start`)."""
        if lot[0] in CRASH_CARDS:
            c = currency(lot[0])
            taker, coins = self.simulate_crash(c, start, self.coins, [0] * len(CURRENCIES))
            return self.crash_lead(c, taker, coins)
        ceilings = sorted(((self.ceiling(p, lot), -p, p) for p in range(self.n)), reverse=True)
        top, second = ceilings[0], ceilings[1]
        if top[0] <= 0 and self.gain(top[2], lot) <= 0:
            return self.lead_if(None, lot, 0)
        return self.lead_if(top[2], lot, second[0])

    def offer(self) -> tuple[str, float]:
        """Return the offer whose predicted auction leads best for me, and that lead."""
        start = (self.me + 1) % self.n
        scored = [(self.predict(o.split("+"), start), -k, o) for k, o in enumerate(offers(self.v["row"]))]
        best = max(scored)
        return best[2], best[0]

    def starter(self, legal: Sequence[Action]) -> Action:
        """Return the starter: for a crash card the one whose predicted auction leads best; else my left."""
        lot = self.v["lot"]
        if lot[0] not in CRASH_CARDS:
            return f"start:{(self.me + 1) % self.n}"
        return max(legal, key=lambda a: (self.predict(lot, int(a[6:])), -int(a[6:])))


def appraisal(game: Game, state: State, player: Player) -> Appraisal:
    """Return the appraiser's knowledge of the state for `player`."""
    return Appraisal(game.view(state, player))


class AppraiserBot:
    """A Value Scale bot that prices each lot for every seat and plays for the lead."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the offer, starter, bid, payment, pick or crash move the appraisal favours."""
        if len(legal) == 1:
            return legal[0]
        a = appraisal(game, state, player)
        phase = state["phase"]
        if phase == OFFER:
            return "offer:" + a.offer()[0]
        if phase == START:
            return a.starter(legal)
        if phase == AUCTION:
            return a.open_move(legal)
        if phase == PAY:
            return "pay:" + comp_text(a.payment(state["high"]))
        if phase == PICK:
            return a.pick([x for x in legal if x != REST_PICK])
        if phase == CRASH_OPEN:
            return a.crash_move(legal)
        if phase == SEALED:
            return "seal:" + comp_text(a.payment(a.sealed_count()))
        if phase == CRASH_SEALED:
            c = currency(state["lot"][0])
            return "seal:" + comp_text(a.payment(a.sealed_crash_count(), without=c))
        return legal[0]


def candidates(game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Return the few actions the planner compares: the appraiser's choice and its neighbours (never the
    standing order `pick:rest`, a person's shortcut for single picks the bots weigh one by one)."""
    legal = [a for a in legal if a != REST_PICK]
    if len(legal) <= 6:
        return list(legal)
    pick = AppraiserBot().choose(game, state, player, legal, rng)
    phase = state["phase"]
    wanted = [pick]
    if phase == AUCTION:
        wanted += ["drop", f"bid:{state['high'] + 1}", f"bid:{state['high'] + 3}"]
    elif phase in (SEALED, CRASH_SEALED):
        a = appraisal(game, state, player)
        without = currency(state["lot"][0]) if phase == CRASH_SEALED else None
        x = sum(map(int, pick[5:].split(".")))
        for y in (0, x - 2, x - 1, x + 1, x + 2, x + 4):
            if y >= 0:
                wanted.append("seal:" + comp_text(a.payment(y, without)))
    allowed = set(legal)
    return [x for x in dict.fromkeys(wanted) if x in allowed]


class PlannerBot(SearchBot):
    """Flat Monte Carlo over the appraiser's candidate actions, appraisers rolling out every seat.

    In a sampled world the other seats' sealed bids are taken back, so the rollout appraisers bid them
    from their own views rather than at random.
    """

    def __init__(self, samples: int, horizon: int) -> None:
        """Search `samples` worlds per decision, rollouts of at most `horizon` auctions by appraisers."""
        super().__init__(AppraiserBot, samples, horizon)

    def candidates(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Sequence[Action]:
        """Return the appraiser's choice and its neighbours (`candidates`)."""
        return candidates(game, state, player, legal, rng)

    def sample(self, game: Game, state: State, player: Player, rng: Rng) -> State:
        """Return a sampled world with the other seats' sealed bids taken back, to be bid again."""
        world = game.determinize(state, player, rng)
        if world["phase"] in (SEALED, CRASH_SEALED):
            world["bids"] = [b if p == player else None for p, b in enumerate(world["bids"])]
        return world

    def value(self, game: Game, state: State, player: Player, rng: Rng) -> float:
        """Return the seat's lead once `horizon` more auctions have finished (or the game is over)."""
        bots = [self.rollout() for _ in range(state["players"])]
        stop = state["auctions"] + self.horizon + (state["phase"] != OFFER)
        while (acting := game.to_act(state)) and state["auctions"] < stop:
            seat = acting[0]
            # The appraiser composes coins without the list of every mix, the slowest part of a rollout.
            legal = () if state["phase"] in COMPOSED else game.legal_actions(state, seat)
            action = bots[seat].choose(game, state, seat, legal, rng)
            state = game.transition(state, seat, action)
        scores = list(game.estimate(state))
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)


__all__ = ["AppraiserBot", "PlannerBot", "candidates"]
