"""Mercator (Reiner Knizia, "Neue Spiele im alten Rom", 2002): auctions of goods for 3 to 7 merchants.

Every tunable number of the game lives in the constants block below, once.
Seats 0..n-1 sit clockwise; a seat's left neighbour is the next seat (seat + 1).

Actions are short strings (also the `data-action` of the board):

- ``turn``        the active merchant turns one more card onto the lot (the first is turned for them)
- ``auction``     the active merchant puts the lot up for auction
- ``bid:<n>``     sealed auction: hold n chips in your fist (0 allowed); all bids open together
- ``raise:<n>``   open auction (variant): bid n, more than the highest bid so far
- ``drop``        open auction: leave the bidding for this lot

A card is a colour letter and a value, e.g. ``R7`` or ``B10``: colours R, Y, G, B, P, values 1-10.

>>> from pygame_core.engine import Rng
>>> s = MERCATOR.new_state(4, Rng(1), dict(MERCATOR.default_options))
>>> MERCATOR.to_act(s), s["phase"], len(s["deck"]), len(s["lot"])
((0,), 'turn', 31, 1)
>>> payouts([20, 20, 9, 31], 4)
[15, 15, 0, 30]
"""

from collections.abc import Mapping
from functools import cache
from math import erf, sqrt
from types import MappingProxyType
from typing import Any, ClassVar, Final

from ...engine import Game, Options, Outcome, Player, Rng, State, View, top_scorers

# The rules' numbers, all in one place.
COLOURS: Final = ("R", "Y", "G", "B", "P")
VALUES: Final = tuple(range(1, 11))
CARDS: Final = tuple(f"{c}{v}" for c in COLOURS for v in VALUES)  # 50 cards
DECK_SIZES: Final = {3: 24, 4: 32, 5: 40, 6: 45, 7: 50}  # the rest are set aside unseen
START_CHIPS: Final = 50
MAX_LOT: Final = 3  # cards the active merchant may turn
HOLD: Final = 6  # cards a ship can load
PAYOUTS: Final = {  # chips paid for the 1st, 2nd, ... most valuable cargo
    3: (30, 15),
    4: (30, 20, 10),
    5: (40, 30, 20, 10),
    6: (50, 40, 30, 20, 10),
    7: (60, 50, 40, 30, 20, 10),
}
COLOUR_BONUS: Final = 10  # variant: cargo holding all five colours is worth this much more
TRACK: Final = 60  # the cargo track's squares, 0-59
MAX_GAMES: Final = 10  # variant: the longest series the software offers

TURN, SEALED, OPEN, OVER = "turn", "sealed", "open", "over"


def colour(card: str) -> str:
    """Return a card's colour letter."""
    return card[0]


@cache
def value(card: str) -> int:
    """Return a card's value, 1-10."""
    return int(card[1:])


def cargo(hold: list[str]) -> int:
    """Return the sum of a hold's card values: where the merchant's pawn stands on the track."""
    return sum(value(c) for c in hold)


def all_colours(hold: list[str]) -> bool:
    """Return whether a hold contains cards of all five colours."""
    return len({colour(c) for c in hold}) == len(COLOURS)


def earns_bonus(hold: list[str]) -> bool:
    """Return whether a hold earns the colour bonus: a full ship whose cards show all five colours.

    The rulebook: 「六枚のカードの中に五色全てが含まれていた場合」 (assumption A9).
    """
    return len(hold) == HOLD and all_colours(hold)


def sale_value(hold: list[str], bonus: bool) -> int:
    """Return what a hold counts for at the sale: its cargo, plus the colour bonus if played and earned."""
    return cargo(hold) + (COLOUR_BONUS if bonus and earns_bonus(hold) else 0)


def payouts(values: list[int], players: int) -> list[int]:
    """Return each seat's chips from the sale; tied seats add up their places and share, rounding down."""
    table = list(PAYOUTS[players]) + [0] * (players - len(PAYOUTS[players]))
    order = sorted(range(players), key=lambda p: -values[p])
    out = [0] * players
    i = 0
    while i < players:
        j = i
        while j < players and values[order[j]] == values[order[i]]:
            j += 1
        share = sum(table[i:j]) // (j - i)
        for k in range(i, j):
            out[order[k]] = share
        i = j
    return out


