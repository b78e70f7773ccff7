"""Virus Money (ウィルス・マネー, 彩彩工房 / ホリグチヒロシ, 2018): auctions, production, hidden roles.

Every tunable number of the game lives in the constants block below, once.
Seats 0..n-1 sit clockwise and play the colours of `SEAT_COLOURS` (3 players: no yellow).
A piece count is a list of four numbers in the order of `COLOURS` (red, yellow, green, blue).

Actions are short strings (also the `data-action` of the board):

- ``join``        auction: put one piece of your colour by the card turned up (you take part)
- ``pass``        auction: stay out (when joining), or add nothing this time round (when raising)
- ``raise:<n>``   auction: bring your bid up to n pieces of your colour, more than the highest bid
- ``use:<card>``  expansion: choose a trade card you won to use; its cost is then paid piece by piece
- ``pay:<c>``     expansion: pay one piece of colour c (R, Y, G or B) towards the card being used
- ``done``        expansion: use no more cards; the ones left unused are set aside

The expansion is secret and simultaneous: every seat with a card it can pay for chooses at once (each
is in `to_act`), its choices held in its `plans` entry, seen by nobody else; once all have said ``done``
the plans are revealed and carried out together.

A card is a kind id: ``R3`` (cost 1, three red), ``R2G2`` (cost 2, two red and two green),
``R1G4`` (cost 3, one red and four green); ``R2G2b`` and ``Y2B2b`` are the second faces of two
2/2 kinds (assumption A1 in docs/rules/virus_money.md).

>>> from pygame_core.engine import Rng
>>> s = VIRUS_MONEY.new_state(4, Rng(1), {})
>>> VIRUS_MONEY.to_act(s), s["phase"], len(s["deck"]), s["card"] is not None
((0,), 'join', 39, True)
>>> round_scores([[6, 9, 3, 6]], [0], None)
([2100], [2100], [0])
"""

from collections.abc import Mapping
from functools import cache
from itertools import combinations, permutations
from types import MappingProxyType
from typing import Any, ClassVar, Final

from ...engine import Game, Options, Outcome, Player, Rng, State, View

# The rules' numbers, all in one place.
COLOURS: Final = ("R", "Y", "G", "B")
SEAT_COLOURS: Final = {3: (0, 2, 3), 4: (0, 1, 2, 3)}  # 3 players: nobody plays yellow
PIECES_PER_COLOUR: Final = 60  # in the box, per colour
START_PIECES: Final = 20  # of your own colour, at the start of every round
OWN_VALUE: Final = 50  # points per piece of your own colour
OTHER_VALUE: Final = 100  # points per piece of another colour
VIRUS_VALUE: Final = 100  # points per piece of virus money (the virus player's gain, the others' loss)
ROUNDS: Final = 3
TARGET_CARDS: Final = 3  # the auctions end once everyone holds this many cards (see A3 for other ends)
NORMAL, VIRUS = "normal", "virus"
CAST: Final = (NORMAL, NORMAL, NORMAL, NORMAL, VIRUS)  # the cast cards; each seat draws one
COPIES: Final = {1: 3, 2: 2, 3: 1}  # copies of each kind, by cost (assumption A1)
SUSPICION: Final = CAST.count(VIRUS) / (len(CAST) - 1)  # a normal player's chance that a given other is virus


def _kinds() -> dict[str, tuple[int, str]]:
    """Return the trade-card kinds: id -> (cost, the colours of the pieces it makes, one letter each)."""
    out: dict[str, tuple[int, str]] = {}
    for c in COLOURS:
        out[f"{c}3"] = (1, c * 3)
    for a, b in combinations(COLOURS, 2):
        out[f"{a}2{b}2"] = (2, a * 2 + b * 2)
    out["R2G2b"] = (2, "RRGG")  # second faces of two 2/2 kinds (A1)
    out["Y2B2b"] = (2, "YYBB")
    for a, b in permutations(COLOURS, 2):
        out[f"{a}1{b}4"] = (3, a + b * 4)
    return out


KINDS: Final = MappingProxyType(_kinds())  # 24 kinds
CARDS: Final = tuple(k for k, (cost, _) in KINDS.items() for _ in range(COPIES[cost]))  # 40 cards

