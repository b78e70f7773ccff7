"""Stock Trader (電気通信大学 非電源ゲーム研究会): a stock market card game for 3 or 4 players.

Every tunable number of the game lives in the constants block below, once.
Seats 0..n-1 play in turn order from seat 0. Colours (countries) are R (red), B (blue) and G (green).

The rate sheet of a colour is a row of squares; stocks pack to the right (the dear end), five to a
square, so a colour's sheet is one number: the stocks on it. The price is the rightmost empty square
plus 2 per +2 card (minus 2 per -2 card); a colour's ±2 cards are one signed count (`mods`).

Actions are short strings (also the `data-action` of the board):

- ``play:<card>``         use a hand card (its cost is paid now); it may ask for more below
- ``discard:<card>``      discard a card face down; ``discard:<card>:<c>`` and sell one stock of colour c
- ``colour:<c>``          the colour a country-choosing card acts on
- ``buy:<n>`` ``sell:<n>``  the size of the trade the card allows
- ``credit:up`` ``credit:down``  credit manipulation: a +2 or a -2 card on the chosen colour
- ``skip``                a forced play (confusion, fairy) with no usable card
- ``drop:<card>``         discard a card face down to bring the hand down to three before the turn ends
- ``loan`` ``repay``      take a loan (+10, an IOU) or pay one back (-20), at any moment of your own turn
- ``end``                 end the turn after paying loans back

A card is a kind, with a colour for the coloured kinds: ``basic-R``, ``double-G``, ``up-B``, ``down-R``,
``anywhere``, ``buyall``, ``sellall``, ``credit``, ``confusion``, ``fairy``.

>>> from pygame_core.engine import Rng
>>> s = STOCK_TRADER.new_state(4, Rng(1), dict(STOCK_TRADER.default_options))
>>> [price(s, c) for c in s["colours"]], [len(p) for p in s["piles"]], s["cash"]
([5, 5, 5], [12, 9, 9, 9, 9], [10, 10, 10, 10])
>>> base_price(17), base_price(0), dividend_rate(12), dividend_rate(5)
(6, 15, 2, 0)
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Final

from ...engine import Game, Options, Outcome, Player, Rng, State, View, top_scorers

# The rules' numbers, all in one place.
COLOURS: Final = ("R", "B", "G")
STOCKS: Final = 31  # of each colour
SQUARES: Final = (15, 12, 10, 8, 6, 5, 4, 3)  # from the dear end leftwards; below 6: assumption A1
CAPACITY: Final = 5  # stocks per square
START_SHEET: Final = 23  # 5 each on 15, 12, 10 and 8, 3 on 6: the price starts at 5
START_HOLDING: Final = 2  # of each colour, per player
START_CASH: Final = 10
HAND: Final = 3
PILES: Final = {4: (12, 9, 9, 9, 9), 3: (9, 7, 7, 7, 6)}  # piles I-V, the rest is dealt
DIVIDENDS: Final = {15: 3, 12: 2, 10: 2, 8: 1, 6: 1}  # per stock by square; 5 and below pay nothing
CREDIT_CARDS: Final = 8  # ±2 cards in the box
CREDIT_STEP: Final = 2
LOAN: Final = 10
REPAY: Final = 20
IOU_PENALTY: Final = 30
MAX_IOUS: Final = 3
DEAD_TO_END: Final = 2  # untradeable colours that end the game at once
COLOURED: Final = {"basic": 10, "double": 3, "up": 1, "down": 1}  # copies per colour
PLAIN: Final = {"anywhere": 4, "buyall": 2, "sellall": 2, "credit": 2, "confusion": 4, "fairy": 1}
COSTS: Final = {
    "basic": 0,
    "double": 1,
    "anywhere": 1,
    "buyall": 5,
    "sellall": 8,
    "up": 3,
    "down": 3,
    "credit": 5,
    "confusion": 0,
    "fairy": 5,
}
LIMITS: Final = {"basic": 5, "double": 10, "anywhere": 5}  # buyall/sellall: the sheet / the holding
FORCED: Final = {"confusion": (3, 1), "fairy": (2, 2)}  # cards drawn from the discards, forced plays
TRADES: Final = ("basic", "double", "anywhere", "buyall", "sellall")
CHOOSERS: Final = ("anywhere", "buyall", "sellall", "credit")  # kinds that name a colour when played

MAIN, COLOUR, TRADE, CREDIT, FORCE, TRIM, END = "main", "colour", "trade", "credit", "force", "trim", "end"
OVER = "over"
LEGENDARY, FALLEN = "legendary", "fallen"


def kind(card: str) -> str:
    """Return a card's kind: `basic-R` -> `basic`."""
    return card.partition("-")[0]


