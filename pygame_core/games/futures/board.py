"""The Futures! board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`; hand cards that are chosen before
an action (the card to place, the pair to discard) carry `data-select`. Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import (
    Texts,
    aside,
    board_root,
    commas,
    dotted,
    esc,
    figure,
    listed,
    result_panel,
    select_button,
    signed,
    tag,
    translate,
)
from .rules import (
    BASE_FEE,
    COMMODITIES,
    EXTRA_MARKER_PRICE,
    LADDER,
    MARKERS,
    PASS_INCOME,
    SIDES,
    START_ROW,
    TOP_ROW,
    marker_value,
    trade_fee,
)

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2")
GOODS_COLOURS = {"C": "#f2c230", "R": "#f4f1e6", "P": "#8a5a32"}
GOODS_INK = {"C": "#3a2c00", "R": "#333", "P": "#fff"}
ARROWS = {"U": "▲", "D": "▼"}
CHIP_STYLE = (
    "display:inline-block;white-space:nowrap;font-size:0.75rem;font-weight:600;padding:0 0.25rem;"
    "margin:1px;border:1px solid #888;border-radius:0.25rem"
)

TEXTS: Texts = {
    "en": {
        "seat0": "Red",
        "seat1": "Blue",
        "seat2": "Yellow",
        "seat3": "Purple",
        "C": "CORN",
        "R": "RICE",
        "P": "PEPPER",
        "U": "UP",
        "D": "DOWN",
        "early": "Early trading",
        "late": "Late trading",
        "carry": "Carry-over",
        "over": "Game over",
        "setup": "setup",
        "mid": "mid fluctuation",
        "end": "end fluctuation",
        "status": "Round {round}/{rounds} · {phase}",
        "market": "Market",
        "hand": "Your hand",
        "players": "Players",
        "money": "Money",
        "cards": "Cards",
        "markers": "Markers",
        "discarded": "Discarded",
        "start": "start player",
        "npc": "NPC",
        "burst": "BURST",
        "deck": "Deck {n}",
        "discards": "Discards {n}",
        "yours": "yours",
        "out": "Out of play (discarded or buried in the market):",
        "fee_rule": "Fee for a new trade marker: {base} + the markers already on that square. "
        "▲ UP squares (green, left) gain when the price rises, ▼ DOWN squares (red, right) when it falls. "
        "BURST at {low} and {high}: forced settlement, back to {start}.",
        "p_place": "Your turn: choose a card, then tap a free market slot to place it face down.",
        "p_reveal": "Your turn: tap a face-down market card to reveal it.",
        "p_act": "Your turn: choose an action ({n} left).",
        "p_end": "Your last action paid for the 4th marker: buy it now or end your turn.",
        "p_give": "Carry-over: choose a card to give to {name}.",
        "p_gave": "You give {card}. Waiting for the others…",
        "p_wait": "Waiting for {name}…",
        "p_over": "Game over.",
        "trade": "{good} {side} at {price} · fee {fee}",
        "settle": "Settle {good} {side} from {price}: {value}",
        "pass": "Pass (+{n})",
        "marker": "Buy 4th marker (−{n})",
        "end_turn": "End my turn",
        "discard": "Discard {a} + {b}: one more action",
        "select_two": "Select two cards to discard them for one more action.",
        "score": "Final money",
        "passed": "You passed {card}; you received {got}.",
        "e_move": "{good} {old} → {new} ({when})",
        "e_burst": "BURST! {good} hits {at}; forced settlement{who}; back to {to}",
        "e_place": "{name} places a card face down on slot {slot}",
        "e_npc": "The NPC covers slot {slot} face down",
        "e_reveal": "{name} reveals {card} on slot {slot}",
        "e_last": "The last face-down card, on slot {slot}, is {card}",
        "e_trade": "{name} trades {good} {side} at {price} (fee {fee})",
        "e_settle": "{name} settles {good} {side} from {price} at {at}: {value}",
        "e_pass": "{name} passes ({value})",
        "e_discard": "{name} discards {a} and {b} for one more action",
        "e_marker": "{name} buys the 4th marker ({value})",
        "e_give": "{name} has chosen a card to give",
        "e_gives": "{names} have chosen their cards to give",
        "e_phase": "Round {round}: {phase}",
        "e_final": "{name} settles at the end: {value}",
    },
    "ja": {
        "seat0": "赤",
        "seat1": "青",
        "seat2": "黄",
        "seat3": "紫",
        "C": "コーン",
        "R": "米",
        "P": "胡椒",
        "burst": "バースト",
        "U": "上昇",
        "D": "下落",
        "early": "前期取引",
        "late": "後期取引",
        "carry": "次期繰越",
        "over": "ゲーム終了",
        "setup": "準備",
        "mid": "中間変動",
        "end": "期末変動",
        "status": "ラウンド {round}/{rounds}・{phase}",
        "market": "場札",
        "hand": "手札",
        "players": "プレイヤー",
        "money": "所持金",
        "cards": "手札",
        "markers": "取引マーカー",
        "discarded": "捨て札",
        "start": "スタートプレイヤー",
        "deck": "山札{n}枚",
        "discards": "捨て札{n}枚",
        "yours": "自分",
        "out": "場から消えたカード（捨て札と場札の下）：",
        "fee_rule": "取引マーカーを置く手数料：{base}金＋そのマスに既にある取引マーカーの数。"
        "▲ 上昇のマス（緑、左）は値上がりで、▼ 下落のマス（赤、右）は値下がりで儲かります。"
        "{low}と{high}はバースト：強制決済して{start}に戻ります。",
        "p_place": "あなたの番：手札を選び、空いている場札をタップして伏せて重ねます。",
        "p_reveal": "あなたの番：伏せられた場札をタップして公開します。",
        "p_act": "あなたの番：アクションを選んでください（残り{n}回）。",
        "p_end": "最後のアクションで4個目の取引マーカーの代金ができました。今買うか、手番を終えてください。",
        "p_give": "次期繰越：{name}に渡すカードを選んでください。",
        "p_gave": "{card}を渡します。他のプレイヤーを待っています…",
        "p_wait": "{name}の番です…",
        "p_over": "ゲーム終了。",
        "trade": "{good} {side} {price}で売買・手数料{fee}",
        "settle": "{good} {side}（{price}）を決済：{value}",
        "pass": "パス（+{n}）",
        "marker": "4個目の取引マーカーを買う（−{n}）",
        "end_turn": "手番を終える",
        "discard": "{a}と{b}を捨ててアクション+1",
        "select_two": "手札を2枚選ぶと、捨ててアクションを1回増やせます。",
        "score": "最終所持金",
        "passed": "{card}を渡し、{got}を受け取りました。",
        "e_move": "{good} {old} → {new}（{when}）",
        "e_burst": "バースト！{good}が{at}に到達、強制決済{who}。{to}に戻ります",
        "e_place": "{name}が場札{slot}に伏せて重ねました",
        "e_npc": "NPCが場札{slot}に伏せて重ねました",
        "e_reveal": "{name}が場札{slot}の{card}を公開しました",
        "e_last": "最後の伏せカード（場札{slot}）は{card}でした",
        "e_trade": "{name}が{good} {side}を{price}で売買（手数料{fee}）",
        "e_settle": "{name}が{good} {side}（{price}→{at}）を決済：{value}",
        "e_pass": "{name}がパス（{value}）",
        "e_discard": "{name}が{a}と{b}を捨ててアクション+1",
        "e_marker": "{name}が4個目の取引マーカーを購入（{value}）",
        "e_give": "{name}が渡すカードを選びました",
        "e_gives": "{names}が渡すカードを選びました",
        "e_phase": "ラウンド{round}：{phase}",
        "e_final": "{name}の最終決済：{value}",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the players' colours."""
    return [translate(TEXTS, lang, f"seat{p}") for p in range(players)]


