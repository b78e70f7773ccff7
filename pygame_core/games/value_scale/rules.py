"""Value Scale (doujin design): auctions of goods paid in three currencies, for 3 to 5 players.

Every tunable number of the game lives in the constants block below, once.
Seats 0..n-1 sit clockwise; a seat's left neighbour is the next seat (seat + 1), its right neighbour the
previous one (seat - 1). Counter-clockwise means seat - 1 (assumption A3).

Actions are short strings (also the `data-action` of the board):

- ``offer:<card>`` or ``offer:<card>+<card>``  the dealer puts one or two face-up cards up (a crash alone)
- ``start:<seat>``     open mode: the dealer names the seat that starts the auction
- ``bid:<n>``          open auction: offer n coins in all, more than the bid before (the first may be 0)
- ``drop``             open auction: leave the bidding for this lot
- ``pay:<d>.<f>.<g>``  open auction won: the ducats, florins and guilders paid (summing to the price)
- ``pick:<c>``         take one coin of currency c (D, F or G) from the payment in the middle
- ``pick:rest``        take the coin worth most to you, now and in your later turns of this pick-up (A13)
- ``coin:<c>``         open crash auction: pay one coin of currency c into the middle (never the crashing one)
- ``take``             open crash auction: take the crash card and every coin in the middle
- ``seal:<d>.<f>.<g>`` sealed mode: the coins in your fist, all revealed together

A goods card is a good, a value and its icons: ``M5x2`` is precious metals, value 5, two icons. The goods
are M (precious metals), S (spices) and W (woollens). ``UD`` is the ducat surge card, ``XF`` the florin
crash card; currencies are D (ducats), F (florins) and G (guilders).

>>> from pygame_core.engine import Rng
>>> s = VALUE_SCALE.new_state(4, Rng(1), dict(VALUE_SCALE.default_options))
>>> VALUE_SCALE.to_act(s), s["phase"], len(s["deck"]), len(s["row"]), s["coins"][0]
((0,), 'offer', 20, 3, [7, 5, 3])
>>> goods_score(["M3x3", "M5x2"]), goods_score(["M5x2", "M3x3"])
(25, 15)
"""

from collections.abc import Mapping, Sequence
from itertools import product
from types import MappingProxyType
from typing import Any, ClassVar, Final

from ...engine import Game, Options, Outcome, Player, Rng, State, View, top_scorers
from ...engine.errors import BadSetup

# The rules' numbers, all in one place.
CURRENCIES: Final = ("D", "F", "G")  # ducats, florins, guilders
START_COINS: Final = (7, 5, 3)  # each player's ducats, florins, guilders: 15 coins
BASE_VALUE: Final = 1  # a coin's worth without surge or crash
SURGE_VALUES: Final = {"D": 2, "F": 3, "G": 5}  # a coin's worth to the holder of its surge card
CRASH_VALUE: Final = 0  # a coin's worth to the holder of its crash card (with or without the surge)
GOODS: Final = ("M", "S", "W")  # precious metals, spices, woollens
GOODS_CARDS: Final = {  # (value, icons) of every goods card: 17 cards (see docs/rules/value_scale.md)
    "M": ((6, 1), (5, 2), (4, 2), (3, 3), (2, 3)),
    "S": ((5, 1), (4, 2), (3, 2), (3, 3), (2, 3), (1, 4)),
    "W": ((4, 1), (3, 2), (3, 3), (2, 3), (2, 4), (1, 5)),
}
SURGE: Final = "U"  # surge card prefix: UD, UF, UG
CRASH: Final = "X"  # crash card prefix: XD, XF, XG
ROW: Final = 3  # face-up cards
MAX_OFFER: Final = 2  # cards the dealer may offer at once (a crash card only alone)
MODES: Final = ("open", "sealed")  # auction mode: open ascending auction, or sealed bids (the variant)
REST: Final = "rest"  # `pick:rest`: a standing order to take the coin worth most to oneself (A13)
MAX_PACKED_COINS: Final = 60  # coins of one currency a packed list of mixes may name (all players hold fewer)

GOODS_DECK: Final = tuple(f"{g}{v}x{i}" for g in GOODS for v, i in GOODS_CARDS[g])
SURGE_CARDS: Final = tuple(SURGE + c for c in CURRENCIES)
CRASH_CARDS: Final = tuple(CRASH + c for c in CURRENCIES)
CARDS: Final = GOODS_DECK + SURGE_CARDS + CRASH_CARDS  # 23 cards