JOIN, RAISE, EXPAND, OVER = "join", "raise", "expand", "over"
ENDS: Final = ("cards", "pieces", "deck")  # why an auction phase ended (A3)


def cost(card: str) -> int:
    """Return the number of pieces (any colours) it takes to use a card."""
    return KINDS[card][0]


@cache  # the bots ask millions of times (projected_scores)
def production(card: str) -> tuple[int, ...]:
    """Return the pieces a card makes, counted by colour."""
    made = KINDS[card][1]
    return tuple(made.count(c) for c in COLOURS)


def deck_for(players: int) -> list[str]:
    """Return the cards in play: all 40 with four players; with three, the 23 that show no yellow."""
    used = {COLOURS[c] for c in SEAT_COLOURS[players]}
    return sorted(c for c in CARDS if set(KINDS[c][1]) <= used)


def colour_of(state: State, player: Player) -> int:
    """Return the index in COLOURS of a seat's own colour."""
    colour: int = SEAT_COLOURS[state["players"]][player]
    return colour


def round_scores(
    holdings: list[list[int]], own: list[int], virus: Player | None
) -> tuple[list[int], list[int], list[int]]:
    """Return each seat's provisional score, final score and virus money held, for the pieces they hold.

    Provisional: 50 per piece of one's own colour, 100 per other piece. The virus player (if any)
    scores 100 for every piece of its colour the others hold; each other seat loses 100 for each.
    """
    n = len(holdings)
    provisional = [
        sum(k * (OWN_VALUE if c == own[p] else OTHER_VALUE) for c, k in enumerate(holdings[p]))
        for p in range(n)
    ]
    if virus is None:
        return provisional, list(provisional), [0] * n
    bad = own[virus]
    money = [0 if p == virus else holdings[p][bad] for p in range(n)]
    finals = [
        VIRUS_VALUE * sum(money) if p == virus else provisional[p] - VIRUS_VALUE * money[p] for p in range(n)
    ]
    return provisional, finals, money


def ranking_key(total: int, virus_points: int) -> tuple[int, int]:
    """Return a seat's standing: higher total first, then fewer points earned as the virus player."""
    return total, -virus_points


def can_join(state: State, player: Player) -> bool:
    """Return whether a seat has a piece of its colour to join an auction with."""
    return bool(state["pieces"][player][colour_of(state, player)] > 0)


def highest(state: State) -> int:
    """Return the highest bid in the auction under way (0 if none)."""
    return max((b for b in state["bids"] if b is not None), default=0)


def leader(state: State) -> Player | None:
    """Return the one seat holding the highest bid, or None if nobody bid or the highest bids tie."""
    top = highest(state)
    at_top = [p for p, b in enumerate(state["bids"]) if b is not None and b == top]
    return at_top[0] if top > 0 and len(at_top) == 1 else None


def max_bid(state: State, player: Player) -> int:
    """Return the most a seat can bid in total: its bid so far plus its pieces of its colour in hand."""
    bid = state["bids"][player] or 0
    total: int = bid + state["pieces"][player][colour_of(state, player)]
    return total


def can_raise(state: State, player: Player) -> bool:
    """Return whether a joined seat that does not lead alone can bid more than the highest bid."""
    return player != leader(state) and max_bid(state, player) > highest(state)


def chosen(plan: Mapping[str, Any]) -> list[str]:
    """Return the cards an expansion plan uses, the one being paid for last."""
    cards = [card for card, _ in plan["uses"]]
    return [*cards, plan["paying"]["card"]] if plan["paying"] is not None else cards


def spent(plan: Mapping[str, Any]) -> list[int]:
    """Return the pieces an expansion plan has paid so far, counted by colour."""
    paid = "".join(p for _, p in plan["uses"]) + (
        plan["paying"]["paid"] if plan["paying"] is not None else ""
    )
    return [paid.count(c) for c in COLOURS]


def available(state: State, player: Player) -> list[int]:
    """Return a seat's pieces less those its expansion plan has paid so far."""
    plan = state["plans"][player]
    paid = spent(plan) if plan is not None else [0] * len(COLOURS)
    return [a - b for a, b in zip(state["pieces"][player], paid, strict=True)]


