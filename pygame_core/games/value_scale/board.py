"""The Value Scale board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. Amounts are composed, not typed:
stepper buttons carry `data-select` with the amount they lead to (a count `7`, or coins `2.0.1` as
ducats.florins.guilders); the latest selection that fits counts, and one confirm button carries the action
(`bid:<n>`, `pay:<d>.<f>.<g>` or `seal:<d>.<f>.<g>`). Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import (
    Texts,
    amount_entry,
    board_root,
    esc,
    off_button,
    result_panel,
    select_button,
    tag,
    translate,
)
from .rules import (
    CURRENCIES,
    GOODS,
    SURGE_CARDS,
    SURGE_VALUES,
    card_value,
    cheapest,
    coins_score,
    comp_text,
    currency,
    good,
    goods_score,
    icons,
    is_goods,
)

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2", "#2e9b4a")
GOODS_FILL = {"M": "#f3e2a0", "S": "#f6c7b6", "W": "#cfe0f5"}
GOODS_INK = {"M": "#8a6a10", "S": "#a8391d", "W": "#2f5f9e"}
COIN_FILL = {"D": "#e0b43a", "F": "#b9c2cc", "G": "#c7773a"}
SURGE_FILL, SURGE_INK = "#dff3df", "#2e7d32"
CRASH_FILL, CRASH_INK = "#f7d9d9", "#b83232"

TEXTS: Texts = {
    "en": {
        "seat0": "Red",
        "seat1": "Blue",
        "seat2": "Yellow",
        "seat3": "Purple",
        "seat4": "Green",
        "M": "Metals",
        "S": "Spices",
        "W": "Woollens",
        "D": "ducat",
        "F": "florin",
        "G": "guilder",
        "Ds": "ducats",
        "Fs": "florins",
        "Gs": "guilders",
        "cD": "D",
        "cF": "F",
        "cG": "G",
        "surge": "{c} surge",
        "crash": "{c} crash",
        "open": "Auction",
        "sealed": "Sealed bids",
        "status": "{mode} · auction {k}",
        "deck": "Deck {n}",
        "box": "Box {n}",
        "market": "Face-up cards",
        "on_offer": "On offer",
        "pot": "Middle",
        "high": "High bid {n} · {name}",
        "no_bid": "No bid yet",
        "players": "Players",
        "dealer": "dealer",
        "to_act": "to act",
        "out": "dropped out",
        "sealed_in": "has sealed",
        "leads": "leads",
        "coins": "Coins",
        "secret": "secret",
        "goods": "goods {n}",
        "worth": "worth {n}",
        "points": "{n} pts",
        "b_offer": "Offer {cards}",
        "b_start": "{name} starts",
        "b_bid": "Bid {n}",
        "b_drop": "Drop out",
        "b_pay": "Pay {coins}",
        "b_seal": "Seal {coins} ({n})",
        "b_more": "Choose {n} more",
        "b_less": "{n} too many",
        "b_pick": "Take a {c}",
        "b_coin": "Pay 1 {c}",
        "b_take": "Take {card} and {coins}",
        "nothing": "nothing",
        "p_offer": "You are the dealer: offer one or two face-up cards (a crash card only alone).",
        "p_start": "Who starts the auction for {cards}?",
        "p_bid": "Bid more than {high} coins in all, or drop out (you hold {n}).",
        "p_bid0": "Open the bidding at 0 or more coins, or drop out (you hold {n}).",
        "p_pay": "You won {cards} for {n}: choose the coins to pay.",
        "p_pick": "Take one coin from the middle.",
        "p_crash": "{card}: pay one coin (not {c}) into the middle, or take the card and the middle.",
        "p_seal": "Seal the coins you bid for {cards}; all fists open together. 0 passes.",
        "p_seal_crash": "{card}: seal the coins you pay to avoid it; the fewest coins takes it and all.",
        "p_sealed": "You sealed {coins}. Waiting for {names}…",
        "p_wait": "Waiting for {names}…",
        "p_over": "Game over.",
        "last": "Last auction",
        "r_won": "{name} won {cards} for {coins}",
        "r_crash": "{name} took {card} and {coins}",
        "r_none": "Nobody bid: {cards} back in the box",
        "score_line": "{name}: {total} (goods {goods} + coins {coins})",
        "e_deal": "{name} deals first; face up: {cards}",
        "e_offer": "{name} offers {cards}",
        "e_start": "{name} lets {seat} start",
        "e_bid": "{name} bids {n}",
        "e_drop": "{name} drops out",
        "e_win": "{name} wins {cards}, paying {coins}",
        "e_pick": "{name} takes a {c}",
        "e_coin": "{name} pays a {c} into the middle ({coins})",
        "e_crash": "{name} takes {card} and {coins}",
        "e_sealed": "{name} has sealed a bid",
        "e_reveal": "Fists open: {bids}",
        "e_unsold": "Nobody bids: {cards} go back in the box",
        "e_acquire": "{name} takes {cards}",
        "e_refill": "New face-up cards: {cards}",
        "e_dealer": "{name} is the dealer",
        "e_over": "The deck is out. Scores: {scores}",
    },
    "ja": {
        "seat0": "赤",
        "seat1": "青",
        "seat2": "黄",
        "seat3": "紫",
        "seat4": "緑",
        "M": "貴金属",
        "S": "香辛料",
        "W": "毛織物",
        "D": "ダカット",
        "F": "フローリン",
        "G": "ギルダー",
        "Ds": "ダカット",
        "Fs": "フローリン",
        "Gs": "ギルダー",
        "cD": "ダ",
        "cF": "フ",
        "cG": "ギ",
        "surge": "{c}高騰",
        "crash": "{c}暴落",
        "open": "オークション",
        "sealed": "入札",
        "status": "{mode} · 第{k}競り",
        "deck": "山札 {n}",
        "box": "箱 {n}",
        "market": "表向きのカード",
        "on_offer": "競りにかけられたカード",
        "pot": "テーブル中央",
        "high": "最高値 {n} · {name}",
        "no_bid": "まだ値段なし",
        "players": "プレイヤー",
        "dealer": "ディーラー",
        "to_act": "手番",
        "out": "降り",
        "sealed_in": "入札済み",
        "leads": "最高値",
        "coins": "通貨",
        "secret": "非公開",
        "goods": "品物 {n}",
        "worth": "価値 {n}",
        "points": "{n}点",
        "b_offer": "{cards}を競りにかける",
        "b_start": "{name}から開始",
        "b_bid": "{n}枚で競る",
        "b_drop": "降りる",
        "b_pay": "{coins}を支払う",
        "b_seal": "{coins}で入札（{n}枚）",
        "b_more": "あと{n}枚選ぶ",
        "b_less": "{n}枚多すぎます",
        "b_pick": "{c}を1枚取る",
        "b_coin": "{c}を1枚支払う",
        "b_take": "{card}と{coins}を獲得",
        "nothing": "なし",
        "p_offer": "あなたがディーラーです：表向きのカードを1枚か2枚選んでください（暴落カードは1枚だけ）。",
        "p_start": "{cards}の競りを誰から始めますか？",
        "p_bid": "{high}枚を超える競り値をつけるか、降りてください（所持{n}枚）。",
        "p_bid0": "0枚以上の競り値をつけるか、降りてください（所持{n}枚）。",
        "p_pay": "{cards}を{n}枚で落札しました：支払う通貨を選んでください。",
        "p_pick": "テーブル中央の通貨を1枚取ってください。",
        "p_crash": "{card}：{c}以外の通貨を1枚支払うか、カードと中央の通貨を獲得してください。",
        "p_seal": "{cards}への入札を選んでください。全員同時に公開します。0枚なら見送りです。",
        "p_seal_crash": "{card}：回避に支払う通貨を選んでください。最少の人がカードと全通貨を獲得します。",
        "p_sealed": "{coins}で入札しました。{names}を待っています…",
        "p_wait": "{names}を待っています…",
        "p_over": "ゲーム終了。",
        "last": "直前の競り",
        "r_won": "{name}が{cards}を{coins}で落札",
        "r_crash": "{name}が{card}と{coins}を獲得",
        "r_none": "入札なし：{cards}は箱に戻りました",
        "score_line": "{name}：{total}点（品物{goods} + 通貨{coins}）",
        "e_deal": "{name}が最初のディーラー。表向き：{cards}",
        "e_offer": "{name}が{cards}を競りにかけました",
        "e_start": "{name}が{seat}を開始プレイヤーに指名",
        "e_bid": "{name}が{n}枚",
        "e_drop": "{name}が降りました",
        "e_win": "{name}が{cards}を落札、{coins}を支払い",
        "e_pick": "{name}が{c}を1枚獲得",
        "e_coin": "{name}が{c}を1枚支払い（中央：{coins}）",
        "e_crash": "{name}が{card}と{coins}を獲得",
        "e_sealed": "{name}が入札しました",
        "e_reveal": "入札の公開：{bids}",
        "e_unsold": "入札なし：{cards}は箱に戻りました",
        "e_acquire": "{name}が{cards}を獲得",
        "e_refill": "補充：{cards}",
        "e_dealer": "{name}がディーラーです",
        "e_over": "山札がなくなりました。得点：{scores}",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the players' colours."""
    return [translate(TEXTS, lang, f"seat{p}") for p in range(players)]