OFFER, START, AUCTION, PAY, PICK, CRASH_OPEN, SEALED, CRASH_SEALED, OVER = (
    "offer",
    "start",
    "auction",
    "pay",
    "pick",
    "crash",
    "sealed",
    "crash_sealed",
    "over",
)

Coins = list[int]  # a count per currency, in the order of CURRENCIES


def is_goods(card: str) -> bool:
    """Return whether a card is a trade good (not a surge or crash card)."""
    return card[0] in GOODS


def is_crash(card: str) -> bool:
    """Return whether a card is a crash card."""
    return card in CRASH_CARDS


def good(card: str) -> str:
    """Return a goods card's good: M, S or W."""
    return card[0]


def card_value(card: str) -> int:
    """Return a goods card's value."""
    return int(card[1:].split("x")[0])


def icons(card: str) -> int:
    """Return a goods card's number of icons."""
    return int(card.split("x")[1])


def currency(card: str) -> str:
    """Return the currency of a surge or crash card."""
    return card[1]


def goods_score(stack: Sequence[str]) -> int:
    """Return a stack's points: all its icons times the value of the last card acquired (0 if empty).

    >>> goods_score(["W1x5", "W2x4", "W4x1"])
    40
    """
    if not stack:
        return 0
    return sum(icons(c) for c in stack) * card_value(stack[-1])


def coin_values(surges: Sequence[str], crashes: Sequence[str]) -> list[int]:
    """Return a seat's worth of one coin of each currency, given the currencies of its surge and crash cards.

    >>> coin_values(["D", "G"], ["G"])
    [2, 1, 0]
    """
    return [
        CRASH_VALUE if c in crashes else SURGE_VALUES[c] if c in surges else BASE_VALUE for c in CURRENCIES
    ]


def coins_score(coins: Sequence[int], values: Sequence[int]) -> int:
    """Return what coins are worth at these values."""
    return sum(k * v for k, v in zip(coins, values, strict=True))


def seat_values(state: State, player: Player) -> list[int]:
    """Return the worth of one coin of each currency to a seat now."""
    return coin_values(state["surges"][player], state["crashes"][player])


def goods_points(state: State, player: Player) -> int:
    """Return a seat's points from its goods (public)."""
    return sum(goods_score(stack) for stack in state["stacks"][player])


def score(state: State, player: Player) -> int:
    """Return a seat's points if the game ended now: goods plus coins at the seat's values."""
    return goods_points(state, player) + coins_score(state["coins"][player], seat_values(state, player))


def stack_with(stack: Sequence[str], cards: Sequence[str]) -> list[str]:
    """Return a goods stack after acquiring `cards` of its good at once: the higher value goes on top (A6)."""
    return [*stack, *sorted(cards, key=lambda c: (card_value(c), icons(c)))]


def offers(row: Sequence[str]) -> list[str]:
    """Return the legal offers from the face-up row: each card alone, then each pair without a crash card.

    >>> offers(["M3x3", "XD", "UF"])
    ['M3x3', 'XD', 'UF', 'M3x3+UF']
    """
    singles = list(row)
    pairs = [
        f"{row[i]}+{row[j]}"
        for i in range(len(row))
        for j in range(i + 1, len(row))
        if not is_crash(row[i]) and not is_crash(row[j])
    ]
    return singles + pairs


def comp_text(coins: Sequence[int]) -> str:
    """Return coins as an action argument, e.g. `2.0.1`."""
    return ".".join(str(k) for k in coins)


def parse_comp(text: str) -> Coins:
    """Return the coins an action argument names."""
    return [int(k) for k in text.split(".")]


def compositions(holding: Sequence[int], total: int | None = None, without: str | None = None) -> list[Coins]:
    """Return every mix of coins within `holding` (summing to `total` if given, none of `without`).

    >>> compositions([2, 1, 0], 2)
    [[1, 1, 0], [2, 0, 0]]
    """
    ranges = [range(1 if c == without else k + 1) for c, k in zip(CURRENCIES, holding, strict=True)]
    return [list(mix) for mix in product(*ranges) if total is None or sum(mix) == total]


