"""Futures! (Kajino Katsura, One More Game!, 2014): commodity futures for 3 or 4 players.

Every tunable number of the game lives in the constants block below, once.
Seats 0..n-1 sit clockwise; a seat's left neighbour is the next seat (seat + 1).

Actions are short strings (also the `data-action` of the board):

- ``place:<slot>:<card>``  early trading: put a hand card face down on market slot 0-5
- ``reveal:<slot>``        late trading: turn a face-down market card face up
- ``trade:<c>:<side>``     put a trade marker on commodity c's UP (U) or DOWN (D) square at today's price
- ``settle:<c>:<side>:<price>``  settle one of your markers placed at that price
- ``pass``                 take 1 from the exchange
- ``discard:<card>:<card>``  discard two hand cards for one more action this phase
- ``marker``               buy the 4th trade marker for 5 (no action used), at any step of one's own turn
- ``end``                  end one's turn without buying (offered only after the turn's last action,
                           when that action earned the money for the 4th marker)
- ``give:<card>``          carry-over: the card you pass to your left neighbour, secretly

A commodity is C (CORN), R (RICE) or P (PEPPER); a card is a commodity and a side, e.g. ``CU`` or ``PD``.

>>> from pygame_core.engine import Rng
>>> s = FUTURES.new_state(4, Rng(1), {})
>>> FUTURES.to_act(s), s["phase"], len(s["deck"])
((0,), 'early', 28)
"""

from collections import Counter
from itertools import chain
from typing import Any, Final

from ...engine import Game, Options, Outcome, Player, Rng, State, View, top_scorers

# The rules' numbers, all in one place.
LADDER: Final = (0, 4, 8, 12, 15, 18, 21, 23, 25, 27, 29, 32, 35, 38, 42, 46, 50)  # assumption A1
START_ROW: Final = 8  # the middle row, price 25
TOP_ROW: Final = len(LADDER) - 1  # BURST at 50
COMMODITIES: Final = ("C", "R", "P")
COMMODITY_NAMES: Final = {"C": "CORN", "R": "RICE", "P": "PEPPER"}
SIDES: Final = ("U", "D")
CARDS: Final = tuple(c + s for c in COMMODITIES for s in SIDES)
COPIES: Final = 9  # of each of the 6 cards: 54 in all
HAND_SIZE: Final = 5
SLOTS: Final = 6
ROUNDS: Final = {3: 9, 4: 8}
BASE_FEE: Final = 1
PASS_INCOME: Final = 1
MARKERS: Final = 3
EXTRA_MARKER_PRICE: Final = 5
DISCARD_PER_ACTION: Final = 2
FINAL_SETTLEMENTS: Final = 2
NPC: Final = -1  # the owner of the NPC's face-down card in 3-player games

EARLY, LATE, CARRY, OVER = "early", "late", "carry", "over"
CARD_STEP, ACT_STEP, END_STEP = "card", "act", "end"
SOURCES: Final = ("pass", "fees", "settle", "burst", "marker", "final")  # where money comes from


def price(row: int) -> int:
    """Return the price printed on a ladder row."""
    return LADDER[row]


def marker_value(side: str, start: int, now: int) -> int:
    """Return what settling a marker pays (negative: owes): UP gains as the price rises, DOWN as it falls."""
    return now - start if side == "U" else start - now


def trade_fee(markers: list[list[Any]], commodity: str, side: str, at: int) -> int:
    """Return the fee for a new marker: 1 plus every marker already on that square, own ones included."""
    return BASE_FEE + len([m for m in markers if m[1] == commodity and m[2] == side and m[3] == at])


def current(state: State) -> Player:
    """Return the seat whose turn it is in a trading phase."""
    n: int = state["players"]
    k: int = state["turn"]
    sp: int = state["start"]
    return (sp - 1 - k) % n if state["phase"] == LATE else (sp + k) % n


def can_buy(state: State, player: Player) -> bool:
    """Return whether `player` may buy the 4th marker (once, with enough money; the turn is checked apart)."""
    return not state["bought"][player] and state["money"][player] >= EXTRA_MARKER_PRICE


def free_markers(state: State) -> list[int]:
    """Return how many trade markers each seat holds off the board."""
    owners = [m[0] for m in state["markers"]]
    return [MARKERS + int(bought) - owners.count(p) for p, bought in enumerate(state["bought"])]


