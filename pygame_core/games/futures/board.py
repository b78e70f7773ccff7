"""The Futures! board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`; hand cards that are chosen before
an action (the card to place, the pair to discard) carry `data-select`. Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import Texts, board_root, esc, result_panel, select_button, tag, translate
from .rules import COMMODITIES, LADDER, TOP_ROW, marker_value, trade_fee

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2")
GOODS_COLOURS = {"C": "#f2c230", "R": "#f4f1e6", "P": "#8a5a32"}
GOODS_INK = {"C": "#3a2c00", "R": "#333", "P": "#fff"}
ARROWS = {"U": "▲", "D": "▼"}

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
        "start": "start player",
        "npc": "NPC",
        "burst": "BURST",
        "deck": "Deck {n}",
        "yours": "yours",
        "p_place": "Your turn: choose a card, then tap a free market slot to place it face down.",
        "p_reveal": "Your turn: tap a face-down market card to reveal it.",
        "p_act": "Your turn: choose an action ({n} left).",
        "p_give": "Carry-over: choose a card to give to {name}.",
        "p_gave": "You give {card}. Waiting for the others…",
        "p_wait": "Waiting for {name}…",
        "p_over": "Game over.",
        "trade": "{good} {side} at {price} · fee {fee}",
        "settle": "Settle {good} {side} from {price}: {value}",
        "pass": "Pass (+1)",
        "marker": "Buy 4th marker (−5)",
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
        "e_pass": "{name} passes (+1)",
        "e_discard": "{name} discards {a} and {b} for one more action",
        "e_marker": "{name} buys the 4th marker (−5)",
        "e_give": "{name} has chosen a card to give",
        "e_phase": "Round {round}: {phase}",
        "e_final": "{name} settles at the end: {value}",
    },
    "ja": {
        "seat0": "赤",
        "seat1": "青",
        "seat2": "黄",
        "seat3": "紫",
        "U": "UP",
        "D": "DOWN",
        "early": "前期取引",
        "late": "後期取引",
        "carry": "次期繰越",
        "over": "ゲーム終了",
        "setup": "準備",
        "mid": "中間変動",
        "end": "期末変動",
        "status": "ラウンド {round}/{rounds} · {phase}",
        "market": "場札",
        "hand": "手札",
        "players": "プレイヤー",
        "money": "所持金",
        "cards": "手札",
        "markers": "取引マーカー",
        "start": "スタートプレイヤー",
        "deck": "山札 {n}",
        "yours": "自分",
        "p_place": "あなたの番：手札を選び、空いている場札をタップして伏せて重ねます。",
        "p_reveal": "あなたの番：伏せられた場札をタップして公開します。",
        "p_act": "あなたの番：アクションを選んでください（残り{n}回）。",
        "p_give": "次期繰越：{name}に渡すカードを選んでください。",
        "p_gave": "{card}を渡します。他のプレイヤーを待っています…",
        "p_wait": "{name}の番です…",
        "p_over": "ゲーム終了。",
        "trade": "{good} {side} {price}で売買 · 手数料{fee}",
        "settle": "{good} {side}（{price}）を決済：{value}",
        "pass": "パス（+1）",
        "marker": "4個目の取引マーカーを買う（−5）",
        "discard": "{a}と{b}を捨ててアクション+1",
        "select_two": "手札を2枚選ぶと、捨ててアクションを1回増やせます。",
        "score": "最終所持金",
        "passed": "{card}を渡し、{got}を受け取りました。",
        "e_move": "{good} {old} → {new}（{when}）",
        "e_burst": "BURST！{good}が{at}に到達、強制決済{who}。{to}に戻ります",
        "e_place": "{name}が場札{slot}に伏せて重ねました",
        "e_npc": "NPCが場札{slot}に伏せて重ねました",
        "e_reveal": "{name}が場札{slot}の{card}を公開しました",
        "e_last": "最後の伏せカード（場札{slot}）は{card}でした",
        "e_trade": "{name}が{good} {side}を{price}で売買（手数料{fee}）",
        "e_settle": "{name}が{good} {side}（{price}→{at}）を決済：{value}",
        "e_pass": "{name}がパス（+1）",
        "e_discard": "{name}が{a}と{b}を捨ててアクション+1",
        "e_marker": "{name}が4個目の取引マーカーを購入（−5）",
        "e_give": "{name}が渡すカードを選びました",
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


def signed(value: int) -> str:
    """Return a number with its sign, e.g. +10 or −8."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"