def cheapest(holding: Sequence[int], values: Sequence[float], total: int) -> list[int]:
    """Return the mix of `total` coins worth least to its holder: the cheapest currency first, then D, F, G.

    >>> cheapest([7, 5, 3], [2, 1, 1], 6)
    [0, 5, 1]
    """
    mix = [0] * len(CURRENCIES)
    left = total
    for i in sorted(range(len(CURRENCIES)), key=lambda i: values[i]):
        mix[i] = min(holding[i], left)
        left -= mix[i]
    return mix


def counterclockwise(start: Player, players: int) -> list[Player]:
    """Return every seat going counter-clockwise (to the right) from `start`, `start` first."""
    return [(start - k) % players for k in range(players)]


def clockwise(start: Player, players: int) -> list[Player]:
    """Return every seat going clockwise (to the left) from `start`, `start` first."""
    return [(start + k) % players for k in range(players)]


def payout_order(dealer: Player, winner: Player, players: int) -> list[Player]:
    """Return the seats that take paid coins, in turn: counter-clockwise from the dealer, the winner left out.

    >>> payout_order(0, 2, 4), payout_order(0, 0, 4)
    ([0, 3, 1], [3, 2, 1])
    """
    return [p for p in counterclockwise(dealer, players) if p != winner]


def sealed_winner(bids: Sequence[Sequence[int]], dealer: Player) -> Player | None:
    """Return the seat with the most coins bid (ties: the nearest clockwise from the dealer), None if all 0.

    >>> sealed_winner([[1, 0, 0], [0, 1, 0], [0, 0, 0]], 2)
    0
    """
    counts = [sum(b) for b in bids]
    best = max(counts)
    if best == 0:
        return None
    return next(p for p in clockwise(dealer, len(bids)) if counts[p] == best)


def crash_taker(bids: Sequence[Sequence[int]], dealer: Player) -> Player:
    """Return the seat that paid the fewest coins (ties: nearest counter-clockwise from the dealer's right).

    >>> crash_taker([[1, 0, 0], [0, 1, 0], [0, 0, 1]], 1)
    0
    """
    n = len(bids)
    counts = [sum(b) for b in bids]
    least = min(counts)
    return next(p for p in counterclockwise((dealer - 1) % n, n) if counts[p] == least)


def coins_in_play(state: State) -> int:
    """Return every coin in the game: in the seats' hands and in the middle."""
    return sum(sum(c) for c in state["coins"]) + sum(state["pot"])