def priority(active: Player, players: int) -> list[Player]:
    """Return the seats in tie-break order: from the active merchant's left, clockwise, the active last."""
    return [(active + k) % players for k in range(1, players + 1)]


def room(state: State, player: Player) -> int:
    """Return how many more cards a seat's ship can load."""
    return HOLD - len(state["holds"][player])


def can_turn(state: State) -> bool:
    """Return whether one more card may be turned: under 3, a card left, and someone able to load them all."""
    lot = len(state["lot"])
    most = max(room(state, p) for p in range(state["players"]))
    return lot < MAX_LOT and bool(state["deck"]) and lot + 1 <= most


def unseen(state: State) -> list[str]:
    """Return the cards nobody has seen: the deck and the cards set aside, in no meaningful order."""
    return [*state["deck"], *state["removed"]]


def counted_chips(state: State) -> list[int]:
    """Return every seat's chips as a merchant who keeps count knows them (see assumption A6).

    Chips start at 50 and change only by winning bids, which are announced, so the counts follow from
    public facts (`paid`, in every view, and the board shows them): `determinize` never changes them.
    """
    return [START_CHIPS - x for x in state["paid"]]


# -- Projection: each seat's expected payout if the game went on, for `estimate` and the bots.

CARD_VARIANCE: Final = 8.25  # variance of a uniform value 1-10
SHARE_VARIANCE: Final = 6.0  # extra spread per free slot for not knowing who wins which lot


def chances_ahead(mean_a: float, var_a: float, mean_b: float, var_b: float) -> tuple[float, float]:
    """Return the chances that a normal variable A ends above B and that B ends above A (halves when they
    cannot be told apart), from one erf: erf(-x) is -erf(x), so each is what it would be worked out alone."""
    var = var_a + var_b
    if var <= 0:
        return (1.0, 0.0) if mean_a > mean_b else (0.5, 0.5) if mean_a == mean_b else (0.0, 1.0)
    e = erf((mean_a - mean_b) / sqrt(2.0 * var))
    return 0.5 * (1.0 + e), 0.5 * (1.0 - e)


@cache
def payout_table(players: int) -> tuple[float, ...]:
    """Return the payout for each place, 1st to last (0 past the paid places)."""
    return tuple(float(x) for x in PAYOUTS[players]) + (0.0,) * (players - len(PAYOUTS[players]))


def expected_payouts(
    values: list[float], rooms: list[int], supply: int, mean: float, players: int
) -> list[float]:
    """Return each seat's expected sale payout when `supply` cards of mean `mean` are still to come.

    Each seat is projected to fill its free slots in proportion to the supply left; its final cargo is
    taken as normal around that, and its place as the expected number of seats ahead of it. The payout
    table is linear between places, so the payout at the expected place is the expected payout.
    (The bots' hottest code: each pair of seats is compared once, and a place is summed in a plain loop,
    the same in every Python; sum() of floats is compensated from 3.12.)
    """
    table = payout_table(players)
    free = sum(rooms)
    share = min(1.0, supply / free) if free else 0.0
    means = [values[p] + rooms[p] * share * mean for p in range(players)]
    spreads = [rooms[p] * share * (CARD_VARIANCE + SHARE_VARIANCE) for p in range(players)]
    ahead = [[0.0] * players for _ in range(players)]  # ahead[p][q]: the chance that q ends above p
    for p in range(players):
        for q in range(p + 1, players):
            ahead[p][q], ahead[q][p] = chances_ahead(means[q], spreads[q], means[p], spreads[p])
    out = []
    for row in ahead:
        place = 0.0
        for chance in row:
            place += chance
        low = min(int(place), players - 1)
        high = min(low + 1, players - 1)
        out.append(table[low] + (table[high] - table[low]) * (place - low))
    return out


def bonus_hope(hold: list[str], free: int, bonus: bool) -> float:
    """Return the expected colour bonus of a hold: in full once all five colours are aboard (a ship nearly
    always fills, and a full one earns it), less likely with more colours missing."""
    if not bonus:
        return 0.0
    missing = len(COLOURS) - len({colour(c) for c in hold})
    if missing == 0:
        return float(COLOUR_BONUS)
    if missing > free:
        return 0.0
    return COLOUR_BONUS * 0.5**missing * (free - missing + 1) / (free + 1)