def card_label(card: str, lang: str) -> str:
    """Return a card's short name, e.g. `Metals 5×2` or `ducat surge`."""
    if is_goods(card):
        return f"{translate(TEXTS, lang, good(card))} {card_value(card)}×{icons(card)}"
    c = translate(TEXTS, lang, currency(card))
    return translate(TEXTS, lang, "surge" if card in SURGE_CARDS else "crash", c=c)


def cards_label(cards: Sequence[str], lang: str) -> str:
    """Return several cards' short names."""
    return " + ".join(card_label(c, lang) for c in cards)


def coins_label(coins: Sequence[int], lang: str) -> str:
    """Return coins as a short text, e.g. `D2 G1` (`nothing` if none)."""
    parts = [f"{translate(TEXTS, lang, 'c' + c)}{k}" for c, k in zip(CURRENCIES, coins, strict=True) if k]
    return " ".join(parts) if parts else translate(TEXTS, lang, "nothing")


# -- SVG pieces


def _icon(kind: str, cx: float, cy: float, r: float) -> str:
    """Return one goods icon: a diamond (metals), a circle (spices) or a square (woollens)."""
    ink = GOODS_INK[kind]
    if kind == "M":
        points = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
        return tag("polygon", points=points, fill=ink)
    if kind == "S":
        return tag("circle", cx=cx, cy=cy, r=r * 0.85, fill=ink)
    return tag("rect", x=cx - r * 0.8, y=cy - r * 0.8, width=r * 1.6, height=r * 1.6, fill=ink)