class ValueScale(Game):
    """The rules of Value Scale."""

    id = "value_scale"
    name = "Value Scale"
    min_players = 3
    max_players = 5
    default_options: ClassVar[Mapping[str, Any]] = MappingProxyType({"mode": MODES[0]})
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = MappingProxyType({"mode": MODES})

    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the first offer: coins dealt, the deck shuffled, three cards face up, seat 0 the dealer."""
        mode = options["mode"]
        if mode not in MODES:
            raise BadSetup(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        deck = rng.shuffled(CARDS)
        row, deck = deck[:ROW], deck[ROW:]
        state: State = {
            "players": players,
            "mode": mode,
            "phase": OFFER,
            "dealer": 0,
            "deck": deck,
            "row": row,
            "box": [],
            "lot": [],
            "coins": [list(START_COINS) for _ in range(players)],
            "stacks": [[[] for _ in GOODS] for _ in range(players)],
            "surges": [[] for _ in range(players)],
            "crashes": [[] for _ in range(players)],
            "starter": None,
            "turn": None,
            "high": -1,
            "leader": None,
            "out": [],
            "winner": None,
            "pot": [0] * len(CURRENCIES),
            "queue": [],
            "rest": [],
            "bids": [None] * players,
            "last": None,
            "auctions": 0,
            "events": [{"e": "deal", "dealer": 0, "row": list(row), "k": 1}],
            "rng": rng.state,
        }
        return state

    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the dealer, the seat whose turn it is (auction, payment, payout), or every unsealed seat."""
        phase = state["phase"]
        if phase in (OFFER, START):
            return (state["dealer"],)
        if phase in (AUCTION, CRASH_OPEN):
            return (state["turn"],)
        if phase == PAY:
            return (state["winner"],)
        if phase == PICK:
            return (state["queue"][0],)
        if phase in (SEALED, CRASH_SEALED):
            return tuple(p for p in range(state["players"]) if state["bids"][p] is None)
        return ()

    def legal_actions(self, state: State, player: Player) -> list[str]:
        """Return every legal action of `player` now, in a stable order."""
        if player not in self.to_act(state):
            return []
        phase = state["phase"]
        coins = state["coins"][player]
        if phase == OFFER:
            return [f"offer:{o}" for o in offers(state["row"])]
        if phase == START:
            return [f"start:{p}" for p in range(state["players"])]
        if phase == AUCTION:
            return [f"bid:{x}" for x in range(state["high"] + 1, sum(coins) + 1)] + ["drop"]
        if phase == PAY:
            return [f"pay:{comp_text(m)}" for m in compositions(coins, state["high"])]
        if phase == PICK:
            return [
                *(f"pick:{c}" for c, k in zip(CURRENCIES, state["pot"], strict=True) if k),
                f"pick:{REST}",
            ]
        if phase == CRASH_OPEN:
            crashing = currency(state["lot"][0])
            paid = [f"coin:{c}" for c, k in zip(CURRENCIES, coins, strict=True) if k and c != crashing]
            return [*paid, "take"]
        without = currency(state["lot"][0]) if phase == CRASH_SEALED else None
        return [f"seal:{comp_text(m)}" for m in compositions(coins, without=without)]

    def packed_legal(self, state: State, player: Player) -> Any:
        """Return the legal actions, a payment's or sealed bid's every mix of coins as the coins it comes from
        (thousands of actions otherwise: far more than a phone's message may hold)."""
        phase = state["phase"]
        if player not in self.to_act(state) or phase not in (PAY, SEALED, CRASH_SEALED):
            return super().packed_legal(state, player)
        if phase == PAY:
            return {"mixes": "pay", "coins": state["coins"][player], "total": state["high"]}
        without = currency(state["lot"][0]) if phase == CRASH_SEALED else None
        return {"mixes": "seal", "coins": state["coins"][player], "without": without}

    def unpacked_legal(self, packed: Any) -> list[str]:
        """Return the legal actions a `packed_legal` form names; raise ValueError if it names none."""
        if not isinstance(packed, dict):
            return super().unpacked_legal(packed)
        verb, coins, total, without = (packed.get(k) for k in ("mixes", "coins", "total", "without"))
        if (
            verb not in ("pay", "seal")
            or not isinstance(coins, list)
            or len(coins) != len(CURRENCIES)
            or not all(type(k) is int and 0 <= k <= MAX_PACKED_COINS for k in coins)
            or not (total is None or type(total) is int)
            or without not in (None, *CURRENCIES)
        ):
            raise ValueError("a packed list of legal mixes of coins is malformed")
        return [f"{verb}:{comp_text(m)}" for m in compositions(coins, total, without)]

    def transition(self, state: State, player: Player, action: str) -> State:
        """Return the state after a legal action."""
        s = _fork(state)
        s["events"] = []
        verb, _, arg = action.partition(":")
        if verb == "offer":
            _offer(s, arg.split("+"))
        elif verb == "start":
            _start(s, int(arg))
        elif verb == "bid":
            s["high"], s["leader"] = int(arg), player
            s["events"].append({"e": "bid", "p": player, "n": int(arg)})
            _next_bidder(s)
        elif verb == "drop":
            s["out"].append(player)
            s["events"].append({"e": "drop", "p": player})
            _next_bidder(s)
        elif verb == "pay":
            _pay(s, parse_comp(arg))
        elif verb == "pick":
            _pick(s, player, arg)
        elif verb == "coin":
            i = CURRENCIES.index(arg)
            s["coins"][player][i] -= 1
            s["pot"][i] += 1
            s["events"].append({"e": "coin", "p": player, "c": arg, "pot": list(s["pot"])})
            s["turn"] = (player + 1) % s["players"]
        elif verb == "take":
            _take_crash(s, player)
        else:
            s["bids"][player] = parse_comp(arg)
            s["events"].append({"e": "sealed", "p": player})
            if all(b is not None for b in s["bids"]):
                _reveal(s)
        return s

    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may see (None: the public table): only its own sealed bid is private.

        Every seat's coins are in every view: each coin moves in sight of all, so a careful player counts
        them exactly (assumption A9), and the board shows what the bots count.
        """
        n = state["players"]
        sealed = state["phase"] in (SEALED, CRASH_SEALED)
        out: View = {
            "game": self.id,
            "viewer": player,
            "players": n,
            "mode": state["mode"],
            "phase": state["phase"],
            "dealer": state["dealer"],
            "to_act": list(self.to_act(state)),
            "deck": len(state["deck"]),
            "row": list(state["row"]),
            "box": list(state["box"]),
            "lot": list(state["lot"]),
            "starter": state["starter"],
            "turn": state["turn"],
            "high": state["high"],
            "leader": state["leader"],
            "out": list(state["out"]),
            "winner": state["winner"],
            "pot": list(state["pot"]),
            "queue": list(state["queue"]),
            "rest": list(state["rest"]),
            "stacks": [[list(st) for st in stacks] for stacks in state["stacks"]],
            "surges": [list(x) for x in state["surges"]],
            "crashes": [list(x) for x in state["crashes"]],
            "values": [seat_values(state, p) for p in range(n)],
            "goods_points": [goods_points(state, p) for p in range(n)],
            "coins": [list(c) for c in state["coins"]],
            "bid_in": [sealed and b is not None for b in state["bids"]],
            "bid": _own_bid(state, player) if sealed else None,
            "last": _copy_last(state["last"]),
            "auctions": state["auctions"],
            "events": [_copy_event(e) for e in state["events"]],
            "result": None,
        }
        outcome = self.result(state)
        if outcome is not None:
            out["result"] = outcome.to_json()
        return out

    def result(self, state: State) -> Outcome | None:
        """Return every seat's points and the top scorers, once the deck has run out."""
        if state["phase"] != OVER:
            return None
        return top_scorers(tuple(score(state, p) for p in range(state["players"])))

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's points if the game ended now (coins in the middle left out)."""
        return tuple(float(score(state, p)) for p in range(state["players"]))

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return the state with the deck shuffled anew, other seats' sealed bids redrawn and a new RNG.

        Coins are kept: every coin that changes hands is seen by all (assumption A9).
        """
        s = _fork(state)
        s["deck"] = rng.shuffled(sorted(state["deck"]))
        if state["phase"] in (SEALED, CRASH_SEALED):
            without = currency(state["lot"][0]) if state["phase"] == CRASH_SEALED else None
            for p in range(s["players"]):
                if p != player and s["bids"][p] is not None:
                    s["bids"][p] = rng.choice(compositions(s["coins"][p], without=without))
        s["rng"] = rng.next64()
        return s

    def why_illegal(self, state: State, player: Player, action: str) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        phase = state["phase"]
        reasons = {
            OFFER: "offer one or two face-up cards (a crash card only alone): offer:<card> or offer:<a>+<b>",
            START: f"name the seat that starts the auction: start:<0-{state['players'] - 1}>",
            AUCTION: f"bid more than {max(state['high'], -1)} and at most your coins with bid:<n>, or drop",
            PAY: f"pay {state['high']} coins in all from what you hold: pay:<ducats>.<florins>.<guilders>",
            PICK: "take a coin left in the middle (pick:<D|F|G>) or the rest in order (pick:rest)",
            CRASH_OPEN: "pay one coin other than the crashing currency with coin:<D|F|G>, or take",
            SEALED: "seal the coins you bid, within what you hold: seal:<ducats>.<florins>.<guilders>",
            CRASH_SEALED: "seal the coins you pay, none of the crashing currency: seal:<d>.<f>.<g>",
            OVER: "the game is over",
        }
        return reasons[phase]


def _copy_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """Return a copy of the public record of the last auction."""
    if last is None:
        return None
    out = dict(last)
    out["lot"] = list(last["lot"])
    out["bids"] = None if last["bids"] is None else [list(b) for b in last["bids"]]
    return out


def _own_bid(state: State, player: Player | None) -> Coins | None:
    """Return the viewer's own sealed bid, if it has sealed one."""
    bid = None if player is None else state["bids"][player]
    return None if bid is None else list(bid)


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of an event whose lists can be changed without touching the state."""
    return {k: _copy_list(v) if isinstance(v, list) else v for k, v in event.items()}


def _copy_list(items: list[Any]) -> list[Any]:
    """Return a copy of a list and of the lists in it."""
    return [list(x) if isinstance(x, list) else x for x in items]


def _fork(state: State) -> State:
    """Return a copy of the state whose lists can be replaced or changed without touching the original."""
    s = dict(state)
    for key in ("deck", "row", "box", "lot", "out", "pot", "queue", "rest", "bids"):
        s[key] = list(state[key])
    s["coins"] = [list(c) for c in state["coins"]]
    s["stacks"] = [[list(st) for st in stacks] for stacks in state["stacks"]]
    s["surges"] = [list(x) for x in state["surges"]]
    s["crashes"] = [list(x) for x in state["crashes"]]
    return s


def _offer(s: State, cards: list[str]) -> None:
    """Take the offered cards out of the row; in open mode the dealer names the starter next."""
    s["lot"] = cards
    s["row"] = [c for c in s["row"] if c not in cards]
    s["events"].append({"e": "offer", "p": s["dealer"], "lot": list(cards)})
    crash = is_crash(cards[0])
    if s["mode"] == "open":
        s["phase"] = START
    else:
        s["phase"] = CRASH_SEALED if crash else SEALED
        s["bids"] = [None] * s["players"]


def _start(s: State, seat: Player) -> None:
    """Open the bidding (or the crash auction) at the seat the dealer named."""
    s["starter"], s["turn"] = seat, seat
    s["events"].append({"e": "start", "p": s["dealer"], "seat": seat})
    if is_crash(s["lot"][0]):
        s["phase"] = CRASH_OPEN
    else:
        s["phase"], s["high"], s["leader"], s["out"] = AUCTION, -1, None, []


def _next_bidder(s: State) -> None:
    """Pass the bidding clockwise to the next seat still in; settle once only the high bidder is left."""
    n = s["players"]
    for k in range(1, n + 1):
        q = (s["turn"] + k) % n
        if q in s["out"]:
            continue
        if q == s["leader"]:
            _won(s, q, s["high"])
        else:
            s["turn"] = q
        return
    _unsold(s, None)


def _won(s: State, winner: Player, price: int) -> None:
    """The open auction is won: pay (at once if only one mix of coins is possible)."""
    s["winner"], s["high"], s["turn"] = winner, price, None
    mixes = compositions(s["coins"][winner], price)
    if len(mixes) == 1:
        _pay(s, mixes[0])
    else:
        s["phase"] = PAY


def _pay(s: State, paid: Coins) -> None:
    """Move the winner's payment to the middle and start dealing it out."""
    w = s["winner"]
    s["coins"][w] = [k - x for k, x in zip(s["coins"][w], paid, strict=True)]
    s["events"].append({"e": "win", "p": w, "lot": list(s["lot"]), "paid": list(paid)})
    s["last"] = {"kind": "open", "lot": list(s["lot"]), "winner": w, "paid": list(paid), "bids": None}
    _deal_out(s, paid)