def _ladders(v: View, legal: set[str], lang: str) -> str:
    """Return the SVG of the three price ladders with their markers; legal trades and settles are hot."""
    row_h, top, col_w = 22, 26, 120
    height = top + row_h * len(LADDER) + 4
    out = []
    cells: dict[str, list[str]] = {}  # the empty squares, one path per look: small to send
    me = v["viewer"]
    for i, c in enumerate(COMMODITIES):
        x0 = i * col_w
        out.append(
            tag("text", esc(translate(TEXTS, lang, c)), x=x0 + col_w // 2, y=17, class_="tt-ladder-name")
        )
        current = v["rows"][i]
        for row, price in enumerate(LADDER):
            y = top + (TOP_ROW - row) * row_h
            burst = row in (0, TOP_ROW)
            here = row == current
            cls = "tt-cell tt-burst" if burst else "tt-cell"
            for look, x, w in (
                (cls + " tt-up", x0 + 1, 36),
                (cls + " tt-down", x0 + 83, 36),
                ("tt-price", x0 + 39, 42),
            ):
                if not (here and look == "tt-price"):
                    cells.setdefault(look, []).append(f"M{x} {y}h{w}v{row_h - 2}h-{w}z")
            if here:
                out.append(
                    tag(
                        "rect",
                        x=x0 + 39,
                        y=y,
                        width=42,
                        height=row_h - 2,
                        class_="tt-price tt-now",
                        style=f"fill:{GOODS_COLOURS[c]}",
                    )
                )
            label = f"{translate(TEXTS, lang, 'burst')} {price}" if burst and not here else str(price)
            out.append(
                tag(
                    "text",
                    esc(label),
                    x=x0 + 60,
                    y=y + 15,
                    class_="tt-price-text" + (" tt-burst-text" if burst else ""),
                    style=f"fill:{GOODS_INK[c]}" if here else None,
                )
            )
            if here:
                for side, sx in (("U", x0 + 1), ("D", x0 + 83)):
                    action = f"trade:{c}:{side}"
                    if action in legal:
                        out.append(
                            tag(
                                "rect",
                                x=sx,
                                y=y,
                                width=36,
                                height=row_h - 2,
                                class_="tt-hot",
                                data_action=action,
                            )
                        )
        squares: dict[tuple[str, int], list[int]] = {}
        for owner, good, side, price in v["markers"]:
            if good == c:
                squares.setdefault((side, price), []).append(owner)
        for (side, price), owners in squares.items():
            y = top + (TOP_ROW - LADDER.index(price)) * row_h + row_h // 2 - 1
            sx = x0 + (1 if side == "U" else 83)
            for k, owner in enumerate(owners[:3]):
                out.append(
                    tag("circle", cx=sx + 7 + 11 * k, cy=y, r=5, fill=SEAT_COLOURS[owner], class_="tt-marker")
                )
            if len(owners) > 3:
                out.append(tag("text", f"+{len(owners) - 3}", x=sx + 30, y=y + 4, class_="tt-more"))
            action = f"settle:{c}:{side}:{price}"
            if me in owners and action in legal:
                out.append(
                    tag(
                        "rect",
                        x=sx,
                        y=y - row_h // 2 + 1,
                        width=36,
                        height=row_h - 2,
                        class_="tt-hot tt-settle",
                        data_action=action,
                    )
                )
    label = esc(
        " · ".join(f"{translate(TEXTS, lang, c)} {p}" for c, p in zip(COMMODITIES, v["prices"], strict=True))
    )
    paths = "".join(tag("path", d="".join(d), class_=look) for look, d in cells.items())
    return tag(
        "svg",
        paths + "".join(out),
        viewBox=f"0 0 {col_w * 3} {height}",
        class_="tt-ladders",
        role="img",
        aria_label=label,
    )


def _card_svg(x: int, card: str | None, lang: str, note: str = "") -> str:
    """Return one market card: its face, or its back with an optional note."""
    w, h = 54, 76
    if card is None or note:
        parts = [tag("rect", x=x, y=0, width=w, height=h, rx=6, class_="tt-back")]
        if note:
            parts.append(
                tag("text", esc(note), x=x + w // 2, y=h - 8, text_anchor="middle", class_="tt-note")
            )
        if card is not None:
            parts.append(
                tag(
                    "text",
                    esc(card_label(card, lang)),
                    x=x + w // 2,
                    y=h // 2,
                    text_anchor="middle",
                    class_="tt-note",
                )
            )
        return "".join(parts)
    good, side = card[0], card[1]
    lines = (
        (translate(TEXTS, lang, good), 18, "tt-card-name"),
        (ARROWS[side], 52, "tt-arrow"),
        (translate(TEXTS, lang, side), 69, "tt-card-side"),
    )
    face = tag("rect", x=x, y=0, width=w, height=h, rx=6, fill=GOODS_COLOURS[good], class_="tt-face")
    return face + "".join(
        tag("text", esc(text), x=x + w // 2, y=y, text_anchor="middle", fill=GOODS_INK[good], class_=cls)
        for text, y, cls in lines
    )


def _market(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the SVG of the six market slots; legal placements (of the chosen card) and reveals are hot."""
    out = []
    for i, slot in enumerate(v["slots"]):
        x = 2 + i * 60
        note = translate(TEXTS, lang, "yours") if slot["down"] and "card" in slot else ""
        out.append(_card_svg(x, slot.get("card"), lang, note))
        out.append(tag("text", f"×{slot['height']}", x=x + 50, y=90, text_anchor="end", class_="tt-height"))
        if v["npc"] == i:
            out.append(tag("circle", cx=x + 10, cy=86, r=6, class_="tt-npc"))
        for action in (f"place:{i}:{chosen}", f"reveal:{i}"):
            if action in legal:
                out.append(
                    tag("rect", x=x, y=0, width=54, height=76, rx=6, class_="tt-hot", data_action=action)
                )
    return tag(
        "svg",
        "".join(out),
        viewBox="0 0 362 96",
        class_="tt-market",
        role="img",
        aria_label=translate(TEXTS, lang, "market"),
    )


def _hand(v: View, legal: set[str], lang: str, chosen: str | None, selected: Sequence[str]) -> str:
    """Return the hand as buttons: gifts are actions; in the card and action steps, cards are selectable."""
    cards = v.get("hand", [])
    out = []
    picked = list(selected)
    for k, card in enumerate(cards):
        label = esc(card_label(card, lang))
        style = f"background:{GOODS_COLOURS[card[0]]};color:{GOODS_INK[card[0]]}"
        give = f"give:{card}"
        if give in legal:
            out.append(tag("button", label, type="button", class_="tt-card", style=style, data_action=give))
        elif any(a.startswith(("place:", "discard:")) for a in legal):
            if any(a.startswith("place:") for a in legal):
                on = card == chosen and card not in cards[:k]
            else:
                on = card in picked
                if on:
                    picked.remove(card)
            out.append(select_button(label, card, on, "tt-card", style=style))
        else:
            out.append(tag("span", label, class_="tt-card", style=style))
    return tag("div", "".join(out), class_="tt-hand-cards")


def _actions(v: View, legal: set[str], lang: str, selected: Sequence[str]) -> str:
    """Return buttons for the action step: trades, settles, pass, the 4th marker and a selected discard."""
    if v["step"] != "act" or not legal:
        return ""
    out = []
    me = v["viewer"]
    for i, c in enumerate(COMMODITIES):
        price = v["prices"][i]
        for side in ("U", "D"):
            action = f"trade:{c}:{side}"
            if action in legal:
                text = translate(
                    TEXTS,
                    lang,
                    "trade",
                    good=translate(TEXTS, lang, c),
                    side=ARROWS[side],
                    price=price,
                    fee=trade_fee(v["markers"], c, side, price),
                )
                out.append(tag("button", text, type="button", class_=f"tt-act tt-{side}", data_action=action))
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
            out.append(tag("button", text, type="button", class_="tt-act tt-settle", data_action=action))
    for action in ("pass", "marker"):
        if action in legal:
            out.append(
                tag(
                    "button",
                    translate(TEXTS, lang, action),
                    type="button",
                    class_="tt-act",
                    data_action=action,
                )
            )
    if len(selected) == 2:
        a, b = sorted(selected)
        action = f"discard:{a}:{b}"
        if action in legal:
            text = translate(TEXTS, lang, "discard", a=card_label(a, lang), b=card_label(b, lang))
            out.append(tag("button", text, type="button", class_="tt-act tt-discard", data_action=action))
    elif any(a.startswith("discard:") for a in legal):
        out.append(tag("p", translate(TEXTS, lang, "select_two"), class_="tt-hint"))
    return tag("div", "".join(out), class_="tt-actions")


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
        return translate(TEXTS, lang, "p_act", n=v["actions"])
    waiting = ", ".join(names[p] for p in acting)
    return translate(TEXTS, lang, "p_wait", name=waiting)


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the table of seats: money, cards, free markers, start player and who is to act."""
    head = "".join(tag("th", translate(TEXTS, lang, k)) for k in ("players", "money", "cards", "markers"))
    rows = [tag("tr", head)]
    for p in range(v["players"]):
        badges = ""
        if p == v["start"]:
            badges += tag("span", "SP", class_="tt-badge", title=translate(TEXTS, lang, "start"))
        if v["phase"] == "carry" and v["chosen"][p]:
            badges += tag("span", "✓", class_="tt-badge")
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        markers = f"{v['free_markers'][p]}/{3 + int(v['bought'][p])}"
        cells = [
            tag("td", f"{dot} {esc(names[p])} {badges}"),
            tag("td", str(v["money"][p])),
            tag("td", str(v["hand_sizes"][p])),
            tag("td", markers),
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
    deck = translate(TEXTS, lang, "deck", n=v["deck"])
    parts = [
        tag("header", tag("span", status) + tag("span", deck, class_="tt-deck"), class_="tt-status"),
        tag("p", _prompt(v, names, lang), class_="tt-prompt", role="status"),
        result_panel(v["result"], names, lang),
        _actions(v, acts, lang, selected),
        tag("section", _ladders(v, acts, lang), class_="tt-ladders-box"),
        tag("section", tag("h2", translate(TEXTS, lang, "market")) + _market(v, acts, lang, chosen)),
    ]
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
        parts.append(
            tag("section", tag("h2", translate(TEXTS, lang, "hand")) + hand_html + extra, class_="tt-hand")
        )
    parts.append(tag("section", _players(v, names, lang)))
    return board_root(parts, "tt-futures", v["viewer"], phase=v["phase"])


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
        debts = ", ".join(f"{who(o)} {signed(owed)}" for o, _, _, owed in event["settled"] if owed)
        return translate(
            TEXTS,
            lang,
            "e_burst",
            good=good(event["c"]),
            at=event["at"],
            who=f" ({debts})" if debts else "",
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
    if kind == "final":
        return translate(TEXTS, lang, "e_final", name=who(event["p"]), value=signed(event["amount"]))
    return translate(TEXTS, lang, f"e_{kind}", name=who(event["p"]))