def _card_svg(card: str, x: float, y: float, w: float, h: float, lang: str) -> str:
    """Return a card drawn at (x, y): a good's value and icons, or a surge or crash card."""
    label = card_label(card, lang)
    out = [tag("title", esc(label))]
    if is_goods(card):
        g = good(card)
        ink = GOODS_INK[g]
        out.append(
            tag("rect", x=x, y=y, width=w, height=h, rx=6, fill=GOODS_FILL[g], stroke=ink, stroke_width=2)
        )
        out.append(
            tag("text", str(card_value(card)), x=x + 6, y=y + h * 0.36, font_size=h * 0.3, font_weight=700)
        )
        out.append(tag("text", esc(translate(TEXTS, lang, g)), x=x + 6, y=y + h * 0.52, font_size=h * 0.11))
        n = icons(card)
        r = min(w / (2.6 * max(n, 2)), h * 0.1)
        for i in range(n):
            out.append(_icon(g, x + w * (i + 0.5) / n, y + h * 0.78, r))
        colour = ink
    else:
        surge = card in SURGE_CARDS
        fill, colour = (SURGE_FILL, SURGE_INK) if surge else (CRASH_FILL, CRASH_INK)
        c = currency(card)
        out.append(tag("rect", x=x, y=y, width=w, height=h, rx=6, fill=fill, stroke=colour, stroke_width=2))
        name = esc(translate(TEXTS, lang, c))
        out.append(tag("text", name, x=x + w / 2, y=y + h * 0.16, font_size=h * 0.12, text_anchor="middle"))
        out.append(
            tag(
                "text",
                "▲" if surge else "▼",
                x=x + w / 2,
                y=y + h * 0.45,
                font_size=h * 0.26,
                text_anchor="middle",
            )
        )
        out.append(tag("circle", cx=x + w / 2, cy=y + h * 0.62, r=h * 0.09, fill=COIN_FILL[c], stroke="#555"))
        worth = SURGE_VALUES[c] if surge else 0
        out.append(
            tag("text", f"= {worth}", x=x + w / 2, y=y + h * 0.88, font_size=h * 0.13, text_anchor="middle")
        )
    return tag("g", "".join(out), fill=colour, class_="vs-card", data_card=card, role="img", aria_label=label)