class Futures(Game):
    """The rules of Futures!."""

    id = "futures"
    name = "Futures!"
    min_players = 3
    max_players = 4

    def new_state(self, players: int, rng: Rng, options: Options) -> State:
        """Return the dealt opening state after the first market fluctuation."""
        deck = rng.shuffled([card for card in CARDS for _ in range(COPIES)])
        hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(players)]
        slots = [[deck.pop()] for _ in range(SLOTS)]
        state: State = {
            "players": players,
            "rounds": ROUNDS[players],
            "round": 1,
            "phase": EARLY,
            "start": 0,
            "turn": 0,
            "step": CARD_STEP,
            "actions": 0,
            "rows": [START_ROW] * len(COMMODITIES),
            "slots": slots,
            "down": [None] * SLOTS,
            "npc": 0 if players == 3 else None,
            "deck": deck,
            "hands": hands,
            "money": [0] * players,
            "markers": [],
            "bought": [False] * players,
            "giving": [None] * players,
            "passed": [None] * players,
            "received": [None] * players,
            "discards": [[] for _ in range(players)],
            "ledger": [dict.fromkeys(SOURCES, 0) for _ in range(players)],
            "events": [],
            "rng": rng.state,
        }
        _fluctuate(state, [s[-1] for s in slots], "setup")
        _begin_early(state)
        return state

    def to_act(self, state: State) -> tuple[Player, ...]:
        """Return the seat whose turn it is, or every seat still to choose a card in the carry-over."""
        phase = state["phase"]
        if phase == CARRY:
            return tuple(p for p, g in enumerate(state["giving"]) if g is None)
        if phase == OVER:
            return ()
        return (current(state),)

    def legal_actions(self, state: State, player: Player) -> list[str]:
        """Return every legal action of `player` now, in a stable order."""
        phase = state["phase"]
        if phase == CARRY:
            if state["giving"][player] is not None:
                return []
        elif phase == OVER or player != current(state):
            return []
        hand = state["hands"][player]
        kinds = list(dict.fromkeys(hand))  # hands are kept sorted
        if phase == CARRY:
            return [f"give:{c}" for c in kinds]
        buy = ["marker"] if can_buy(state, player) else []
        if state["step"] == END_STEP:
            return ["end", *buy]
        if state["step"] == CARD_STEP:
            down = state["down"]
            if state["phase"] == EARLY:
                return [f"place:{s}:{c}" for s in range(SLOTS) if down[s] is None for c in kinds] + buy
            return [f"reveal:{s}" for s in range(SLOTS) if down[s] is not None] + buy
        acts: list[str] = []
        if free_markers(state)[player] > 0:
            acts += [f"trade:{c}:{side}" for c in COMMODITIES for side in SIDES]
        own = {(m[1], m[2], m[3]) for m in state["markers"] if m[0] == player}
        acts += [f"settle:{c}:{side}:{at}" for c, side, at in sorted(own, key=_marker_order)]
        acts.append("pass")
        counts = Counter(hand)
        acts += [
            f"discard:{a}:{b}"
            for i, a in enumerate(kinds)
            for b in kinds[i:]
            if a != b or counts[a] >= DISCARD_PER_ACTION
        ]
        return acts + buy

    def transition(self, state: State, player: Player, action: str) -> State:
        """Return the state after a legal action."""
        s = _fork(state)
        s["events"] = []
        verb, *args = action.split(":")
        if verb == "give":
            _give(s, player, args[0])
        elif verb == "place":
            slot, card = int(args[0]), args[1]
            s["hands"][player] = _without(s["hands"][player], card)
            s["slots"][slot] = [*s["slots"][slot], card]
            s["down"][slot] = player
            s["events"].append({"e": "place", "p": player, "slot": slot})
            s["step"], s["actions"] = ACT_STEP, 1
        elif verb == "reveal":
            slot = int(args[0])
            s["down"][slot] = None
            s["events"].append({"e": "reveal", "p": player, "slot": slot, "card": s["slots"][slot][-1]})
            s["step"], s["actions"] = ACT_STEP, 1
        elif verb == "discard":
            hand = _without(_without(s["hands"][player], args[0]), args[1])
            s["hands"][player] = hand
            s["discards"][player] = [*s["discards"][player], args[0], args[1]]
            s["actions"] += 1
            s["events"].append({"e": "discard", "p": player, "cards": [args[0], args[1]]})
        elif verb == "marker":
            s["bought"][player] = True
            _earn(s, player, "marker", -EXTRA_MARKER_PRICE)
            s["events"].append({"e": "marker", "p": player, "amount": -EXTRA_MARKER_PRICE})
            if s["step"] == END_STEP:
                _next_turn(s)
        elif verb == "end":
            _next_turn(s)
        else:
            could_buy = can_buy(s, player)
            _act(s, player, verb, args)
            s["actions"] -= 1
            if s["actions"] == 0:
                if can_buy(s, player) and not could_buy:
                    s["step"] = END_STEP  # the last action earned the 4th marker's price: buy it now or end
                else:
                    _next_turn(s)
        return s

    def view(self, state: State, player: Player | None) -> View:
        """Return what `player` may see (None: the public table): no other hand, face-down card or gift."""
        slots = []
        for i, stack in enumerate(state["slots"]):
            by = state["down"][i]
            slot: dict[str, Any] = {"height": len(stack), "down": by is not None}
            if by is None:
                slot["card"] = stack[-1]
            else:
                slot["by"] = by
                if by == player:
                    slot["card"] = stack[-1]
            slots.append(slot)
        out: View = {
            "game": self.id,
            "viewer": player,
            "players": state["players"],
            "rounds": state["rounds"],
            "round": state["round"],
            "phase": state["phase"],
            "start": state["start"],
            "step": state["step"],
            "actions": state["actions"],
            "to_act": list(self.to_act(state)),
            "prices": [price(r) for r in state["rows"]],
            "rows": list(state["rows"]),
            "slots": slots,
            "npc": state["npc"],
            "deck": len(state["deck"]),
            "discards": sum(map(len, state["discards"])),
            "discarded": [list(d) for d in state["discards"]],
            "out": dict(sorted(_out_of_play(state).items())),
            "ledger": [dict(sources) for sources in state["ledger"]],
            "money": list(state["money"]),
            "markers": [list(m) for m in state["markers"]],
            "free_markers": free_markers(state),
            "bought": list(state["bought"]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "chosen": [g is not None for g in state["giving"]],
            "events": [dict(e) for e in state["events"]],
            "result": None,
        }
        if player is not None:
            out["hand"] = list(state["hands"][player])
            out["giving"] = state["giving"][player]
            out["passed"] = state["passed"][player]
            out["received"] = state["received"][player]
        outcome = self.result(state)
        if outcome is not None:
            out["result"] = outcome.to_json()
        return out

    def result(self, state: State) -> Outcome | None:
        """Return the final money and the richest seats once the last round is settled."""
        if state["phase"] != OVER:
            return None
        return top_scorers(tuple(state["money"]))

    def estimate(self, state: State) -> tuple[float, ...]:
        """Return each seat's money plus what its markers would settle for at today's prices."""
        worth = [float(m) for m in state["money"]]
        for m in state["markers"]:
            worth[m[0]] += marker_value(m[2], m[3], price(state["rows"][COMMODITIES.index(m[1])]))
        return tuple(worth)

    def determinize(self, state: State, player: Player, rng: Rng) -> State:
        """Return the state with every card `player` cannot see dealt anew to its place, and a new RNG."""
        s = _fork(state)
        others = [p for p in range(s["players"]) if p != player]
        hidden_slots = [i for i, by in enumerate(s["down"]) if by is not None and by != player]
        pool = list(s["deck"])
        for p in others:
            pool += s["hands"][p]
            if s["giving"][p] is not None:
                pool.append(s["giving"][p])
        pool += [s["slots"][i][-1] for i in hidden_slots]
        pool = rng.shuffled(sorted(pool))  # sorted first: the redeal depends only on what `player` sees
        s["deck"] = [pool.pop() for _ in s["deck"]]
        for p in others:
            s["hands"][p] = sorted(pool.pop() for _ in s["hands"][p])
            if s["giving"][p] is not None:
                s["giving"][p] = pool.pop()
        for i in hidden_slots:
            s["slots"][i] = [*s["slots"][i][:-1], pool.pop()]
        for p in others:  # a gift between two other seats is unknown too
            to = (p + 1) % s["players"]
            if to != player and s["passed"][p] is not None:
                s["passed"][p] = s["received"][to] = rng.choice(CARDS)
        s["rng"] = rng.next64()
        return s

    def why_illegal(self, state: State, player: Player, action: str) -> str:
        """Return a reason a person can read for why `action` is not legal now."""
        verb, *args = action.split(":")
        hand = state["hands"][player]
        if state["phase"] == CARRY:
            if verb != "give":
                return "in the carry-over you choose a card to give with give:<card>"
            return "you hold no such card"
        if verb == "marker":
            if state["bought"][player]:
                return "you already bought the 4th marker"
            return f"the 4th marker costs {EXTRA_MARKER_PRICE} and you have {state['money'][player]}"
        if state["step"] == END_STEP:
            return "your actions are used: buy the 4th marker with marker, or end your turn with end"
        if state["step"] == CARD_STEP:
            need = "place:<slot>:<card>" if state["phase"] == EARLY else "reveal:<slot>"
            if verb not in ("place", "reveal"):
                return f"first {need}"
            if verb == "place" and len(args) == 2 and args[1] not in hand:
                return f"you hold no {args[1]} card"
            return f"that slot cannot take it now; use {need} on a legal slot"
        if verb == "trade":
            return (
                "you have no free trade marker" if free_markers(state)[player] == 0 else "no such commodity"
            )
        if verb == "settle":
            return "you have no marker there"
        if verb == "discard":
            return "you need both of those cards in your hand"
        if verb == "end":
            return "end is only for the moment after your last action, when you could buy the 4th marker"
        return "actions are place, reveal, trade, settle, pass, discard, marker, end and give"


def _marker_order(m: tuple[str, str, int]) -> tuple[int, int, int]:
    """Return a sort key for markers: commodity, side, price."""
    return COMMODITIES.index(m[0]), SIDES.index(m[1]), m[2]


def _fork(state: State) -> State:
    """Return a copy of the state whose lists can be replaced or changed without touching the original."""
    s = dict(state)
    for key in (
        "rows",
        "slots",
        "down",
        "hands",
        "money",
        "markers",
        "bought",
        "giving",
        "passed",
        "received",
        "discards",
        "ledger",
    ):
        s[key] = list(state[key])
    return s


def _without(cards: list[str], card: str) -> list[str]:
    """Return the cards with one copy of `card` taken out."""
    out = list(cards)
    out.remove(card)
    return out


def _earn(s: State, player: Player, source: str, amount: int) -> None:
    """Add `amount` to a seat's money and to its ledger under `source` (one of SOURCES)."""
    s["money"][player] += amount
    s["ledger"][player] = {**s["ledger"][player], source: s["ledger"][player][source] + amount}


def _out_of_play(state: State) -> Counter[str]:
    """Return the cards every seat has seen leave play: the discarded ones and those buried in the market."""
    return Counter(chain(*state["discards"], *(stack[:-1] for stack in state["slots"])))


def _act(s: State, player: Player, verb: str, args: list[str]) -> None:
    """Carry out a trade, settle or pass."""
    if verb == "pass":
        _earn(s, player, "pass", PASS_INCOME)
        s["events"].append({"e": "pass", "p": player, "amount": PASS_INCOME})
        return
    c, side = args[0], args[1]
    now = price(s["rows"][COMMODITIES.index(c)])
    if verb == "trade":
        fee = trade_fee(s["markers"], c, side, now)
        _earn(s, player, "fees", -fee)
        s["markers"].append([player, c, side, now])
        s["events"].append({"e": "trade", "p": player, "c": c, "side": side, "price": now, "amount": -fee})
    else:
        start = int(args[2])
        s["markers"].remove([player, c, side, start])
        value = marker_value(side, start, now)
        _earn(s, player, "settle", value)
        s["events"].append(
            {"e": "settle", "p": player, "c": c, "side": side, "price": start, "at": now, "amount": value}
        )


def _next_turn(s: State) -> None:
    """Move to the next seat's turn, or run the end of the trading phase."""
    s["turn"] += 1
    if s["turn"] < s["players"]:
        _begin_turn(s)
    elif s["phase"] == EARLY:
        _fluctuate(s, [s["slots"][i][-1] for i in range(SLOTS) if s["down"][i] is None], "mid")
        s["phase"], s["turn"] = LATE, 0
        s["events"].append({"e": "phase", "phase": LATE, "round": s["round"]})
        _begin_turn(s)
    else:
        for i in range(SLOTS):
            if s["down"][i] is not None:
                s["down"][i] = None
                s["events"].append({"e": "reveal", "p": None, "slot": i, "card": s["slots"][i][-1]})
        _fluctuate(s, [stack[-1] for stack in s["slots"]], "end")
        if s["round"] == s["rounds"]:
            _final_settlement(s)
        else:
            _begin_carry(s)


def _begin_turn(s: State) -> None:
    """Start the current seat's turn: its card step, skipped when there is nothing to place or reveal."""
    player = current(s)
    if s["phase"] == EARLY:
        can = bool(s["hands"][player]) and None in s["down"]
    else:
        can = any(by is not None for by in s["down"])
    s["step"], s["actions"] = (CARD_STEP, 0) if can else (ACT_STEP, 1)


def _begin_early(s: State) -> None:
    """Start early trading: in 3-player games the NPC covers its slot with the deck's top card."""
    s["phase"], s["turn"] = EARLY, 0
    s["events"].append({"e": "phase", "phase": EARLY, "round": s["round"]})
    if s["npc"] is not None:
        slot = s["npc"]
        s["deck"] = list(s["deck"])
        s["slots"][slot] = [*s["slots"][slot], s["deck"].pop()]
        s["down"][slot] = NPC
        s["events"].append({"e": "place", "p": NPC, "slot": slot})
    _begin_turn(s)


def _begin_carry(s: State) -> None:
    """Start the carry-over: every seat draws one card, then chooses one to give."""
    s["deck"] = list(s["deck"])
    for p in range(s["players"]):
        s["hands"][p] = sorted([*s["hands"][p], s["deck"].pop()])
    s["phase"], s["step"], s["actions"] = CARRY, CARD_STEP, 0
    s["events"].append({"e": "phase", "phase": CARRY, "round": s["round"]})


def _give(s: State, player: Player, card: str) -> None:
    """Set a secret gift aside; once all have chosen, pass each to the left and start the next round."""
    s["hands"][player] = _without(s["hands"][player], card)
    s["giving"][player] = card
    s["events"].append({"e": "give", "p": player})
    if None in s["giving"]:
        return
    n = s["players"]
    for p in range(n):
        got = s["giving"][(p - 1) % n]
        s["hands"][p] = sorted([*s["hands"][p], got])
        s["passed"][p], s["received"][p] = s["giving"][p], got
    s["giving"] = [None] * n
    s["start"] = (s["start"] + 1) % n
    if s["npc"] is not None:
        s["npc"] = (s["npc"] + 1) % SLOTS
    s["round"] += 1
    _begin_early(s)


def _fluctuate(s: State, cards: list[str], when: str) -> None:
    """Move each price one row per UP card less one per DOWN card; at 0 or 50 force-settle and reset."""
    for i, c in enumerate(COMMODITIES):
        net = cards.count(c + "U") - cards.count(c + "D")
        if net == 0:
            continue
        old = s["rows"][i]
        row = min(max(old + net, 0), TOP_ROW)
        s["events"].append({"e": "move", "when": when, "c": c, "from": price(old), "to": price(row)})
        if 0 < row < TOP_ROW:
            s["rows"][i] = row
            continue
        settled = []
        for m in [m for m in s["markers"] if m[1] == c]:
            owed = min(marker_value(m[2], m[3], price(row)), 0)
            _earn(s, m[0], "burst", owed)
            settled.append([m[0], m[2], m[3], owed])
        s["markers"] = [m for m in s["markers"] if m[1] != c]
        s["rows"][i] = START_ROW
        s["events"].append(
            {"e": "burst", "c": c, "at": price(row), "settled": settled, "to": price(START_ROW)}
        )


def _final_settlement(s: State) -> None:
    """Settle each seat's two best markers normally and force-settle the rest; the game is over."""
    for p in range(s["players"]):
        values = sorted(
            (
                marker_value(m[2], m[3], price(s["rows"][COMMODITIES.index(m[1])]))
                for m in s["markers"]
                if m[0] == p
            ),
            reverse=True,
        )
        chosen, forced = values[:FINAL_SETTLEMENTS], values[FINAL_SETTLEMENTS:]
        total = sum(chosen) + sum(min(v, 0) for v in forced)
        _earn(s, p, "final", total)
        s["events"].append({"e": "final", "p": p, "settled": chosen, "forced": forced, "amount": total})
    s["markers"] = []
    s["phase"], s["step"], s["actions"] = OVER, CARD_STEP, 0
    s["events"].append({"e": "phase", "phase": OVER, "round": s["round"]})


FUTURES: Final = Futures()
