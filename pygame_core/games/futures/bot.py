"""The Futures! trader bot: reads only its own view and projects this round's price moves.

It counts the market cards it can see (face-up ones and its own face-down ones; unknown ones count as
neutral), projects where each price ends the round (bursts included), then places the card that helps
its markers most, settles markers the projection says will fall back or burst, opens a trade when the
projected profit beats the fee and a pass, and otherwise passes. It never discards for extra actions. It
buys the 4th marker in the action step, or right after its last action when that action paid for it.
"""

from collections.abc import Callable, Iterator, Sequence
from functools import cache

from ...engine import Action, Game, Player, Rng, State, View
from .rules import (
    COMMODITIES,
    EXTRA_MARKER_PRICE,
    FINAL_SETTLEMENTS,
    LADDER,
    PASS_INCOME,
    TOP_ROW,
    marker_value,
    trade_fee,
)

TRADE_MARGIN = 0.5  # a trade must beat a sure pass by this much, for the risk it carries
Outlook = tuple[tuple[int, bool], ...]  # per commodity: projected end-of-round price, and whether it bursts


@cache
def card_push(card: str) -> tuple[int, int]:
    """Return the commodity index a card moves and its direction (+1 UP, -1 DOWN)."""
    return COMMODITIES.index(card[0]), 1 if card[1] == "U" else -1


def net_pushes(cards: list[str]) -> list[int]:
    """Return how many rows the cards move each commodity, all together."""
    net = [0] * len(COMMODITIES)
    for card in cards:
        c, d = card_push(card)
        net[c] += d
    return net


def outlook(rows: list[int], mid: list[str], end: list[str]) -> Outlook:
    """Return each commodity's projected price after the mid cards and then the end cards move it."""
    return projection(rows, net_pushes(mid), net_pushes(end))


def projection(rows: list[int], *moves: list[int]) -> Outlook:
    """Return each commodity's projected price after each fluctuation's net pushes in turn."""
    out: list[tuple[int, bool]] = []
    for i in range(len(COMMODITIES)):
        row = rows[i]
        for net in moves:
            row += net[i]
            if net[i] and (row <= 0 or row >= TOP_ROW):
                out.append((LADDER[min(max(row, 0), TOP_ROW)], True))
                break
        else:
            out.append((LADDER[row], False))
    return tuple(out)


def projected(side: str, start: int, look: tuple[int, bool]) -> int:
    """Return a marker's projected value at the round's end: a burst pays only debts."""
    value = marker_value(side, start, look[0])
    return min(value, 0) if look[1] else value