def card_colour(card: str) -> str | None:
    """Return a coloured card's colour, else None."""
    return card.partition("-")[2] or None


def deck(colours: tuple[str, ...] | list[str]) -> list[str]:
    """Return the action cards for the colours in play, sorted (60 for three colours, 45 for two)."""
    cards = [f"{k}-{c}" for k, n in COLOURED.items() for c in colours for _ in range(n)]
    cards += [k for k, n in PLAIN.items() for _ in range(n)]
    return sorted(cards)


def base_price(on_sheet: int) -> int:
    """Return the rightmost empty square's number when `on_sheet` stocks pack from the right (15: none)."""
    return SQUARES[-(-on_sheet // CAPACITY)]


def dividend_rate(square: int) -> int:
    """Return the dividend per stock paid on a square."""
    return DIVIDENDS.get(square, 0)


def square_stocks(on_sheet: int) -> list[int]:
    """Return the stocks on each square, in the order of SQUARES (the dear end first)."""
    return [max(0, min(CAPACITY, on_sheet - CAPACITY * i)) for i in range(len(SQUARES))]


def price(state: State, c: str) -> int:
    """Return a colour's price with its ±2 cards: legendary 15 plus its cards, fallen 0."""
    if state["dead"][c] == FALLEN:
        return 0
    mods: int = state["mods"][c]
    return base_price(state["sheet"][c]) + CREDIT_STEP * mods


def dividend(state: State, c: str) -> int:
    """Return a colour's dividend per stock now, from its square without the ±2 cards (fallen: none)."""
    if state["dead"][c] == FALLEN:
        return 0
    return dividend_rate(base_price(state["sheet"][c]))


def live(state: State) -> list[str]:
    """Return the colours still traded."""
    return [c for c in state["colours"] if state["dead"][c] is None]


def effective(state: State, card: str) -> str:
    """Return the kind a card acts as: a card of an untradeable colour acts as an anywhere trade."""
    c = card_colour(card)
    return "anywhere" if c is not None and state["dead"][c] is not None else kind(card)


def credit_free(state: State) -> int:
    """Return the ±2 cards not on the sheets."""
    mods: dict[str, int] = state["mods"]
    return CREDIT_CARDS - sum(abs(m) for m in mods.values())


def can_shift(state: State, c: str, step: int) -> bool:
    """Return whether a colour's ±2 cards can move by `step` (+1 or -1): towards zero, or a card is free."""
    m = state["mods"][c]
    return state["dead"][c] is None and (m * step < 0 or credit_free(state) > 0)


def trade_sizes(state: State, player: Player, card: str, c: str, cash: int) -> tuple[int, int]:
    """Return the most stocks of colour c the card could buy with `cash`, and sell."""
    k = effective(state, card)
    if state["dead"][c] is not None:
        return 0, 0
    on_sheet, held = state["sheet"][c], state["holdings"][player][c]
    limit = LIMITS.get(k, STOCKS)
    most_buy = min(limit, on_sheet, cash // price(state, c)) if k != "sellall" else 0
    most_sell = min(limit, held) if k != "buyall" else 0
    return most_buy, most_sell


def colour_options(state: State, player: Player, card: str, cash: int) -> list[str]:
    """Return the colours a card can act on for `player` holding `cash` once its cost is paid."""
    k = effective(state, card)
    if k == "credit":
        return [c for c in live(state) if can_shift(state, c, 1) or can_shift(state, c, -1)]
    if k in ("up", "down"):
        c = card_colour(card) or ""
        return [c] if can_shift(state, c, 1 if k == "up" else -1) else []
    if k in TRADES:
        own = card_colour(card)
        colours = [own] if k in ("basic", "double") and own is not None else live(state)
        return [c for c in colours if any(trade_sizes(state, player, card, c, cash))]
    return [""]  # confusion and fairy need no colour


def playable(state: State, player: Player, card: str) -> bool:
    """Return whether `player` can use the card now: its cost paid, it has something to do."""
    cash = state["cash"][player] - COSTS[effective(state, card)]
    return cash >= 0 and bool(colour_options(state, player, card, cash))


def worth(state: State, player: Player) -> int:
    """Return a seat's total assets: cash, plus stocks at their prices, minus 30 per IOU."""
    stocks: int = sum(n * price(state, c) for c, n in state["holdings"][player].items())
    cash: int = state["cash"][player]
    ious: int = state["ious"][player]
    return cash + stocks - IOU_PENALTY * ious


def can_loan(state: State, player: Player) -> bool:
    """Return whether the seat may take a loan now (once per turn, at most three IOUs)."""
    return not state["loaned"] and state["ious"][player] < MAX_IOUS


def can_repay(state: State, player: Player) -> bool:
    """Return whether the seat may pay an IOU back now."""
    ious: int = state["ious"][player]
    cash: int = state["cash"][player]
    return ious > 0 and cash >= REPAY


def phases_left(state: State) -> int:
    """Return the dividend phases still to come: one per pile with cards."""
    return sum(1 for pile in state["piles"] if pile)


def unseen(state: State, player: Player) -> list[str]:
    """Return the cards `player` cannot place: other hands, the piles, the discards not known as played."""
    cards = [c for p, h in enumerate(state["hands"]) if p != player for c in h]
    cards += [c for pile in state["piles"] for c in pile]
    secret = list(state["discard"])
    for c in state["known"]:
        secret.remove(c)
    return cards + secret


def moves(state: State, player: Player) -> list[str]:
    """Return the moves of the step under way, without loans and paying back (the seat must be to act)."""
    step = state["step"]
    kinds = list(dict.fromkeys(state["hands"][player]))
    acts: list[str] = []
    if step in (MAIN, FORCE):
        acts += [f"play:{k}" for k in kinds if playable(state, player, k)]
        if step == FORCE and not acts:
            acts.append("skip")
    if step == MAIN:
        for k in kinds:
            acts.append(f"discard:{k}")
            acts += [f"discard:{k}:{c}" for c in live(state) if state["holdings"][player][c] > 0]
    elif step == COLOUR:
        acts += [f"colour:{c}" for c in colour_options(state, player, state["card"], state["cash"][player])]
    elif step == TRADE:
        cash = state["cash"][player]
        most_buy, most_sell = trade_sizes(state, player, state["card"], state["colour"], cash)
        acts += [f"buy:{n}" for n in range(1, most_buy + 1)]
        acts += [f"sell:{n}" for n in range(1, most_sell + 1)]
    elif step == CREDIT:
        acts += [f"credit:{d}" for d, n in (("up", 1), ("down", -1)) if can_shift(state, state["colour"], n)]
    elif step == TRIM:
        acts += [f"drop:{k}" for k in kinds]
    elif step == END:
        acts.append("end")
    return acts


def repay_keeps_moves(state: State, player: Player, now: list[str]) -> bool:
    """Return whether paying an IOU back now leaves the step a move: it may not leave the card under way
    with nothing to do, nor turn a forced play into a skip (assumption A11)."""
    if state["step"] not in (FORCE, COLOUR, TRADE):  # the other steps' moves do not depend on cash
        return True
    paid = dict(state)
    paid["cash"] = list(state["cash"])
    paid["cash"][player] -= REPAY
    after = moves(paid, player)
    return bool(after) and (after != ["skip"] or "skip" in now)


class StockTrader(Game):
    """The rules of Stock Trader."""

    id = "stock_trader"
    name = "Stock Trader"
    min_players = 3
    max_players = 4
    default_options: ClassVar[Mapping[str, Any]] = MappingProxyType({"unused": "G"})
    option_choices: ClassVar[Mapping[str, tuple[Any, ...]]] = MappingProxyType({"unused": ("G", "R", "B")})

    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the dealt opening state: seat 0 to play."""
        unused = options["unused"]
        colours = [c for c in COLOURS if players == 4 or c != unused]
        cards = rng.shuffled(deck(colours))
        piles = []
        for size in PILES[players]:
            piles.append(cards[:size])
            cards = cards[size:]
        hands = [sorted(cards[HAND * p : HAND * (p + 1)]) for p in range(players)]
        held = START_HOLDING * players
        state: State = {
            "players": players,
            "colours": colours,
            "sheet": {c: START_SHEET for c in colours},
            "box": {c: STOCKS - START_SHEET - held for c in colours},
            "mods": {c: 0 for c in colours},
            "dead": {c: None for c in colours},
            "holdings": [{c: START_HOLDING for c in colours} for _ in range(players)],
            "cash": [START_CASH] * players,
            "ious": [0] * players,
            "piles": piles,
            "hands": hands,
            "discard": [],
            "known": [],
            "out": [],
            "turn": 0,
            "step": MAIN,
            "card": None,
            "colour": None,
            "frames": [],
            "loaned": False,
            "dividends": 0,
            "paid": [0] * players,
            "events": [{"e": "start", "colours": list(colours)}],
            "rng": rng.state,
        }
        return state

    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the seat whose turn it is, none once the game is over."""
        return () if state["step"] == OVER else (state["turn"],)

    def legal_actions(self, state: State, player: Player) -> list[str]:
        """Return every legal action of `player` now, in a stable order."""
        if player not in self.to_act(state):
            return []
        acts = moves(state, player)
        if can_loan(state, player):
            acts.append("loan")
        if can_repay(state, player) and repay_keeps_moves(state, player, acts):
            acts.append("repay")
        return acts

    def transition(self, state: State, player: Player, action: str) -> State:
        """Return the state after a legal action."""
        s = _fork(state)
        s["events"] = []
        verb, _, arg = action.partition(":")
        if verb == "loan":
            s["cash"][player] += LOAN
            s["ious"][player] += 1
            s["loaned"] = True
            s["events"].append({"e": "loan", "p": player, "ious": s["ious"][player]})
        elif verb == "repay":
            s["cash"][player] -= REPAY
            s["ious"][player] -= 1
            s["events"].append({"e": "repay", "p": player, "ious": s["ious"][player]})
            if s["step"] == END and not can_repay(s, player):
                _end_turn(s)
        elif verb == "end":
            _end_turn(s)
        elif verb == "discard":
            _discard(s, player, arg)
        elif verb == "play":
            _play(s, player, arg)
        elif verb == "skip":
            s["frames"][-1][1] -= 1
            s["events"].append({"e": "skip", "p": player})
            _after_play(s)
        elif verb == "colour":
            _name_colour(s, player, arg)
        elif verb == "drop":
            s["hands"][player].remove(arg)
            s["discard"].append(arg)
            s["events"].append({"e": "drop", "p": player})
            if len(s["hands"][player]) <= HAND:
                _finish(s)
        elif verb in ("buy", "sell"):
            _trade(s, player, s["colour"], int(arg) if verb == "buy" else -int(arg))
            _after_play(s)
        else:
            _shift(s, player, s["colour"], 1 if arg == "up" else -1)
            _after_play(s)
        return s

    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may see (None: the public table): only the viewer's own hand; the cards
        played into the discards since their last shuffle are public (`known`: every play is announced)."""
        colours = state["colours"]
        out: View = {
            "game": self.id,
            "viewer": player,
            "players": state["players"],
            "colours": list(colours),
            "sheet": dict(state["sheet"]),
            "squares": {c: square_stocks(state["sheet"][c]) for c in colours},
            "mods": dict(state["mods"]),
            "dead": dict(state["dead"]),
            "prices": {c: price(state, c) for c in colours},
            "dividend": {c: dividend(state, c) for c in colours},
            "credit_free": credit_free(state),
            "holdings": [dict(h) for h in state["holdings"]],
            "cash": list(state["cash"]),
            "ious": list(state["ious"]),
            "worth": [worth(state, p) for p in range(state["players"])],
            "piles": [len(p) for p in state["piles"]],
            "discard": len(state["discard"]),
            "known": sorted(state["known"]),
            "out": len(state["out"]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "turn": state["turn"],
            "step": state["step"],
            "card": state["card"],
            "colour": state["colour"],
            "frames": [list(f) for f in state["frames"]],
            "loaned": state["loaned"],
            "dividends": state["dividends"],
            "paid": list(state["paid"]),
            "to_act": list(self.to_act(state)),
            "events": [dict(e) for e in state["events"]],
            "result": None,
        }
        if player is not None:
            out["hand"] = list(state["hands"][player])
        outcome = self.result(state)
        if outcome is not None:
            out["result"] = outcome.to_json()
        return out

    def result(self, state: State) -> Outcome | None:
        """Return every seat's total assets and the richest seats once the game is over."""
        if state["step"] != OVER:
            return None
        return top_scorers(tuple(worth(state, p) for p in range(state["players"])))

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's assets now plus the dividends its stocks would earn at today's squares."""
        left = phases_left(state)
        return tuple(
            worth(state, p) + left * sum(n * dividend(state, c) for c, n in h.items())
            for p, h in enumerate(state["holdings"])
        )

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return the state with every card `player` cannot place dealt anew to the same places."""
        s = _fork(state)
        pool = rng.shuffled(sorted(unseen(state, player)))
        for p in range(s["players"]):
            if p != player:
                size = len(s["hands"][p])
                s["hands"][p], pool = sorted(pool[:size]), pool[size:]
        piles = []
        for pile in s["piles"]:
            piles.append(pool[: len(pile)])
            pool = pool[len(pile) :]
        s["piles"] = piles
        s["discard"] = [*s["known"], *pool]
        s["rng"] = rng.next64()
        return s

    def why_illegal(self, state: State, player: Player, action: str) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        step = state["step"]
        verb, _, arg = action.partition(":")
        hand = state["hands"][player]
        if step == OVER:
            return "the game is over"
        if verb == "loan":
            if state["loaned"]:
                return "one loan per turn"
            if state["ious"][player] >= MAX_IOUS:
                return f"you already hold {MAX_IOUS} IOUs"
            return "loans are taken during your own turn"
        if verb == "repay":
            if state["ious"][player] == 0:
                return "you hold no IOU"
            if state["cash"][player] < REPAY:
                return f"paying an IOU back costs {REPAY}"
            return "paying now would leave the card under way, or a forced play, with nothing to do"
        if verb in ("play", "discard") and arg.partition(":")[0] not in hand:
            return "you hold no such card"
        if verb == "play":
            if step not in (MAIN, FORCE):
                return "finish the card under way first"
            need = COSTS[effective(state, arg)]
            if need > state["cash"][player]:
                return f"that card costs {need} and you have {state['cash'][player]}"
            return "that card has nothing it could do now"
        if verb == "discard":
            if step != MAIN:
                return "a card is discarded instead of using one, at the start of the turn"
            return "you can sell one stock of a traded colour you hold"
        if step == FORCE:
            return "you must use a card from your hand now"
        if step == COLOUR:
            return "choose a colour the card can act on with colour:<c>"
        if step == TRADE:
            return "choose how many to buy:<n> or sell:<n> within the card's limit, the sheet and your cash"
        if step == CREDIT:
            return "choose credit:up or credit:down (a ±2 card must be free to place one)"
        if step == TRIM:
            return f"discard cards with drop:<card> until your hand holds {HAND}"
        if step == END:
            return "pay an IOU back with repay, or end the turn with end"
        return "use a card with play:<card> or discard one with discard:<card>[:<colour>]"


def _fork(state: State) -> State:
    """Return a copy of the state whose containers can be changed without touching the original."""
    s = dict(state)
    for key in ("sheet", "box", "mods", "dead"):
        s[key] = dict(state[key])
    for key in ("cash", "ious", "paid", "discard", "known", "out"):
        s[key] = list(state[key])
    s["holdings"] = [dict(h) for h in state["holdings"]]
    s["hands"] = [list(h) for h in state["hands"]]
    s["piles"] = [list(p) for p in state["piles"]]
    s["frames"] = [list(f) for f in state["frames"]]
    return s


def _discard(s: State, player: Player, arg: str) -> None:
    """Discard a card face down, and sell one stock if a colour is named; then the turn ends."""
    card, _, c = arg.partition(":")
    s["hands"][player].remove(card)
    s["discard"].append(card)
    s["events"].append({"e": "discard", "p": player})
    if c:
        _trade(s, player, c, -1)
    _after_play(s)


def _play(s: State, player: Player, card: str) -> None:
    """Use a card: pay its cost, then carry it out or ask for its colour, trade or forced plays."""
    if s["step"] == FORCE:
        s["frames"][-1][1] -= 1
    k = effective(s, card)
    s["hands"][player].remove(card)
    s["cash"][player] -= COSTS[k]
    s["events"].append({"e": "play", "p": player, "card": card, "as": k, "cost": COSTS[k]})
    if k in FORCED:
        draw, plays = FORCED[k]
        if k == "confusion":
            s["discard"] += s["hands"][player]
            s["hands"][player] = []
        rng = Rng(s["rng"])
        pile = rng.shuffled(s["discard"])
        s["rng"] = rng.state
        got = pile[:draw]
        s["discard"], s["known"] = pile[draw:], []
        s["hands"][player] = sorted([*s["hands"][player], *got])
        s["frames"].append([card, plays])
        s["events"].append({"e": "drew", "p": player, "n": len(got), "from": "discard"})
        s["step"] = FORCE
        return
    s["card"] = card
    if k in CHOOSERS:
        s["step"] = COLOUR
    else:
        _name_colour(s, player, card_colour(card) or "")


def _name_colour(s: State, player: Player, c: str) -> None:
    """Set the colour the card under way acts on, and carry out a credit card that needs no more."""
    s["colour"] = c
    k = effective(s, s["card"])
    if k in TRADES:
        s["step"] = TRADE
        if k in CHOOSERS:
            s["events"].append({"e": "colour", "p": player, "c": c})
    elif k == "credit":
        s["step"] = CREDIT
        s["events"].append({"e": "colour", "p": player, "c": c})
    else:
        _shift(s, player, c, 1 if k == "up" else -1)
        _after_play(s)


def _trade(s: State, player: Player, c: str, n: int) -> None:
    """Buy n stocks of colour c (sell -n if negative) at today's price; the price moves afterwards."""
    at = price(s, c)
    s["cash"][player] -= n * at
    s["holdings"][player][c] += n
    s["sheet"][c] -= n
    s["events"].append(
        {"e": "buy" if n > 0 else "sell", "p": player, "c": c, "n": abs(n), "price": at, "to": price(s, c)}
    )
    _check_dead(s, c)


def _shift(s: State, player: Player, c: str, step: int) -> None:
    """Put a +2 (step 1) or -2 (step -1) card on colour c; an opposite card is taken off instead."""
    before = price(s, c)
    s["mods"][c] += step
    s["events"].append(
        {
            "e": "credit",
            "p": player,
            "c": c,
            "step": step,
            "mods": s["mods"][c],
            "price": before,
            "to": price(s, c),
        }
    )
    _check_dead(s, c)


def _check_dead(s: State, c: str) -> None:
    """Mark colour c legendary (none left on the sheet) or fallen (price 0 or less); end at two such."""
    if s["dead"][c] is not None:
        return
    if s["sheet"][c] == 0:
        s["dead"][c] = LEGENDARY
    elif price(s, c) <= 0:
        s["dead"][c] = FALLEN
    else:
        return
    s["events"].append({"e": s["dead"][c], "c": c})
    if sum(1 for d in s["dead"].values() if d is not None) >= DEAD_TO_END:
        _game_over(s, "dead")


def _after_play(s: State) -> None:
    """Finish the card under way and any confusion or fairy whose forced plays are done; go on."""
    if s["step"] == OVER:
        return
    card = s["card"]
    if card is not None:
        s["discard"].append(card)
        s["known"].append(card)
    s["card"], s["colour"] = None, None
    while s["frames"] and s["frames"][-1][1] <= 0:
        done, _ = s["frames"].pop()
        if kind(done) == "confusion":
            s["out"].append(done)
        else:
            s["discard"].append(done)
            s["known"].append(done)
    if s["frames"]:
        s["step"] = FORCE
    elif len(s["hands"][s["turn"]]) > HAND:
        s["step"] = TRIM
    else:
        _finish(s)


def _finish(s: State) -> None:
    """Wait for IOUs to be paid back if the seat could pay one, else end the turn."""
    if can_repay(s, s["turn"]):
        s["step"] = END
    else:
        _end_turn(s)


def _end_turn(s: State) -> None:
    """Refill the hand to three from the first pile with cards; pay dividends for each emptied pile."""
    player = s["turn"]
    drawn = 0
    emptied = []
    while len(s["hands"][player]) < HAND and any(s["piles"]):
        i = next(i for i, pile in enumerate(s["piles"]) if pile)
        s["hands"][player].append(s["piles"][i].pop())
        drawn += 1
        if not s["piles"][i]:
            emptied.append(i)
    s["hands"][player].sort()
    s["events"].append({"e": "drew", "p": player, "n": drawn, "from": "pile"})
    for i in emptied:
        _dividends(s, i)
    if not any(s["piles"]):
        _game_over(s, "piles")
        return
    s["turn"] = (player + 1) % s["players"]
    s["step"], s["card"], s["colour"], s["loaned"] = MAIN, None, None, False


def _dividends(s: State, pile: int) -> None:
    """Pay every seat its stocks' dividends at today's squares, ±2 cards ignored."""
    rates = {c: dividend(s, c) for c in s["colours"]}
    paid = []
    for p, h in enumerate(s["holdings"]):
        amount = sum(n * rates[c] for c, n in h.items())
        s["cash"][p] += amount
        s["paid"][p] += amount
        paid.append(amount)
    s["dividends"] += 1
    s["events"].append({"e": "dividend", "pile": pile, "rates": rates, "paid": paid})


def _game_over(s: State, why: str) -> None:
    """End the game and announce every seat's total assets."""
    s["step"] = OVER
    n = s["players"]
    s["events"].append({"e": "over", "why": why, "worth": [worth(s, p) for p in range(n)]})


STOCK_TRADER: Final = StockTrader()