def _deal_out(s: State, paid: Coins) -> None:
    """Put the payment in the middle; the other seats take a coin each in turn until none is left."""
    s["pot"] = list(paid)
    order = payout_order(s["dealer"], s["winner"], s["players"])
    s["queue"], s["rest"] = order, []
    s["phase"] = PICK
    _auto_picks(s)


def best_coin(pot: Sequence[int], values: Sequence[int]) -> str:
    """Return the currency left in the middle worth most at these values (D, F, G breaking ties).

    >>> best_coin([3, 2, 0], [1, 1, 5]), best_coin([3, 2, 1], [1, 0, 1])
    ('D', 'D')
    """
    i = max((i for i, k in enumerate(pot) if k), key=lambda i: (values[i], -i))
    return CURRENCIES[i]


def _auto_picks(s: State) -> None:
    """Deal out coins while there is no choice (one currency left, A8) or the seat to take one has a
    standing order (`pick:rest`, A13); acquire once the middle is empty."""
    while sum(s["pot"]):
        seat = s["queue"][0]
        if sum(1 for k in s["pot"] if k) > 1 and seat not in s["rest"]:
            return
        _give(s, seat, best_coin(s["pot"], seat_values(s, seat)))
    _acquire(s)


def _give(s: State, player: Player, c: str) -> None:
    """Move one coin of currency `c` from the middle to `player`, whose turn passes on."""
    i = CURRENCIES.index(c)
    s["pot"][i] -= 1
    s["coins"][player][i] += 1
    s["events"].append({"e": "pick", "p": player, "c": c})
    s["queue"] = [*s["queue"][1:], s["queue"][0]]