def unchosen(hand: list[str], plan: Mapping[str, Any] | None) -> list[str]:
    """Return the cards of a hand that its plan does not use."""
    left = list(hand)
    for card in chosen(plan) if plan is not None else []:
        left.remove(card)
    return left


def affordable(state: State, player: Player) -> list[str]:
    """Return the distinct cards a seat holds and has not chosen whose cost its unpaid pieces cover."""
    held = sum(available(state, player))
    return sorted({c for c in unchosen(state["hands"][player], state["plans"][player]) if cost(c) <= held})


def auction_over(state: State) -> str | None:
    """Return why the auction phase ends now (A3), or None if another card is turned.

    It ends when everyone holds 3 cards, when each seat below 3 cards has no piece of its colour left
    to join with (no such piece can come back before the expansion), or when the deck is empty.
    """
    n = state["players"]
    short = [p for p in range(n) if len(state["hands"][p]) < TARGET_CARDS]
    if not short:
        return "cards"
    if not any(can_join(state, p) for p in short):
        return "pieces"
    if not state["deck"]:
        return "deck"
    return None


def virus_seat(roles: list[str]) -> Player | None:
    """Return the seat that drew the virus cast card, if any did."""
    return roles.index(VIRUS) if VIRUS in roles else None


class VirusMoney(Game):
    """The rules of Virus Money."""

    id = "virus_money"
    name = "Virus Money"
    min_players = 3
    max_players = 4
    default_options: ClassVar[Mapping[str, Any]] = MappingProxyType({})

    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the state of the first round's first auction, its card turned up."""
        state: State = {
            "players": players,
            "round": 0,
            "phase": JOIN,
            "starter": players - 1,
            "opener": 0,
            "roles": [NORMAL] * players,
            "deck": [],
            "removed": [],
            "card": None,
            "pieces": [[0] * len(COLOURS) for _ in range(players)],
            "supply": [PIECES_PER_COLOUR] * len(COLOURS),
            "bids": [None] * players,
            "queue": [],
            "passes": [],
            "actor": None,
            "hands": [[] for _ in range(players)],
            "joined": [0] * players,
            "stayed": [0] * players,
            "plans": [None] * players,
            "ready": [False] * players,
            "ended": None,
            "history": [],
            "totals": [0] * players,
            "virus_points": [0] * players,
            "events": [],
            "rng": rng.state,
        }
        _new_round(state)
        return state

    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the seat to join or raise; in the expansion every seat still choosing, from the starter."""
        phase = state["phase"]
        if phase in (JOIN, RAISE):
            return (state["actor"],)
        if phase == EXPAND:
            return tuple(p for p in state["queue"] if not state["ready"][p])
        return ()

    def legal_actions(self, state: State, player: Player) -> list[str]:
        """Return every legal action of `player` now, in a stable order."""
        if player not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == JOIN:
            return ["join", "pass"]
        if phase == RAISE:
            return [f"raise:{x}" for x in range(highest(state) + 1, max_bid(state, player) + 1)] + ["pass"]
        if state["plans"][player]["paying"] is not None:
            return [f"pay:{COLOURS[c]}" for c, k in enumerate(available(state, player)) if k > 0]
        return [f"use:{c}" for c in affordable(state, player)] + ["done"]

    def transition(self, state: State, player: Player, action: str) -> State:
        """Return the state after a legal action."""
        s = _fork(state)
        s["events"] = []
        verb, _, arg = action.partition(":")
        if s["phase"] == JOIN:
            if verb == "join":
                s["bids"][player] = 1
                s["pieces"][player][colour_of(s, player)] -= 1
                s["joined"][player] += 1
                s["events"].append({"e": "join", "p": player})
            else:
                s["stayed"][player] += 1
                s["events"].append({"e": "stay", "p": player})
            s["queue"].pop(0)
            _next_joiner(s)
        elif s["phase"] == RAISE:
            if verb == "raise":
                to = int(arg)
                s["pieces"][player][colour_of(s, player)] -= to - s["bids"][player]
                s["bids"][player] = to
                s["passes"] = []
                s["events"].append({"e": "raise", "p": player, "to": to})
            else:
                s["passes"] = [*s["passes"], player]
                s["events"].append({"e": "pass", "p": player})
            _next_raiser(s, player)
        elif verb == "use":
            s["plans"][player]["paying"] = {"card": arg, "left": cost(arg), "paid": ""}
        elif verb == "pay":
            _pay(s["plans"][player], arg)
        else:
            s["ready"][player] = True
            s["events"].append({"e": "ready", "p": player})
            if all(s["ready"]):
                _reveal(s)
        return s

    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may see (None: the table): every piece and card, but only one's own role
        and, in the expansion, only one's own plan (`plans`: None for the others; `ready` is public).

        `joined` and `stayed` count, per seat, the auctions of this round it joined and stayed out of:
        public at the table, and what a player reads the others' roles from.
        """
        n = state["players"]
        out: View = {
            "game": self.id,
            "viewer": player,
            "players": n,
            "colours": [colour_of(state, p) for p in range(n)],
            "round": state["round"],
            "rounds": ROUNDS,
            "phase": state["phase"],
            "to_act": list(self.to_act(state)),
            "starter": state["starter"],
            "opener": state["opener"],
            "deck": len(state["deck"]),
            "removed": list(state["removed"]),
            "card": state["card"],
            "pieces": [list(x) for x in state["pieces"]],
            "supply": list(state["supply"]),
            "bids": list(state["bids"]),
            "queue": list(state["queue"]),
            "passes": list(state["passes"]),
            "leader": leader(state) if state["phase"] == RAISE else None,
            "hands": [list(h) for h in state["hands"]],
            "joined": list(state["joined"]),
            "stayed": list(state["stayed"]),
            "plans": [_copy_plan(x) if p == player else None for p, x in enumerate(state["plans"])],
            "ready": list(state["ready"]),
            "ended": state["ended"],
            "history": [_copy_round(r) for r in state["history"]],
            "totals": list(state["totals"]),
            "virus_points": list(state["virus_points"]),
            "events": [_copy_event(e) for e in state["events"]],
            "role": state["roles"][player] if player is not None else None,
            "result": None,
        }
        outcome = self.result(state)
        if outcome is not None:
            out["result"] = outcome.to_json()
        return out

    def result(self, state: State) -> Outcome | None:
        """Return the three rounds' totals and the winners once over (ties: fewer virus points first)."""
        if state["phase"] != OVER:
            return None
        keys = [ranking_key(t, v) for t, v in zip(state["totals"], state["virus_points"], strict=True)]
        best = max(keys)
        return Outcome(tuple(state["totals"]), tuple(p for p, k in enumerate(keys) if k == best))

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's total so far plus the round score its pieces and cards project to."""
        if state["phase"] == OVER:
            return tuple(float(t) for t in state["totals"])
        finals = projected_scores(state, state["roles"])
        return tuple(float(state["totals"][p] + finals[p]) for p in range(state["players"]))

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return the state with the deck reshuffled, the other seats' cast cards drawn anew, their secret
        expansion plans replaced (none yet while choosing, `guess_plan` once done) and a new RNG."""
        s = _fork(state)
        s["plans"] = [
            x if x is None or p == player else guess_plan(state, p) if state["ready"][p] else _no_plan()
            for p, x in enumerate(state["plans"])
        ]
        s["deck"] = rng.shuffled(sorted(state["deck"]))
        if state["phase"] != OVER:
            pool = list(CAST)
            pool.remove(state["roles"][player])
            others = rng.shuffled(sorted(pool))
            s["roles"] = [state["roles"][p] if p == player else others.pop() for p in range(state["players"])]
        s["rng"] = rng.next64()  # the next rounds' cast and deck are unknown too
        return s

    def why_illegal(self, state: State, player: Player, action: str) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        phase = state["phase"]
        if phase == JOIN:
            return "a card is up for auction: join with one piece of your colour, or pass"
        if phase == RAISE:
            top, most = highest(state), max_bid(state, player)
            if most <= top:
                return f"you cannot bid more than {top}: pass"
            return f"raise:<n> with n from {top + 1} to {most} (your bid plus your pieces), or pass"
        if state["plans"][player]["paying"] is not None:
            return "pay the card's cost one piece at a time: pay:<colour> of a colour you hold"
        return "use:<card> a card you won and can pay for, or done"


def projected_scores(t: Mapping[str, Any], roles: list[str]) -> list[int]:
    """Return each seat's round score if the auction under way were called off and all expanded greedily.

    `t` is a state or a view (its pieces, bids, hands, the expansion plans it can see and who is
    ready). Bids go back to their owners; a plan in sight is carried out (the card being paid for paid
    with the least valuable pieces) and, unless its seat is done, each normal seat then uses every
    other card whose pieces are worth more to it than its cost (own colour 50, others 75: each may be
    virus money), paying with its least valuable pieces; a normal seat whose plan is out of sight does
    so with all its cards; the virus seat adds none. The score is then counted with the given roles.
    """
    n = t["players"]
    own = list(SEAT_COLOURS[n])
    holdings = []
    for p in range(n):
        held = list(t["pieces"][p])
        if t["bids"][p] is not None:
            held[own[p]] += t["bids"][p]
        plan, made = t["plans"][p], [0] * len(COLOURS)
        if plan is not None:
            held = [a - b for a, b in zip(held, spent(plan), strict=True)]
            if plan["paying"] is not None:
                held = _pay_cheapest(held, plan["paying"]["left"], own[p])
            for card in chosen(plan):
                made = [m + k for m, k in zip(made, production(card), strict=True)]
        if roles[p] == NORMAL and not (plan is not None and t["ready"][p]):
            held, made = _greedy_expand(held, made, unchosen(t["hands"][p], plan), own[p])
        holdings.append([h + m for h, m in zip(held, made, strict=True)])
    return round_scores(holdings, own, virus_seat(roles))[1]


def guess_plan(state: State, player: Player) -> dict[str, Any]:
    """Return the plan a normal player makes from its pieces and cards: `projected_scores`'s greedy one."""
    own = colour_of(state, player)
    held = list(state["pieces"][player])
    uses = []
    for card in _worth_using(state["hands"][player], own):
        if sum(held) >= cost(card):
            after = _pay_cheapest(held, cost(card), own)
            uses.append([card, "".join(c * (a - b) for c, a, b in zip(COLOURS, held, after, strict=True))])
            held = after
    return {"uses": uses, "paying": None}