def projected_payouts(state: State) -> list[float]:
    """Return each seat's expected payout from this state's holds, deck and lot."""
    n = state["players"]
    bonus = state["colour_bonus"]
    pool = [*unseen(state), *state["lot"]]
    mean = sum(value(c) for c in pool) / len(pool) if pool else 0.0
    rooms = [room(state, p) for p in range(n)]
    values = [cargo(h) + bonus_hope(h, rooms[p], bonus) for p, h in enumerate(state["holds"])]
    supply = len(state["deck"]) + len(state["lot"])
    return expected_payouts(values, rooms, supply, mean, n)


class Mercator(Game):
    """The rules of Mercator."""

    id = "mercator"
    name = "Mercator"
    min_players = 3
    max_players = 7
    default_options: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"colour_bonus": False, "open": False, "games": 1}
    )
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = MappingProxyType(
        {"colour_bonus": (False, True), "open": (False, True), "games": tuple(range(1, MAX_GAMES + 1))}
    )

    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the state of the first game's first turn, its first card already turned."""
        games = options["games"]
        state: State = {
            "players": players,
            "colour_bonus": options["colour_bonus"],
            "open": options["open"],
            "games": games,
            "game": 0,
            "first": players - 1,
            "active": 0,
            "phase": TURN,
            "deck": [],
            "removed": [],
            "lot": [],
            "holds": [[] for _ in range(players)],
            "chips": [START_CHIPS] * players,
            "paid": [0] * players,
            "lots": 0,
            "bids": [None] * players,
            "bidders": [],
            "high": 0,
            "leader": None,
            "out": [],
            "next": 0,
            "discarded": [],
            "last": None,
            "totals": [0] * players,
            "finals": [],
            "spent": [],
            "sold": [],
            "events": [],
            "rng": rng.state,
        }
        _new_game(state)
        return state

    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the active merchant, every seat still to bid in a sealed auction, or the open bidder."""
        phase = state["phase"]
        if phase == TURN:
            return (state["active"],)
        if phase == SEALED:
            return tuple(sorted(p for p in state["bidders"] if state["bids"][p] is None))
        if phase == OPEN:
            return (state["bidders"][state["next"]],)
        return ()

    def legal_actions(self, state: State, player: Player) -> list[str]:
        """Return every legal action of `player` now, in a stable order."""
        if player not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == TURN:
            return ["turn", "auction"]
        chips = state["chips"][player]
        if phase == SEALED:
            return [f"bid:{x}" for x in range(chips + 1)]
        return [f"raise:{x}" for x in range(state["high"] + 1, chips + 1)] + ["drop"]

    def transition(self, state: State, player: Player, action: str) -> State:
        """Return the state after a legal action."""
        s = _fork(state)
        s["events"] = []
        verb, _, arg = action.partition(":")
        if verb == "turn":
            _turn_card(s)
            if not can_turn(s):
                _start_auction(s)
        elif verb == "auction":
            _start_auction(s)
        elif verb == "bid":
            s["bids"][player] = int(arg)
            s["events"].append({"e": "bid", "p": player})
            if all(s["bids"][p] is not None for p in s["bidders"]):
                bids = s["bids"]
                s["events"].append({"e": "reveal", "bids": list(bids), "lot": list(s["lot"])})
                best = max(bids[p] for p in s["bidders"])
                winner = next(p for p in s["bidders"] if bids[p] == best) if best > 0 else None
                _settle(s, winner, best, list(bids))
        elif verb == "raise":
            s["high"], s["leader"] = int(arg), player
            s["events"].append({"e": "raise", "p": player, "to": s["high"]})
            _next_bidder(s)
        else:
            s["out"].append(player)
            s["events"].append({"e": "drop", "p": player})
            _next_bidder(s)
        return s

    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may see (None: the public table): no other seat's chips, no sealed bid."""
        n = state["players"]
        over = state["phase"] == OVER
        sealed = state["phase"] == SEALED
        out: View = {
            "game": self.id,
            "viewer": player,
            "players": n,
            "phase": state["phase"],
            "colour_bonus": state["colour_bonus"],
            "open": state["open"],
            "games": state["games"],
            "game_no": state["game"],
            "first": state["first"],
            "active": state["active"],
            "to_act": list(self.to_act(state)),
            "deck": len(state["deck"]),
            "removed": len(state["removed"]),
            "lot": list(state["lot"]),
            "holds": [list(h) for h in state["holds"]],
            "cargo": [cargo(h) for h in state["holds"]],
            "chips": [c if over or p == player else None for p, c in enumerate(state["chips"])],
            "paid": list(state["paid"]),
            "bidders": list(state["bidders"]),
            "bid_in": [sealed and b is not None for b in state["bids"]],
            "high": state["high"],
            "leader": state["leader"],
            "out": list(state["out"]),
            "discarded": list(state["discarded"]),
            "last": _copy_last(state["last"]),
            "totals": list(state["totals"]),
            "finals": [list(f) for f in state["finals"]],
            "spent": [list(f) for f in state["spent"]],
            "sold": [list(f) for f in state["sold"]],
            "events": [dict(e) for e in state["events"]],
            "result": None,
        }
        if player is not None:
            out["bid"] = state["bids"][player] if sealed else None
        outcome = self.result(state)
        if outcome is not None:
            out["result"] = outcome.to_json()
        return out

    def result(self, state: State) -> Outcome | None:
        """Return the chips of the last game, or the series totals, and the richest seats, once over."""
        if state["phase"] != OVER:
            return None
        return top_scorers(tuple(state["totals"]))

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's series total so far plus chips and the payout its cargo projects to."""
        if state["phase"] == OVER:
            return tuple(float(t) for t in state["totals"])
        pay = projected_payouts(state)
        return tuple(state["totals"][p] + state["chips"][p] + pay[p] for p in range(state["players"]))

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return the state with the deck and the set-aside cards dealt anew, and others' sealed bids redrawn.

        Chips are kept: every change to them was announced (assumption A6).
        """
        s = _fork(state)
        pool = rng.shuffled(sorted(unseen(state), key=_card_order))  # sorted: depends only on what is seen
        k = len(state["deck"])
        s["deck"], s["removed"] = pool[:k], sorted(pool[k:], key=_card_order)
        if state["phase"] == SEALED:
            for p in s["bidders"]:
                if p != player and s["bids"][p] is not None:
                    s["bids"][p] = rng.below(s["chips"][p] + 1)
        s["rng"] = rng.next64()
        return s

    def why_illegal(self, state: State, player: Player, action: str) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        phase = state["phase"]
        verb = action.partition(":")[0]
        chips = state["chips"][player]
        if phase == TURN:
            return "turn another card with `turn` or put the lot up with `auction`"
        if phase == SEALED:
            if verb != "bid":
                return "the lot is up for a sealed auction: bid with bid:<chips>"
            return f"a bid is a whole number of chips from 0 to the {chips} you hold"
        if verb not in ("raise", "drop"):
            return "the lot is up for an open auction: raise:<chips> or drop"
        return f"a raise must be above {state['high']} and at most the {chips} chips you hold"


def _card_order(card: str) -> tuple[int, int]:
    """Return a sort key for cards: colour, then value."""
    return COLOURS.index(colour(card)), value(card)


def _copy_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return a copy of the public record of the last auction."""
    if last is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in last.items()}