def _pick(s: State, player: Player, c: str) -> None:
    """A seat takes its coin, or from now on the coin worth most to it (`rest`); the dealing goes on."""
    if c == REST:
        s["rest"].append(player)
        s["events"].append({"e": "rest", "p": player})
    else:
        _give(s, player, c)
    _auto_picks(s)


def _acquire(s: State) -> None:
    """Give the winner the lot: goods onto their stacks (the higher value on top), surge cards in front."""
    w = s["winner"]
    for i, g in enumerate(GOODS):
        cards = [c for c in s["lot"] if is_goods(c) and good(c) == g]
        if cards:
            s["stacks"][w][i] = stack_with(s["stacks"][w][i], cards)
    got = {currency(c) for c in s["lot"] if c in SURGE_CARDS}
    s["surges"][w] = sorted({*s["surges"][w], *got}, key=CURRENCIES.index)
    s["events"].append({"e": "acquire", "p": w, "lot": list(s["lot"])})
    _refill(s)


def _unsold(s: State, bids: list[Coins] | None) -> None:
    """Nobody bid: the lot goes back in the box."""
    s["box"] = [*s["box"], *s["lot"]]
    s["events"].append({"e": "unsold", "lot": list(s["lot"])})
    s["last"] = {"kind": s["mode"], "lot": list(s["lot"]), "winner": None, "paid": None, "bids": bids}
    _refill(s)