def belief_value(colour: int, own: int) -> float:
    """Return what a piece is worth to a normal player who does not know the virus: own 50, others 75."""
    return float(OWN_VALUE) if colour == own else OTHER_VALUE * (1 - SUSPICION)


@cache
def _cheapest_first(own: int) -> tuple[int, ...]:
    """Return the colours from the least valuable to a normal player of colour `own` to the most."""
    return tuple(sorted(range(len(COLOURS)), key=lambda c: belief_value(c, own)))


def _pay_cheapest(pieces: list[int], amount: int, own: int) -> list[int]:
    """Return the pieces left after paying `amount` of them, the least valuable (to a normal player) first."""
    held = list(pieces)
    for c in _cheapest_first(own):
        take = min(amount, held[c])
        held[c] -= take
        amount -= take
    return held


def _worth_using(cards: list[str], own: int) -> list[str]:
    """Return the cards worth more than their cost to a normal player, the best first."""
    return [c for c in sorted(cards, key=lambda c: (-card_gain(c, own), c)) if card_gain(c, own) > 0]


def _greedy_expand(
    held: list[int], made: list[int], cards: list[str], own: int
) -> tuple[list[int], list[int]]:
    """Return the pieces held and made after using every card worth more than its cost, the best first."""
    held, made = list(held), list(made)
    for card in _worth_using(cards, own):
        if sum(held) >= cost(card):
            held = _pay_cheapest(held, cost(card), own)
            made = [m + k for m, k in zip(made, production(card), strict=True)]
    return held, made