def card_label(card: str, lang: str) -> str:
    """Return a card's name, e.g. `CORN ▲`."""
    return f"{translate(TEXTS, lang, card[0])} {ARROWS[card[1]]}"


def chip(card: str, lang: str) -> str:
    """Return a card as a small coloured chip in words (the hand's look, smaller)."""
    style = f"background:{GOODS_COLOURS[card[0]]};color:{GOODS_INK[card[0]]};{CHIP_STYLE}"
    return tag(
        "span", esc(card_label(card, lang)), class_="tt-chip", style=style, data_explain=f"card:{card}"
    )


def ladders_svg(v: View, legal: set[str], lang: str) -> str:
    """Return the SVG of the three price ladders with their markers; legal trades and settles are hot."""
    row_h, top, col_w = 22, 26, 120
    height = top + row_h * len(LADDER) + 4
    out = []
    hot: list[str] = []  # the squares to tap for a trade, drawn last
    cells: dict[tuple[str, str], list[str]] = {}  # the empty squares, one path per commodity and look
    me = v["viewer"]

    def row_y(row: int) -> int:
        """Return the top of a ladder row's squares (row 0 at the bottom)."""
        return top + (TOP_ROW - row) * row_h

    for i, c in enumerate(COMMODITIES):
        x0 = i * col_w
        current = v["rows"][i]
        # Each ladder in a group of its own, today's price under its figure, and the squares' paths the same
        # all game: a price or a marker that moves changes its own ladder's few elements (which a paint then
        # marks), not every square of the column or the ladders after it.
        col = [
            tag(
                "rect",
                x=x0 + 39,
                y=row_y(current),
                width=42,
                height=row_h - 2,
                class_="tt-price tt-now",
                style=f"fill:{GOODS_COLOURS[c]}",
                data_explain=f"price:{c}",
            ),
            tag("text", esc(translate(TEXTS, lang, c)), x=x0 + col_w // 2, y=17, class_="tt-ladder-name"),
        ]
        for side, x in (("U", x0 + 19), ("D", x0 + 101)):
            col.append(
                tag(
                    "text",
                    ARROWS[side],
                    x=x,
                    y=17,
                    class_="tt-ladder-name",
                    data_explain=f"square:{side}:{c}",
                )
            )
        for row, price in enumerate(LADDER):
            y = row_y(row)
            burst = row in (0, TOP_ROW)
            here = row == current
            cls = "tt-cell tt-burst" if burst else "tt-cell"
            for look, x, w, key in (
                (cls + " tt-up", x0 + 1, 36, f"square:U:{c}"),
                (cls + " tt-down", x0 + 83, 36, f"square:D:{c}"),
                ("tt-price", x0 + 39, 42, f"price:{c}"),
            ):
                cells.setdefault((look, "burst" if burst else key), []).append(
                    f"M{x} {y}h{w}v{row_h - 2}h-{w}z"
                )
            label = f"{translate(TEXTS, lang, 'burst')} {price}" if burst and not here else str(price)
            col.append(
                tag(
                    "text",
                    esc(label),
                    x=x0 + 60,
                    y=y + 15,
                    class_="tt-price-text" + (" tt-burst-text" if burst else ""),
                    style=f"fill:{GOODS_INK[c]}" if here else None,
                    data_explain="burst" if burst and not here else f"price:{c}",
                )
            )
            if here:
                for side, sx in (("U", x0 + 1), ("D", x0 + 83)):
                    action = f"trade:{c}:{side}"
                    if action in legal:
                        hot.append(
                            hot_rect(
                                action,
                                v,
                                lang,
                                x=sx,
                                y=y,
                                width=36,
                                height=row_h - 2,
                                class_="tt-hot",
                                data_explain=f"square:{side}:{c}",
                            )
                        )
        squares: dict[tuple[str, int], list[int]] = {}
        for owner, good, side, price in v["markers"]:
            if good == c:
                squares.setdefault((side, price), []).append(owner)
        for (side, price), owners in squares.items():
            y = row_y(LADDER.index(price)) + row_h // 2 - 1
            sx = x0 + (1 if side == "U" else 83)
            for k, owner in enumerate(owners[:3]):
                col.append(
                    tag(
                        "circle",
                        cx=sx + 7 + 11 * k,
                        cy=y,
                        r=5,
                        fill=SEAT_COLOURS[owner],
                        class_="tt-marker",
                        data_explain=f"marker:{c}:{side}:{price}",
                    )
                )
            if len(owners) > 3:
                col.append(tag("text", f"+{len(owners) - 3}", x=sx + 30, y=y + 4, class_="tt-more"))
            action = f"settle:{c}:{side}:{price}"
            # On today's square a tap trades (a settle there pays nothing; its button stays below).
            covered = price == v["prices"][i] and f"trade:{c}:{side}" in legal
            if me in owners and action in legal and not covered:
                col.append(
                    hot_rect(
                        action,
                        v,
                        lang,
                        x=sx,
                        y=y - row_h // 2 + 1,
                        width=36,
                        height=row_h - 2,
                        class_="tt-hot tt-settle",
                        data_explain=f"marker:{c}:{side}:{price}",
                    )
                )
        out.append(tag("g", "".join(col)))
    label = esc(
        dotted(
            [f"{translate(TEXTS, lang, c)} {p}" for c, p in zip(COMMODITIES, v["prices"], strict=True)], lang
        )
    )
    paths = "".join(
        tag("path", d="".join(d), class_=look, data_explain=key) for (look, key), d in cells.items()
    )
    return tag(
        "svg",
        paths + "".join(out) + "".join(hot),  # trades on top: a tap on a square full of markers trades
        viewBox=f"0 0 {col_w * 3} {height}",
        class_="tt-ladders",
        role="group" if any(a.startswith(("trade:", "settle:")) for a in legal) else "img",
        aria_label=label,
    )


def hot_rect(action: str, v: View, lang: str, **attrs: object) -> str:
    """Return the SVG square to tap for a legal action: a button to the keyboard and screen readers, named
    as the hints name the action."""
    from .help import action_name  # help builds on this module

    return tag(
        "rect",
        "",
        data_action=action,
        tabindex="0",
        role="button",
        aria_label=action_name(action, v, lang),
        **attrs,
    )


def fee_rule(lang: str) -> str:
    """Return the fee rule and the meaning of the ladders' columns, the key under the ladders."""
    return translate(
        TEXTS,
        lang,
        "fee_rule",
        base=BASE_FEE,
        low=LADDER[0],
        high=LADDER[TOP_ROW],
        start=LADDER[START_ROW],
    )


def _card_svg(x: int, y: int, card: str | None, lang: str, note: str = "", by: int | None = None) -> str:
    """Return one market card: its face, or its back (outlined in the colour of the seat `by` who put it
    there) with an optional note."""
    w, h = 54, 76
    if card is None or note:
        ring = f"stroke:{SEAT_COLOURS[by]};stroke-width:3" if by is not None and by >= 0 else None
        parts = [tag("rect", x=x, y=y, width=w, height=h, rx=6, class_="tt-back", style=ring)]
        if note:
            parts.append(
                tag("text", esc(note), x=x + w // 2, y=y + h - 8, text_anchor="middle", class_="tt-note")
            )
        if card is not None:
            parts.append(
                tag(
                    "text",
                    esc(card_label(card, lang)),
                    x=x + w // 2,
                    y=y + h // 2,
                    text_anchor="middle",
                    class_="tt-note",
                )
            )
        return tag("g", "".join(parts), data_explain="card:down")
    good, side = card[0], card[1]
    lines = (
        (translate(TEXTS, lang, good), 18, "tt-card-name"),
        (ARROWS[side], 52, "tt-arrow"),
        (translate(TEXTS, lang, side), 69, "tt-card-side"),
    )
    face = tag("rect", x=x, y=y, width=w, height=h, rx=6, fill=GOODS_COLOURS[good], class_="tt-face")
    texts = "".join(
        tag("text", esc(text), x=x + w // 2, y=y + dy, text_anchor="middle", fill=GOODS_INK[good], class_=cls)
        for text, dy, cls in lines
    )
    return tag("g", face + texts, data_explain=f"card:{card}")


def market_svg(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the SVG of the six market slots, numbered 1-6 as the log names them, each face-down card
    marked with the colour of the seat who put it there; legal placements (of the chosen card) and reveals
    are hot."""
    out, colours = [], seat_names(v["players"], lang)
    top = 14
    for i, slot in enumerate(v["slots"]):
        x = 2 + i * 60
        out.append(
            tag(
                "text",
                str(i + 1),
                x=x + 27,
                y=11,
                text_anchor="middle",
                class_="tt-height",
                data_explain=f"slot:{i}",
            )
        )
        note, by = "", None
        if slot["down"]:
            by = slot["by"]
            note = translate(TEXTS, lang, "npc") if by < 0 else colours[by]
        out.append(_card_svg(x, top, slot.get("card"), lang, note, by))
        out.append(
            tag(
                "text",
                f"×{slot['height']}",
                x=x + 50,
                y=top + 90,
                text_anchor="end",
                class_="tt-height",
                data_explain=f"slot:{i}",
            )
        )
        if v["npc"] == i:
            out.append(tag("circle", cx=x + 10, cy=top + 86, r=6, class_="tt-npc", data_explain="npc"))
        for action in (f"place:{i}:{chosen}", f"reveal:{i}"):
            if action in legal:
                out.append(
                    hot_rect(
                        action,
                        v,
                        lang,
                        x=x,
                        y=top,
                        width=54,
                        height=76,
                        rx=6,
                        class_="tt-hot",
                        data_explain=f"slot:{i}",
                    )
                )
    return tag(
        "svg",
        "".join(out),
        viewBox=f"0 0 362 {top + 96}",
        class_="tt-market",
        style="max-width:30rem",
        role="group" if any(a.startswith(("place:", "reveal:")) for a in legal) else "img",
        aria_label=translate(TEXTS, lang, "market"),
    )


def _out_of_play(v: View, lang: str) -> str:
    """Return the count of each card kind that has left play in public view (what the bots remember)."""
    counts = v["out"]
    goods = dotted(
        (
            f"{esc(translate(TEXTS, lang, c))} "
            + " ".join(f"{ARROWS[side]}{counts.get(c + side, 0)}" for side in SIDES)
            for c in COMMODITIES
        ),
        lang,
    )
    space = "" if lang == "ja" else " "
    return tag(
        "p", f"{esc(translate(TEXTS, lang, 'out'))}{space}{goods}", class_="tt-hint", data_explain="out"
    )


def _hand(v: View, legal: set[str], lang: str, chosen: str | None, selected: Sequence[str]) -> str:
    """Return the hand as buttons: gifts are actions; in the card and action steps, cards are selectable."""
    cards = v.get("hand", [])
    out = []
    picked = list(selected)
    for k, card in enumerate(cards):
        label = esc(card_label(card, lang))
        style = f"background:{GOODS_COLOURS[card[0]]};color:{GOODS_INK[card[0]]}"
        key = f"card:{card}"
        give = f"give:{card}"
        if give in legal:
            out.append(
                tag(
                    "button",
                    label,
                    type="button",
                    class_="tt-card",
                    style=style,
                    data_action=give,
                    data_explain=key,
                )
            )
        elif any(a.startswith(("place:", "discard:")) for a in legal):
            if any(a.startswith("place:") for a in legal):
                on = card == chosen and card not in cards[:k]
            else:
                on = card in picked
                if on:
                    picked.remove(card)
            out.append(select_button(label, card, on, "tt-card", style=style, data_explain=key))
        else:
            out.append(tag("span", label, class_="tt-card", style=style, data_explain=key))
    return tag("div", "".join(out), class_="tt-hand-cards")


def _button(text: str, action: str, cls: str = "tt-act", key: str | None = None) -> str:
    """Return the button of one action."""
    return tag("button", esc(text), type="button", class_=cls, data_action=action, data_explain=key)


def _actions(v: View, legal: set[str], lang: str, selected: Sequence[str]) -> str:
    """Return buttons for the action step: trades, settles, pass, the 4th marker, a selected discard and
    (after the last action, when it paid for the 4th marker) the end of the turn."""
    if not legal or v["phase"] == "carry":
        return ""
    out = []
    me = v["viewer"]
    for i, c in enumerate(COMMODITIES):
        price = v["prices"][i]
        for side in SIDES:
            action = f"trade:{c}:{side}"
            if action in legal:
                fee = trade_fee(v["markers"], c, side, price)
                text = translate(
                    TEXTS,
                    lang,
                    "trade",
                    good=translate(TEXTS, lang, c),
                    side=ARROWS[side],
                    price=price,
                    fee=fee,
                )
                out.append(_button(text, action, f"tt-act tt-{side}", f"square:{side}:{c}"))
    seen = set()
    for owner, c, side, start in v["markers"]:
        action = f"settle:{c}:{side}:{start}"
        if owner == me and action in legal and action not in seen:
            seen.add(action)
            value = marker_value(side, start, v["prices"][COMMODITIES.index(c)])
            text = translate(
                TEXTS,
                lang,
                "settle",
                good=translate(TEXTS, lang, c),
                side=ARROWS[side],
                price=start,
                value=signed(value),
            )
            out.append(_button(text, action, "tt-act tt-settle", f"marker:{c}:{side}:{start}"))
    if "pass" in legal:
        out.append(_button(translate(TEXTS, lang, "pass", n=PASS_INCOME), "pass", key="pass"))
    if "marker" in legal:
        out.append(_button(translate(TEXTS, lang, "marker", n=EXTRA_MARKER_PRICE), "marker", key="marker4"))
    if "end" in legal:
        out.append(_button(translate(TEXTS, lang, "end_turn"), "end", key="marker4"))
    if len(selected) == 2:
        a, b = sorted(selected)
        action = f"discard:{a}:{b}"
        if action in legal:
            text = translate(TEXTS, lang, "discard", a=card_label(a, lang), b=card_label(b, lang))
            out.append(_button(text, action, "tt-act tt-discard", "discards"))
    elif any(a.startswith("discard:") for a in legal):
        out.append(tag("p", translate(TEXTS, lang, "select_two"), class_="tt-hint"))
    return tag("div", "".join(out), class_="tt-actions tt-side") if out else ""


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, acting = v["viewer"], v["to_act"]
    if v["phase"] == "over":
        return translate(TEXTS, lang, "p_over")
    if v["phase"] == "carry" and me is not None:
        if v["giving"] is not None:
            return translate(TEXTS, lang, "p_gave", card=card_label(v["giving"], lang))
        if me in acting:
            return translate(TEXTS, lang, "p_give", name=names[(me + 1) % v["players"]])
    if me is not None and me in acting:
        if v["step"] == "card":
            return translate(TEXTS, lang, "p_place" if v["phase"] == "early" else "p_reveal")
        if v["step"] == "end":
            return translate(TEXTS, lang, "p_end")
        return translate(TEXTS, lang, "p_act", n=v["actions"])
    waiting = commas((names[p] for p in acting), lang)
    return translate(TEXTS, lang, "p_wait", name=waiting)


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the table of seats: money, cards, free markers, discarded pairs (under the name), the start
    player and who acts."""
    columns = ("players", "money", "cards", "markers")
    head = "".join(tag("th", translate(TEXTS, lang, k), data_explain=f"col:{k}") for k in columns)
    rows = [tag("tr", head)]
    for p in range(v["players"]):
        badges = ""
        if p == v["start"]:
            badges += tag(
                "span",
                "SP",
                class_="tt-badge",
                title=translate(TEXTS, lang, "start"),
                data_explain="badge:sp",
            )
        if v["phase"] == "carry" and v["chosen"][p]:
            badges += tag("span", "✓", class_="tt-badge", data_explain="badge:chosen")
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        markers = f"{v['free_markers'][p]}/{MARKERS + int(v['bought'][p])}"
        discarded = ""
        if v["discarded"][p]:
            label = tag(
                "span", translate(TEXTS, lang, "discarded"), class_="tt-hint", data_explain="col:discarded"
            )
            chips = "".join(chip(card, lang) for card in v["discarded"][p])
            discarded = tag("div", f"{label} {chips}", class_="tt-chips")
        cells = [
            tag("td", f"{dot} {esc(names[p])} {badges}{discarded}"),
            tag("td", str(v["money"][p]), data_explain="col:money"),
            tag("td", str(v["hand_sizes"][p]), data_explain="col:cards"),
            tag("td", markers, data_explain="col:markers"),
        ]
        cls = "tt-to-act" if p in v["to_act"] else None
        rows.append(tag("tr", "".join(cells), class_=cls, data_seat=p))
    return tag("table", "".join(rows), class_="tt-players")


def render(
    view: View,
    legal: Sequence[str],
    *,
    lang: str = "en",
    names: Sequence[str] | None = None,
    selected: Sequence[str] = (),
) -> str:
    """Return the board for `view` as HTML; each legal action is a [data-action] element.

    `selected` holds hand cards the viewer picked: the card to place is the latest (default: the first card),
    and two cards are the pair to discard.
    """
    v = view
    names = list(names or seat_names(v["players"], lang))
    acts = set(legal)
    hand = v.get("hand", [])
    chosen = next((c for c in reversed(selected) if c in hand), hand[0] if hand else None)
    phase = translate(TEXTS, lang, v["phase"])
    status = translate(TEXTS, lang, "status", round=v["round"], rounds=v["rounds"], phase=phase)
    piles = dotted(
        [
            tag("span", translate(TEXTS, lang, "deck", n=v["deck"]), data_explain="deck"),
            tag("span", translate(TEXTS, lang, "discards", n=v["discards"]), data_explain="discards"),
        ],
        lang,
    )
    result = result_panel(v["result"], names, lang)
    hand = ""
    if v["viewer"] is not None:
        extra = ""
        if v.get("passed") and v.get("received"):
            extra = tag(
                "p",
                translate(
                    TEXTS,
                    lang,
                    "passed",
                    card=card_label(v["passed"], lang),
                    got=card_label(v["received"], lang),
                ),
                class_="tt-hint",
            )
        hand_html = _hand(v, acts, lang, chosen, selected)
        hand = tag(
            "section", tag("h2", translate(TEXTS, lang, "hand")) + hand_html + extra, class_="tt-hand tt-side"
        )
    parts = [  # your parts first, then the market beside the hand (a card goes from one to the other)
        tag(
            "header",
            tag("span", status, data_explain="round") + tag("span", piles, class_="tt-deck"),
            class_="tt-status",
        ),
        tag("p", _prompt(v, names, lang), class_="tt-prompt tt-side", role="status"),
        tag("div", result, class_="tt-side") if result else "",
        _actions(v, acts, lang, selected),
        hand,
        tag(
            "section",
            tag("h2", translate(TEXTS, lang, "market"))
            + market_svg(v, acts, lang, chosen)
            + _out_of_play(v, lang),
        ),
        tag(
            "section",
            ladders_svg(v, acts, lang)
            + tag("p", esc(fee_rule(lang)), class_="tt-hint tt-key", data_explain="fee"),
            class_="tt-ladders-box",
        ),
    ]
    parts.append(tag("section", _players(v, names, lang)))
    return board_root(parts, "tt-futures", v["viewer"], phase=v["phase"], step=v["step"])


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log."""
    names = list(names or seat_names(4, lang))

    def good(c: str) -> str:
        return translate(TEXTS, lang, c)

    def who(p: int) -> str:
        return names[p]

    kind = event["e"]
    if kind == "move":
        return translate(
            TEXTS,
            lang,
            "e_move",
            good=good(event["c"]),
            old=event["from"],
            new=event["to"],
            when=translate(TEXTS, lang, event["when"]),
        )
    if kind == "burst":
        net: dict[int, int] = {}  # by seat, in the order settled: a seat's markers there, summed
        for o, _, _, owed in event["settled"]:
            net[o] = net.get(o, 0) + owed
        owing = [figure(who(o), signed(owed), lang) for o, owed in net.items() if owed]
        debts = aside("", commas(owing, lang), lang)
        return translate(
            TEXTS,
            lang,
            "e_burst",
            good=good(event["c"]),
            at=event["at"],
            who=debts if owing else "",
            to=event["to"],
        )
    if kind == "place":
        if event["p"] < 0:
            return translate(TEXTS, lang, "e_npc", slot=event["slot"] + 1)
        return translate(TEXTS, lang, "e_place", name=who(event["p"]), slot=event["slot"] + 1)
    if kind == "reveal":
        card = card_label(event["card"], lang)
        if event["p"] is None:
            return translate(TEXTS, lang, "e_last", slot=event["slot"] + 1, card=card)
        return translate(TEXTS, lang, "e_reveal", name=who(event["p"]), slot=event["slot"] + 1, card=card)
    if kind in ("trade", "settle"):
        return translate(
            TEXTS,
            lang,
            f"e_{kind}",
            name=who(event["p"]),
            good=good(event["c"]),
            side=translate(TEXTS, lang, event["side"]),
            price=event["price"],
            at=event.get("at", ""),
            fee=-event["amount"],
            value=signed(event["amount"]),
        )
    if kind == "discard":
        a, b = (card_label(c, lang) for c in event["cards"])
        return translate(TEXTS, lang, "e_discard", name=who(event["p"]), a=a, b=b)
    if kind == "phase":
        return translate(
            TEXTS, lang, "e_phase", round=event["round"], phase=translate(TEXTS, lang, event["phase"])
        )
    if kind in ("final", "pass", "marker"):
        return translate(TEXTS, lang, f"e_{kind}", name=who(event["p"]), value=signed(event["amount"]))
    if kind == "give" and "ps" in event:
        return translate(TEXTS, lang, "e_gives", names=listed([who(p) for p in event["ps"]], lang))
    return translate(TEXTS, lang, f"e_{kind}", name=who(event["p"]))


def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Return one log event for two in a row that say the same of different seats (carry-over choices)."""
    if a["e"] == b["e"] == "give":
        return {"e": "give", "ps": [*a.get("ps", [a.get("p")]), b["p"]]}
    return None