def _coin_svg(c: str, cx: float, cy: float, r: float, text: str) -> str:
    """Return a coin of currency `c` with a number on it."""
    return tag("circle", cx=cx, cy=cy, r=r, fill=COIN_FILL[c], stroke="#555") + tag(
        "text",
        esc(text),
        x=cx,
        y=cy + r * 0.35,
        font_size=r,
        text_anchor="middle",
        font_weight=700,
        fill="#222",
    )


def _svg(content: str, width: int, height: int, label: str) -> str:
    """Return an SVG element of the board, scaled to the width of the screen."""
    return tag(
        "svg",
        content,
        viewBox=f"0 0 {width} {height}",
        role="img",
        aria_label=label,
        style="width:100%;height:auto;display:block;max-width:30rem",
    )


def _market(v: View, names: Sequence[str], lang: str) -> str:
    """Return the face-up cards, the cards on offer with the high bid, and the coins in the middle."""
    row = v["row"]
    parts = []
    cards = "".join(_card_svg(c, 4 + i * 120, 4, 110, 150, lang) for i, c in enumerate(row))
    parts.append(
        tag("h2", translate(TEXTS, lang, "market"))
        + _svg(cards, 364, 160, cards_label(row, lang) or translate(TEXTS, lang, "nothing"))
    )
    if v["lot"]:
        lot = "".join(_card_svg(c, 4 + i * 120, 4, 110, 150, lang) for i, c in enumerate(v["lot"]))
        pot = "".join(
            _coin_svg(c, 268 + i * 36, 60, 15, str(k))
            for i, (c, k) in enumerate(zip(CURRENCIES, v["pot"], strict=True))
        )
        pot += tag("text", esc(translate(TEXTS, lang, "pot")), x=254, y=30, font_size=13, fill="currentColor")
        parts.append(
            tag("h2", translate(TEXTS, lang, "on_offer"))
            + _svg(lot + pot, 364, 160, cards_label(v["lot"], lang))
        )
        if v["phase"] == "auction":
            high = (
                translate(TEXTS, lang, "high", n=v["high"], name=names[v["leader"]])
                if v["leader"] is not None
                else translate(TEXTS, lang, "no_bid")
            )
            parts.append(tag("p", tag("strong", esc(high)), class_="tt-hint vs-high"))
    return tag("section", "".join(parts), class_="vs-market")