@cache
def card_gain(card: str, own: int) -> float:
    """Return what using a card is worth to a normal player paying with own pieces: made minus paid."""
    value = sum(k * belief_value(c, own) for c, k in enumerate(production(card)))
    return value - cost(card) * OWN_VALUE


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of an event whose lists can be changed freely."""
    return {
        k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
        for k, v in event.items()
    }


def _no_plan() -> dict[str, Any]:
    """Return an expansion plan with nothing chosen yet."""
    return {"uses": [], "paying": None}


def _copy_plan(plan: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return a copy of an expansion plan that can be changed freely."""
    if plan is None:
        return None
    paying = dict(plan["paying"]) if plan["paying"] is not None else None
    return {"uses": [list(u) for u in plan["uses"]], "paying": paying}


def _copy_round(record: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of a finished round's public record."""
    return _copy_event(record)


def _fork(state: State) -> State:
    """Return a copy of the state whose lists can be replaced or changed without touching the original."""
    s = dict(state)
    for key in (
        "roles",
        "deck",
        "removed",
        "supply",
        "bids",
        "queue",
        "passes",
        "totals",
        "virus_points",
        "history",
        "joined",
        "stayed",
        "ready",
    ):
        s[key] = list(state[key])
    for key in ("pieces", "hands"):
        s[key] = [list(x) for x in state[key]]
    s["plans"] = [_copy_plan(x) for x in state["plans"]]
    return s


def _new_round(s: State) -> None:
    """Start a round: 20 pieces of one's colour each, the cast cards drawn, the deck shuffled, a card up."""
    rng = Rng(s["rng"])
    n = s["players"]
    s["round"] += 1
    s["starter"] = (s["starter"] + 1) % n
    s["opener"] = s["starter"]
    s["roles"] = rng.shuffled(CAST)[:n]
    s["deck"] = rng.shuffled(deck_for(n))
    s["rng"] = rng.state
    s["pieces"] = [
        [START_PIECES if c == colour_of(s, p) else 0 for c in range(len(COLOURS))] for p in range(n)
    ]
    s["supply"] = [PIECES_PER_COLOUR - sum(x[c] for x in s["pieces"]) for c in range(len(COLOURS))]
    s["hands"] = [[] for _ in range(n)]
    s["plans"], s["ready"] = [None] * n, [False] * n
    s["joined"], s["stayed"] = [0] * n, [0] * n
    s["removed"], s["ended"] = [], None
    s["events"].append({"e": "round", "round": s["round"], "rounds": ROUNDS, "starter": s["starter"]})
    _turn_card(s)


def _turn_card(s: State) -> None:
    """Turn the deck's top card and ask the seats in turn from the opener whether they join."""
    s["card"] = s["deck"].pop()
    s["bids"] = [None] * s["players"]
    s["passes"] = []
    s["phase"] = JOIN
    n = s["players"]
    order = [(s["opener"] + k) % n for k in range(n)]
    s["queue"] = [p for p in order if can_join(s, p)]
    s["events"].append({"e": "card", "card": s["card"], "opener": s["opener"]})
    _next_joiner(s)


def _next_joiner(s: State) -> None:
    """Ask the next seat whether it joins; once all have answered, start the raising or settle."""
    if s["queue"]:
        s["actor"] = s["queue"][0]
        return
    joined = [p for p, b in enumerate(s["bids"]) if b is not None]
    if not joined:
        s["removed"] = [*s["removed"], s["card"]]
        s["events"].append({"e": "nobody", "card": s["card"]})
        _after_auction(s)
        return
    s["phase"] = RAISE
    n = s["players"]
    s["queue"] = [p for p in ((s["opener"] + k) % n for k in range(n)) if s["bids"][p] is not None]
    _next_raiser(s, None)


def _next_raiser(s: State, last: Player | None) -> None:
    """Give the turn to the next joined seat after `last` that has not passed since the last raise and
    can bid more; settle the auction when there is none."""
    order = s["queue"]
    start = order.index(last) + 1 if last is not None else 0
    for k in range(len(order)):
        p = order[(start + k) % len(order)]
        if p not in s["passes"] and can_raise(s, p):
            s["actor"] = p
            return
    _settle(s)


def _settle(s: State) -> None:
    """End an auction: a tie sets the card aside and sends every bid to the supply; otherwise the
    highest bidder pays its bid into the supply and takes the card and everyone else's bids."""
    winner = leader(s)
    bids = list(s["bids"])
    card = s["card"]
    if winner is None:
        for p, b in enumerate(bids):
            if b is not None:
                s["supply"][colour_of(s, p)] += b
        s["removed"] = [*s["removed"], card]
        s["events"].append({"e": "tie", "card": card, "bids": bids})
    else:
        taken = [0] * len(COLOURS)
        for p, b in enumerate(bids):
            if b is None:
                continue
            if p == winner:
                s["supply"][colour_of(s, p)] += b
            else:
                taken[colour_of(s, p)] += b
        s["pieces"][winner] = [a + b for a, b in zip(s["pieces"][winner], taken, strict=True)]
        s["hands"][winner] = sorted([*s["hands"][winner], card])
        s["events"].append({"e": "win", "p": winner, "card": card, "bids": bids})
    _after_auction(s)


def _after_auction(s: State) -> None:
    """Turn the next card for the next opener, or end the auction phase and start the expansion."""
    s["bids"], s["passes"], s["card"], s["queue"] = [None] * s["players"], [], None, []
    why = auction_over(s)
    if why is None:
        s["opener"] = (s["opener"] + 1) % s["players"]
        _turn_card(s)
        return
    s["ended"] = why
    s["actor"] = None
    s["events"].append({"e": "auctions_end", "why": why, "deck": len(s["deck"])})
    n = s["players"]
    s["phase"] = EXPAND
    s["queue"] = [(s["starter"] + k) % n for k in range(n)]
    s["plans"] = [_no_plan() for _ in range(n)]
    s["ready"] = [not affordable(s, p) for p in range(n)]
    if all(s["ready"]):
        _reveal(s)


def _pay(plan: dict[str, Any], colour: str) -> None:
    """Pay one piece (in the secret plan) towards the card being chosen; once paid, it is used."""
    paying = plan["paying"]
    paying["left"] -= 1
    paying["paid"] += colour
    if paying["left"] == 0:
        plan["uses"] = [*plan["uses"], [paying["card"], paying["paid"]]]
        plan["paying"] = None


def _reveal(s: State) -> None:
    """Reveal every plan and carry them out together: costs to the supply, production from it to the
    seats, unused cards set aside (「選択したカードすべてに対し同時に処理する」); then score the round."""
    used = [[card for card, _ in plan["uses"]] for plan in s["plans"]]
    s["events"].append({"e": "expansions", "used": used})
    for p in s["queue"]:
        plan = s["plans"][p]
        for card, paid in plan["uses"]:
            cost_ = [paid.count(c) for c in COLOURS]
            made = production(card)
            s["pieces"][p] = [a - b + m for a, b, m in zip(s["pieces"][p], cost_, made, strict=True)]
            s["supply"] = [a + b - m for a, b, m in zip(s["supply"], cost_, made, strict=True)]
            s["events"].append({"e": "use", "p": p, "card": card, "paid": paid})
        unused = unchosen(s["hands"][p], plan)
        s["removed"] = [*s["removed"], *unused]
        s["hands"][p] = []
        if unused:
            s["events"].append({"e": "expanded", "p": p, "unused": unused})
    s["queue"] = []
    _score(s, used)


def _score(s: State, used: list[list[str]]) -> None:
    """Score the round: reveal the cast cards, count, add to the totals; deal the next round or end."""
    n = s["players"]
    own = [colour_of(s, p) for p in range(n)]
    virus = virus_seat(s["roles"])
    provisional, finals, money = round_scores(s["pieces"], own, virus)
    s["totals"] = [t + f for t, f in zip(s["totals"], finals, strict=True)]
    if virus is not None:
        s["virus_points"][virus] += finals[virus]
    record = {
        "round": s["round"],
        "roles": list(s["roles"]),
        "virus": virus,
        "pieces": [list(x) for x in s["pieces"]],
        "used": used,
        "provisional": provisional,
        "money": money,
        "finals": finals,
    }
    s["history"] = [*s["history"], record]
    s["events"].append({"e": "score", **_copy_round(record)})
    if s["round"] < ROUNDS:
        _new_round(s)
    else:
        s["phase"] = OVER
        s["actor"] = None
        s["events"].append({"e": "over", "totals": list(s["totals"])})


VIRUS_MONEY: Final = VirusMoney()