def _take_crash(s: State, player: Player, bids: list[Coins] | None = None) -> None:
    """The seat takes the crash card and every coin in the middle (`bids`: the sealed fists, if sealed)."""
    pot = list(s["pot"])
    s["coins"][player] = [k + x for k, x in zip(s["coins"][player], pot, strict=True)]
    s["pot"] = [0] * len(CURRENCIES)
    c = currency(s["lot"][0])
    s["crashes"][player] = sorted({*s["crashes"][player], c}, key=CURRENCIES.index)
    s["events"].append({"e": "crash", "p": player, "card": s["lot"][0], "got": pot})
    kind = "crash" if bids is None else "crash_sealed"
    s["last"] = {"kind": kind, "lot": list(s["lot"]), "winner": player, "paid": pot, "bids": bids}
    _refill(s)


def _reveal(s: State) -> None:
    """Open every sealed fist: settle the sealed auction or the sealed crash auction."""
    bids = [list(b) for b in s["bids"]]
    s["events"].append({"e": "reveal", "bids": [list(b) for b in bids]})
    s["bids"] = [None] * s["players"]
    if s["phase"] == CRASH_SEALED:
        taker = crash_taker(bids, s["dealer"])
        total = [sum(col) for col in zip(*bids, strict=True)]
        for p, b in enumerate(bids):
            s["coins"][p] = [k - x for k, x in zip(s["coins"][p], b, strict=True)]
        s["pot"] = total
        _take_crash(s, taker, bids)
        return
    winner = sealed_winner(bids, s["dealer"])
    if winner is None:
        _unsold(s, bids)
        return
    s["winner"] = winner
    paid = bids[winner]
    s["coins"][winner] = [k - x for k, x in zip(s["coins"][winner], paid, strict=True)]
    s["events"].append({"e": "win", "p": winner, "lot": list(s["lot"]), "paid": list(paid)})
    s["last"] = {"kind": "sealed", "lot": list(s["lot"]), "winner": winner, "paid": list(paid), "bids": bids}
    _deal_out(s, paid)


def _refill(s: State) -> None:
    """Turn as many cards as were offered; end at once if the deck ran out, else pass the dealer card left."""
    k = len(s["lot"])
    drawn = s["deck"][:k]
    s["deck"] = s["deck"][k:]
    s["row"] = [*s["row"], *drawn]
    s["lot"], s["winner"], s["starter"], s["turn"] = [], None, None, None
    s["high"], s["leader"], s["out"], s["queue"], s["rest"] = -1, None, [], [], []
    s["pot"] = [0] * len(CURRENCIES)
    s["auctions"] += 1
    if not s["deck"]:
        s["phase"] = OVER
        s["events"].append({"e": "refill", "cards": drawn})
        n = s["players"]
        s["events"].append({"e": "over", "scores": [score(s, p) for p in range(n)]})
        return
    s["dealer"] = (s["dealer"] + 1) % s["players"]
    s["phase"] = OFFER
    s["events"].append({"e": "refill", "cards": drawn})
    s["events"].append({"e": "dealer", "p": s["dealer"], "k": s["auctions"] + 1})


VALUE_SCALE: Final = ValueScale()