def _fork(state: State) -> State:
    """Return a copy of the state whose lists can be replaced or changed without touching the original."""
    s = dict(state)
    for key in (
        "deck",
        "removed",
        "lot",
        "holds",
        "chips",
        "paid",
        "bids",
        "bidders",
        "out",
        "discarded",
        "totals",
    ):
        s[key] = list(state[key])
    return s


def _new_game(s: State) -> None:
    """Deal a game of the series: shuffle all 50 cards, keep the deck for the player count, 50 chips each."""
    rng = Rng(s["rng"])
    n = s["players"]
    cards = rng.shuffled(CARDS)
    size = DECK_SIZES[n]
    s["rng"] = rng.state
    s["game"] += 1
    s["first"] = (s["first"] + 1) % n
    s["active"] = s["first"]
    s["deck"], s["removed"] = cards[:size], sorted(cards[size:], key=_card_order)
    s["holds"] = [[] for _ in range(n)]
    s["chips"], s["paid"], s["lots"] = [START_CHIPS] * n, [0] * n, 0
    s["discarded"], s["last"] = [], None
    s["events"].append({"e": "game", "game": s["game"], "games": s["games"], "first": s["first"]})
    _begin_turn(s)


def _begin_turn(s: State) -> None:
    """Start the active merchant's turn by turning the first card, which every turn must do."""
    s["phase"], s["lot"] = TURN, []
    s["lots"] += 1
    _turn_card(s)
    s["events"][-1]["lot_no"] = s["lots"]
    if not can_turn(s):
        _start_auction(s)