class TraderBot:
    """A Futures! bot that trades on the market cards it can see."""

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the action the projection favours."""
        v = game.view(state, player)
        verb = legal[0].split(":")[0]
        if verb == "give":
            return self._give(v, legal)
        if verb == "place":
            places = [a for a in legal if a.startswith("place:")]
            options = self._options(v)

            @cache  # many placements project the same prices
            def worth(look: Outlook) -> float:
                """Return how good the portfolio and the best follow-up look under a projection."""
                held, opts = options(look)
                return held + max(b for b, _ in opts)

            return max(self._placements(v, places), key=lambda placed: worth(placed[1]))[0]
        if verb == "reveal":
            reveals = [a for a in legal if a.startswith("reveal:")]
            unknown = [a for a in reveals if "card" not in v["slots"][int(a.split(":")[1])]]
            return (unknown or reveals)[0]
        if verb == "end":
            return "marker" if self._wants_marker(v, legal) else "end"
        return self._act(v, legal)

    def _wants_marker(self, v: View, legal: Sequence[Action]) -> bool:
        """Return whether to buy the 4th marker now: all markers out, money to spare, the game young."""
        me = v["viewer"]
        return (
            "marker" in legal
            and v["free_markers"][me] == 0
            and v["money"][me] >= 2 * EXTRA_MARKER_PRICE
            and v["round"] <= v["rounds"] // 2
        )

    def _cards(self, v: View) -> tuple[list[str], list[str]]:
        """Return the known cards of the mid and the end fluctuations still to come this round."""
        tops: list[tuple[bool, str | None]] = [(s["down"], s.get("card")) for s in v["slots"]]
        end = [c for _, c in tops if c is not None]
        if v["phase"] == "early":
            return [c for down, c in tops if not down and c is not None], end
        if v["phase"] == "late":
            return [], end
        return [], []

    def _placements(self, v: View, places: Sequence[Action]) -> Iterator[tuple[Action, Outlook]]:
        """Yield each placement (early, on a face-up card) with the projection after it: the known cards
        counted once, then the placed card added to the end fluctuation, the covered one taken from both."""
        mid, end = (net_pushes(cards) for cards in self._cards(v))
        for action in places:
            _, slot, card = action.split(":")
            mid_after, end_after = list(mid), list(end)
            c, d = card_push(card)
            end_after[c] += d
            c, d = card_push(v["slots"][int(slot)]["card"])
            mid_after[c] -= d
            end_after[c] -= d
            yield action, projection(v["rows"], mid_after, end_after)

    def _options(self, v: View) -> Callable[[Outlook], tuple[int, list[tuple[float, str]]]]:
        """Return what a projection gives: the viewer's markers' projected value, and (benefit, action) for a
        pass, every settle and every trade (what the projection does not change is worked out once)."""
        me, prices = v["viewer"], v["prices"]
        last = v["round"] == v["rounds"]
        trading = v["free_markers"][me] > 0 and not (last and v["phase"] != "early")
        settles = [
            (c, m[2], m[3], marker_value(m[2], m[3], prices[c]), f"settle:{m[1]}:{m[2]}:{m[3]}")
            for m in v["markers"]
            if m[0] == me
            for c in [COMMODITIES.index(m[1])]
        ]
        trades = [
            (
                i,
                side,
                prices[i],
                trade_fee(v["markers"], name, side, prices[i]) + TRADE_MARGIN,
                f"trade:{name}:{side}",
            )
            for i, name in enumerate(COMMODITIES)
            for side in ("U", "D")
            if trading
        ]

        def options(look: Outlook) -> tuple[int, list[tuple[float, str]]]:
            """Return the markers' projected value and every option's benefit under `look`."""
            futures = [projected(side, start, look[c]) for c, side, start, _, _ in settles]
            ranked = sorted(futures, reverse=True)
            keep_floor = ranked[FINAL_SETTLEMENTS - 1] if last and len(ranked) > FINAL_SETTLEMENTS else None
            opts: list[tuple[float, str]] = [(PASS_INCOME, "pass")]
            for (_, _, _, now, action), later in zip(settles, futures, strict=True):
                if keep_floor is not None and later < keep_floor:
                    later = min(later, 0)
                opts.append((now - later, action))
            opts.extend((projected(side, at, look[i]) - cost, action) for i, side, at, cost, action in trades)
            return sum(futures), opts

        return options

    def _act(self, v: View, legal: Sequence[Action]) -> Action:
        """Return the best of settle, trade and pass; buy the 4th marker early if all are out."""
        if self._wants_marker(v, legal):
            return "marker"
        look = outlook(v["rows"], *self._cards(v))
        allowed = set(legal)
        _, opts = self._options(v)(look)
        best = max((o for o in opts if o[1] in allowed), key=lambda o: o[0])
        return best[1]

    def _give(self, v: View, legal: Sequence[Action]) -> Action:
        """Return the gift that helps the viewer's own markers least."""
        exposure = [0] * len(COMMODITIES)
        for m in v["markers"]:
            if m[0] == v["viewer"]:
                exposure[COMMODITIES.index(m[1])] += 1 if m[2] == "U" else -1

        def worth(action: Action) -> int:
            c, d = card_push(action.split(":")[1])
            return exposure[c] * d

        return min(legal, key=worth)