def _seat_svg(v: View, p: int, lang: str) -> str:
    """Return a seat's goods stacks (top card shown, its icons and points), surge and crash cards, coins."""
    out = []
    for i, g in enumerate(GOODS):
        stack = v["stacks"][p][i]
        x = 4 + i * 74
        if stack:
            out.append(_card_svg(stack[-1], x, 4, 64, 88, lang))
            total = sum(icons(c) for c in stack)
            text = f"{len(stack)}· {total}×{card_value(stack[-1])}={goods_score(stack)}"
        else:
            out.append(
                tag(
                    "rect",
                    x=x,
                    y=4,
                    width=64,
                    height=88,
                    rx=6,
                    fill="none",
                    stroke=GOODS_INK[g],
                    stroke_dasharray="4 3",
                )
            )
            out.append(_icon(g, x + 32, 48, 8))
            text = "0"
        out.append(
            tag("text", esc(text), x=x + 32, y=108, font_size=11, text_anchor="middle", fill="currentColor")
        )
    for j, c in enumerate(CURRENCIES):
        y = 14 + j * 34
        value = v["values"][p][j]
        count = "?" if v["coins"][p] is None else str(v["coins"][p][j])
        out.append(_coin_svg(c, 240, y + 4, 13, count))
        marks = []
        if c in v["surges"][p]:
            marks.append(tag("text", "▲", x=260, y=y + 9, font_size=14, fill=SURGE_INK))
        if c in v["crashes"][p]:
            marks.append(tag("text", "▼", x=274, y=y + 9, font_size=14, fill=CRASH_INK))
        out.extend(marks)
        out.append(tag("text", f"×{value}", x=292, y=y + 9, font_size=13, fill="currentColor"))
    return _svg("".join(out), 364, 114, translate(TEXTS, lang, "goods", n=v["goods_points"][p]))


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return every seat: name and badges, goods points, coins (only the viewer's own), and its cards."""
    rows = []
    for p in range(v["players"]):
        badges = []
        if p == v["dealer"] and v["phase"] != "over":
            badges.append((translate(TEXTS, lang, "dealer"), "dealer"))
        if p in v["to_act"]:
            badges.append(("▶", "to_act"))
        if p in v["out"]:
            badges.append(("✗", "out"))
        if v["bid_in"][p]:
            badges.append(("✓", "sealed_in"))
        if v["phase"] == "auction" and p == v["leader"]:
            badges.append((f"★{v['high']}", "leads"))
        marks = "".join(
            tag("span", esc(sign), class_="tt-badge", title=translate(TEXTS, lang, key))
            for sign, key in badges
        )
        coins = v["coins"][p]
        worth = (
            translate(TEXTS, lang, "secret")
            if coins is None
            else translate(TEXTS, lang, "worth", n=coins_score(coins, v["values"][p]))
        )
        head = (
            f"{tag('span', '●', style=f'color:{SEAT_COLOURS[p]}')} {tag('strong', esc(names[p]))} {marks} · "
            f"{esc(translate(TEXTS, lang, 'goods', n=v['goods_points'][p]))} · "
            f"{esc(translate(TEXTS, lang, 'coins'))} {esc(worth)}"
        )
        rows.append(
            tag(
                "div",
                tag("p", head, class_="tt-hint") + _seat_svg(v, p, lang),
                class_="vs-seat tt-to-act" if p in v["to_act"] else "vs-seat",
                data_seat=p,
            )
        )
    return tag("section", tag("h2", translate(TEXTS, lang, "players")) + "".join(rows), class_="vs-players")


# -- Controls


def _button(text: str, action: str, big: bool = False) -> str:
    """Return a button that plays `action`."""
    return tag(
        "button", esc(text), type="button", class_="tt-act tt-big" if big else "tt-act", data_action=action
    )


def _mix(selected: Sequence[str], holding: Sequence[int], fixed: str | None, default: list[int]) -> list[int]:
    """Return the coins being composed: the latest selected `d.f.g` within the holding, else `default`."""
    for s in reversed(selected):
        parts = s.split(".")
        if len(parts) == len(CURRENCIES) and all(x.isdigit() for x in parts):
            mix = [int(x) for x in parts]
            if all(
                0 <= m <= k and (c != fixed or m == 0)
                for c, m, k in zip(CURRENCIES, mix, holding, strict=True)
            ):
                return mix
    return default


def _coin_steppers(mix: list[int], holding: Sequence[int], fixed: str | None, lang: str) -> str:
    """Return one stepper row per currency: minus, the count chosen of the count held, plus."""
    rows = []
    for i, c in enumerate(CURRENCIES):
        if c == fixed:
            continue
        name = translate(TEXTS, lang, c + "s")
        cells = []
        for delta, text in ((-1, "−"), (1, "+")):
            target = mix[i] + delta
            if 0 <= target <= holding[i]:
                after = list(mix)
                after[i] = target
                cells.append(select_button(esc(text), comp_text(after), aria_label=f"{text} {name}"))
            else:
                cells.append(off_button(esc(text)))
        coin = tag(
            "svg",
            _coin_svg(c, 16, 16, 14, str(mix[i])),
            viewBox="0 0 32 32",
            style="width:2.5rem;height:2.5rem",
            role="img",
            aria_label=f"{mix[i]} {name}",
        )
        label = tag("span", f"{esc(name)} {mix[i]}/{holding[i]}", style="min-width:7rem;display:inline-block")
        rows.append(
            tag("div", cells[0] + coin + cells[1] + label, class_="tt-actions", style="align-items:center")
        )
    return "".join(rows)


def _pay_entry(v: View, lang: str, selected: Sequence[str]) -> str:
    """Return the payment entry: steppers per currency, and the pay button once they sum to the price."""
    me = v["viewer"]
    holding, price = v["coins"][me], v["high"]
    mix = _mix(selected, holding, None, cheapest(holding, v["values"][me], price))
    chosen = sum(mix)
    if chosen == price:
        confirm = _button(
            translate(TEXTS, lang, "b_pay", coins=coins_label(mix, lang)), "pay:" + comp_text(mix), True
        )
    elif chosen < price:
        confirm = off_button(esc(translate(TEXTS, lang, "b_more", n=price - chosen)))
    else:
        confirm = off_button(esc(translate(TEXTS, lang, "b_less", n=chosen - price)))
    return tag(
        "div",
        _coin_steppers(mix, holding, None, lang) + tag("div", confirm, class_="tt-actions"),
        class_="tt-bid",
    )


def _seal_entry(v: View, lang: str, selected: Sequence[str]) -> str:
    """Return the sealed-bid entry: steppers per currency (not the crashing one) and the seal button."""
    me = v["viewer"]
    holding = v["coins"][me]
    fixed = currency(v["lot"][0]) if v["phase"] == "crash_sealed" else None
    mix = _mix(selected, holding, fixed, [0] * len(CURRENCIES))
    text = translate(TEXTS, lang, "b_seal", coins=coins_label(mix, lang), n=sum(mix))
    return tag(
        "div",
        _coin_steppers(mix, holding, fixed, lang)
        + tag("div", _button(text, "seal:" + comp_text(mix), True), class_="tt-actions"),
        class_="tt-bid",
    )


def _controls(v: View, legal: Sequence[str], names: Sequence[str], lang: str, selected: Sequence[str]) -> str:
    """Return the viewer's buttons: offers, starters, bid entry, payment, picks or crash moves."""
    if not legal:
        return ""
    phase = v["phase"]
    out = []
    if phase == "offer":
        for a in legal:
            cards = a.split(":")[1].split("+")
            out.append(_button(translate(TEXTS, lang, "b_offer", cards=cards_label(cards, lang)), a))
    elif phase == "start":
        for a in legal:
            out.append(_button(translate(TEXTS, lang, "b_start", name=names[int(a.split(":")[1])]), a))
    elif phase == "auction":
        amounts = [int(a.split(":")[1]) for a in legal if a.startswith("bid:")]
        if amounts:
            out.append(amount_entry("bid", min(amounts), max(amounts), selected, lang, TEXTS))
        out.append(_button(translate(TEXTS, lang, "b_drop"), "drop"))
    elif phase == "pay":
        out.append(_pay_entry(v, lang, selected))
    elif phase == "pick":
        for a in legal:
            c = a.split(":")[1]
            out.append(_button(translate(TEXTS, lang, "b_pick", c=translate(TEXTS, lang, c)), a, True))
    elif phase == "crash":
        for a in legal:
            if a == "take":
                text = translate(
                    TEXTS,
                    lang,
                    "b_take",
                    card=card_label(v["lot"][0], lang),
                    coins=coins_label(v["pot"], lang),
                )
                out.append(_button(text, a, True))
            else:
                c = a.split(":")[1]
                out.append(_button(translate(TEXTS, lang, "b_coin", c=translate(TEXTS, lang, c)), a))
    else:
        out.append(_seal_entry(v, lang, selected))
    return tag("div", "".join(out), class_="tt-actions vs-controls")


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, phase = v["viewer"], v["phase"]
    if phase == "over":
        return translate(TEXTS, lang, "p_over")
    waiting = ", ".join(names[p] for p in v["to_act"])
    if me is None or me not in v["to_act"]:
        if v.get("bid") is not None:
            return translate(TEXTS, lang, "p_sealed", coins=coins_label(v["bid"], lang), names=waiting)
        return translate(TEXTS, lang, "p_wait", names=waiting)
    lot = cards_label(v["lot"], lang)
    held = sum(v["coins"][me])
    if phase == "offer":
        return translate(TEXTS, lang, "p_offer")
    if phase == "start":
        return translate(TEXTS, lang, "p_start", cards=lot)
    if phase == "auction":
        if v["leader"] is None:
            return translate(TEXTS, lang, "p_bid0", n=held)
        return translate(TEXTS, lang, "p_bid", high=v["high"], n=held)
    if phase == "pay":
        return translate(TEXTS, lang, "p_pay", cards=lot, n=v["high"])
    if phase == "pick":
        return translate(TEXTS, lang, "p_pick")
    if phase in ("crash", "crash_sealed"):
        card = card_label(v["lot"][0], lang)
        key = "p_crash" if phase == "crash" else "p_seal_crash"
        return translate(TEXTS, lang, key, card=card, c=translate(TEXTS, lang, currency(v["lot"][0])))
    return translate(TEXTS, lang, "p_seal", cards=lot)


def _last(v: View, names: Sequence[str], lang: str) -> str:
    """Return the last auction: the sealed fists opened together, and who got the lot for what."""
    last = v["last"]
    if last is None:
        return ""
    parts = []
    if last["bids"] is not None:
        items = "".join(
            tag(
                "li",
                f"{esc(names[p])}: {esc(coins_label(b, lang))} ({sum(b)})",
                class_="tt-winner" if p == last["winner"] else None,
            )
            for p, b in enumerate(last["bids"])
        )
        parts.append(tag("ul", items, class_="tt-bids"))
    lot = cards_label(last["lot"], lang)
    if last["winner"] is None:
        text = translate(TEXTS, lang, "r_none", cards=lot)
    elif last["kind"] in ("crash", "crash_sealed"):
        text = translate(
            TEXTS,
            lang,
            "r_crash",
            name=names[last["winner"]],
            card=lot,
            coins=coins_label(last["paid"], lang),
        )
    else:
        text = translate(
            TEXTS, lang, "r_won", name=names[last["winner"]], cards=lot, coins=coins_label(last["paid"], lang)
        )
    parts.append(tag("p", text, class_="tt-hint"))
    return tag("section", tag("h2", translate(TEXTS, lang, "last")) + "".join(parts), class_="tt-reveal")


def _result(v: View, names: Sequence[str], lang: str) -> str:
    """Return the game-over panel: every seat's points (goods plus coins), best first, and the winners."""
    result = v["result"]

    def line(p: int) -> str:
        score, goods = result["scores"][p], v["goods_points"][p]
        return translate(
            TEXTS, lang, "score_line", name=names[p], total=score, goods=goods, coins=score - goods
        )

    return result_panel(result, names, lang, line)


def render(
    view: View,
    legal: Sequence[str],
    *,
    lang: str = "en",
    names: Sequence[str] | None = None,
    selected: Sequence[str] = (),
) -> str:
    """Return the board for `view` as HTML; each legal action is a [data-action] element.

    `selected` holds what the viewer composed with the steppers: a count for an open bid, or coins
    `d.f.g` for a payment or sealed bid; the latest one that fits is shown on the confirm button.
    """
    v = view
    names = list(names or seat_names(v["players"], lang))
    mode = translate(TEXTS, lang, v["mode"])
    status = translate(TEXTS, lang, "status", mode=mode, k=v["auctions"] + (v["phase"] != "over"))
    notes = [translate(TEXTS, lang, "deck", n=v["deck"])]
    if v["box"]:
        notes.append(translate(TEXTS, lang, "box", n=len(v["box"])))
    parts = [
        tag(
            "header",
            tag("span", status) + tag("span", esc(" · ".join(notes)), class_="tt-deck"),
            class_="tt-status",
        ),
        tag("p", _prompt(v, names, lang), class_="tt-prompt", role="status"),
        _result(v, names, lang),
        _market(v, names, lang),
        _controls(v, legal, names, lang, selected),
        _last(v, names, lang),
        _players(v, names, lang),
    ]
    return board_root(parts, "tt-value-scale", v["viewer"], phase=v["phase"], mode=v["mode"])


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log."""
    names = list(names or seat_names(5, lang))
    kind = event["e"]
    name = names[event["p"]] if "p" in event else ""
    if kind == "deal":
        return translate(
            TEXTS, lang, "e_deal", name=names[event["dealer"]], cards=cards_label(event["row"], lang)
        )
    if kind in ("offer", "unsold", "acquire"):
        return translate(TEXTS, lang, f"e_{kind}", name=name, cards=cards_label(event["lot"], lang))
    if kind == "start":
        return translate(TEXTS, lang, "e_start", name=name, seat=names[event["seat"]])
    if kind == "bid":
        return translate(TEXTS, lang, "e_bid", name=name, n=event["n"])
    if kind == "win":
        return translate(
            TEXTS,
            lang,
            "e_win",
            name=name,
            cards=cards_label(event["lot"], lang),
            coins=coins_label(event["paid"], lang),
        )
    if kind == "pick":
        return translate(TEXTS, lang, "e_pick", name=name, c=translate(TEXTS, lang, event["c"]))
    if kind == "coin":
        return translate(
            TEXTS,
            lang,
            "e_coin",
            name=name,
            c=translate(TEXTS, lang, event["c"]),
            coins=coins_label(event["pot"], lang),
        )
    if kind == "crash":
        return translate(
            TEXTS,
            lang,
            "e_crash",
            name=name,
            card=card_label(event["card"], lang),
            coins=coins_label(event["got"], lang),
        )
    if kind == "reveal":
        bids = ", ".join(f"{names[p]} {coins_label(b, lang)}" for p, b in enumerate(event["bids"]))
        return translate(TEXTS, lang, "e_reveal", bids=bids)
    if kind == "refill":
        return translate(TEXTS, lang, "e_refill", cards=cards_label(event["cards"], lang) or "—")
    if kind == "over":
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(event["scores"]))
        return translate(TEXTS, lang, "e_over", scores=scores)
    return translate(TEXTS, lang, f"e_{kind}", name=name)