def _turn_card(s: State) -> None:
    """Turn the deck's top card onto the lot."""
    card = s["deck"].pop()
    s["lot"].append(card)
    s["events"].append({"e": "turn", "p": s["active"], "card": card})


def _start_auction(s: State) -> None:
    """Put the lot up: every seat whose ship can load it all bids, sealed (or openly, in the variant)."""
    n = len(s["lot"])
    s["bidders"] = [p for p in priority(s["active"], s["players"]) if room(s, p) >= n]
    s["bids"] = [None] * s["players"]
    s["high"], s["leader"], s["out"], s["next"] = 0, None, [], 0
    s["phase"] = OPEN if s["open"] else SEALED
    s["events"].append(
        {"e": "auction", "p": s["active"], "lot": list(s["lot"]), "bidders": list(s["bidders"])}
    )


def _next_bidder(s: State) -> None:
    """Pass the open bidding to the next seat still in that is not leading; settle when none is left."""
    order = s["bidders"]
    for k in range(1, len(order) + 1):
        i = (s["next"] + k) % len(order)
        p = order[i]
        if p not in s["out"] and p != s["leader"]:
            s["next"] = i
            return
    _settle(s, s["leader"], s["high"], None)


def _settle(s: State, winner: Player | None, price: int, bids: list[int | None] | None) -> None:
    """Give the lot to the winner for `price` chips paid to the bank, or set it aside; then go on."""
    lot = s["lot"]
    if winner is None:
        s["discarded"] = [*s["discarded"], *lot]
        s["events"].append({"e": "discard", "cards": list(lot)})
    else:
        s["chips"][winner] -= price
        s["paid"][winner] += price
        hold = sorted([*s["holds"][winner], *lot], key=_card_order)
        s["holds"][winner] = hold
        s["events"].append(
            {
                "e": "win",
                "p": winner,
                "price": price,
                "cards": list(lot),
                "cargo": cargo(hold),
                "full": len(hold) == HOLD,
            }
        )
    s["last"] = {"lot": list(lot), "winner": winner, "price": price, "bids": bids}
    s["lot"], s["bids"], s["bidders"] = [], [None] * s["players"], []
    s["high"], s["leader"], s["out"], s["next"] = 0, None, [], 0
    _after_auction(s)


def _after_auction(s: State) -> None:
    """Fill the last open ship for free and sell, sell when the deck is empty, else the next turn."""
    n = s["players"]
    loading = [p for p in range(n) if room(s, p) > 0]
    if len(loading) <= 1:
        for p in loading:
            cards = [s["deck"].pop() for _ in range(min(room(s, p), len(s["deck"])))]
            hold = sorted([*s["holds"][p], *cards], key=_card_order)
            s["holds"][p] = hold
            s["events"].append({"e": "fill", "p": p, "cards": cards, "cargo": cargo(hold)})
        _sale(s)
    elif not s["deck"]:
        _sale(s)
    else:
        a = s["active"]
        s["active"] = next((a + k) % n for k in range(1, n + 1) if room(s, (a + k) % n) > 0)
        _begin_turn(s)


def _sale(s: State) -> None:
    """Sell every cargo in Rome: pay by rank, add the chips to the series totals, deal the next game."""
    n = s["players"]
    values = [sale_value(h, s["colour_bonus"]) for h in s["holds"]]
    pay = payouts(values, n)
    s["chips"] = [c + x for c, x in zip(s["chips"], pay, strict=True)]
    s["totals"] = [t + c for t, c in zip(s["totals"], s["chips"], strict=True)]
    s["finals"] = [*s["finals"], list(s["chips"])]
    s["spent"], s["sold"] = [*s["spent"], list(s["paid"])], [*s["sold"], pay]
    bonus = [s["colour_bonus"] and earns_bonus(h) for h in s["holds"]]
    s["events"].append(
        {
            "e": "sale",
            "game": s["game"],
            "values": values,
            "bonus": bonus,
            "payouts": pay,
            "chips": list(s["chips"]),
        }
    )
    s["lot"], s["bidders"], s["bids"] = [], [], [None] * n
    if s["game"] < s["games"]:
        _new_game(s)
    else:
        s["phase"] = OVER
        s["events"].append({"e": "over", "scores": list(s["totals"])})


MERCATOR: Final = Mercator()
