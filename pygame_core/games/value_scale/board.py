"""The Value Scale board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. Amounts are composed, not typed:
stepper buttons carry `data-select` with the amount they lead to (a count `7`, or coins `2.0.1` as
ducats.florins.guilders); the latest selection that fits counts, and one confirm button carries the action
(`bid:<n>`, `pay:<d>.<f>.<g>` or `seal:<d>.<f>.<g>`). Text is English or Japanese.
"""

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from ...engine.game import View
from ...engine.render import (
    Texts,
    amount_entry,
    board_root,
    commas,
    dotted,
    esc,
    figure,
    listed,
    off_button,
    plain,
    result_panel,
    select_button,
    sentences,
    tag,
    translate,
)
from .rules import (
    CRASH,
    CRASH_VALUE,
    CURRENCIES,
    GOODS,
    REST,
    SURGE,
    SURGE_CARDS,
    SURGE_VALUES,
    best_coin,
    card_value,
    cheapest,
    coins_score,
    comp_text,
    currency,
    good,
    goods_score,
    icons,
    is_goods,
    parse_comp,
)

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2", "#2e9b4a")
GOODS_FILL = {"M": "#f3e2a0", "S": "#f6c7b6", "W": "#cfe0f5"}
GOODS_INK = {"M": "#7a5c0a", "S": "#9a3218", "W": "#2f5f9e"}
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
        "semi": "; ",
        "coin": "coin",
        "coins_n": "coins",
        "icon": "icon",
        "icons": "icons",
        "value_icons": "{v} ({n} {icons})",
        "bid": "bid",
        "bids": "bids",
        "point": "point",
        "points_n": "points",
        "count": "{n} {name}",
        "surge": "{c} surge",
        "crash": "{c} crash",
        "open": "Auction",
        "sealed": "Sealed bids",
        "status": "{mode} · auction {k}",
        "deck": "Deck {n}",
        "box": "Box {n}",
        "pick_order": "Pick order: {names}",
        "pick_badge": "takes a coin {k}.",
        "purse": "Your coins",
        "scale": "Value scale: a coin's worth plain, with the surge card (▲) and with the crash card (▼)",
        "purse_line": "{coins}: worth {n} to you",
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
        "b_rest": "Take the rest in order, worth most to me first (likely {coins})",
        "a_rest": "Take the rest in order, worth most to me first",
        "e_rest": "{name} takes the rest in order, the coin worth most to them first",
        "a_bid": "Bid {n} {coins}",
        "a_pay": "Pay {coins} for the lot",
        "a_coin": "Pay 1 {c} into the middle",
        "a_seal": "Seal {coins} in your fist ({n} {unit})",
        "nothing": "nothing",
        "p_offer": "You are the dealer: offer one or two face-up cards (a crash card only alone).",
        "p_start": "Who starts the auction for {cards}?",
        "p_bid": "Bid more than {high} {unit} in all, or drop out (you hold {n}).",
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
        "e_start_self": "{name} chooses to start",
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
        "m_bidding": "Bidding, {k} {unit}: {parts}",
        "m_one": "{name} {n}",
        "m_upto": "{name} up to {n}",
        "m_drop": "{name} drops out",
        "m_upto_drop": "{name} up to {n}, then drops out",
        "m_one_drop": "{name} {n}, then drops out",
        "m_fist": "{name} {coins}",
        "fist_line": "{name}: {coins} ({n})",
        "then": ", then ",
        "m_picks": "Coins taken from the middle: {parts}",
        "m_payins": "Crash auction, coins paid in: {parts} (middle: {coins})",
        "m_part": "{name} {coins}",
        "m_seals": "{names} have sealed their bids",
        "c_auction": "Auction {k}",
        "c_over": "Game over",
        "bd_goods": "{good}: {n} {icons} × {v}",
        "bd_coins": "{coins} × {v}",
        "bd_none": "nothing",
        "d_one": "**{name}** wins with {n} {unit}, {gap} more than {second} ({m}).",
        "d_tie": "**{names}** share the win with {n} {unit} each: the rules name no tie-break.",
        "d_best": "{name}'s biggest part was {part} = {n}.",
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
        "semi": "、",
        "coin": "枚",
        "coins_n": "枚",
        "icon": "個",
        "icons": "個",
        "value_icons": "{v}・アイコン{n}{icons}",
        "bid": "回",
        "bids": "回",
        "point": "点",
        "points_n": "点",
        "count": "{name}{n}枚",
        "surge": "{c}高騰",
        "crash": "{c}暴落",
        "open": "オークション",
        "sealed": "入札",
        "status": "{mode}・第{k}競り",
        "deck": "山札{n}枚",
        "box": "箱{n}枚",
        "pick_order": "通貨を取る順番：{names}",
        "pick_badge": "{k}番目に通貨を取る",
        "purse": "あなたの通貨",
        "scale": "バリュースケール：通貨1枚の価値（通常、高騰カード▲あり、暴落カード▼あり）",
        "purse_line": "{coins}：あなたにとって{n}点",
        "market": "表向きのカード",
        "on_offer": "競りにかけられたカード",
        "pot": "テーブル中央",
        "high": "最高値{n}枚・{name}",
        "no_bid": "まだ値段なし",
        "players": "プレイヤー",
        "dealer": "ディーラー",
        "to_act": "手番",
        "out": "降り",
        "sealed_in": "入札済み",
        "leads": "最高値",
        "coins": "通貨",
        "goods": "品物{n}点",
        "worth": "の価値{n}点",
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
        "b_rest": "残りを順に取る：自分に価値の高い順（見込み：{coins}）",
        "a_rest": "残りを自分に価値の高い順に取る",
        "e_rest": "{name}は残りを自分に価値の高い順に取ります",
        "a_bid": "{n}{coins}で競る",
        "a_pay": "{coins}で支払う",
        "a_coin": "{c}を1枚中央に支払う",
        "a_seal": "{coins}を握って入札（{n}{unit}）",
        "nothing": "なし",
        "p_offer": "あなたがディーラーです：表向きのカードを1枚か2枚選んでください（暴落カードは1枚だけ）。",
        "p_start": "{cards}の競りを誰から始めますか？",
        "p_bid": "{high}{unit}を超える競り値をつけるか、降りてください（所持{n}枚）。",
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
        "e_start_self": "{name}が自分を開始プレイヤーに指名",
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
        "m_bidding": "競り（{k}{unit}）：{parts}",
        "m_one": "{name}は{n}枚",
        "m_upto": "{name}は{n}枚まで",
        "m_drop": "{name}は降りる",
        "m_upto_drop": "{name}は{n}枚まで競って降りる",
        "m_one_drop": "{name}は{n}枚をつけて降りる",
        "m_fist": "{name}：{coins}",
        "fist_line": "{name}：{coins}（{n}枚）",
        "then": "、次に",
        "m_picks": "中央の通貨の分配：{parts}",
        "m_payins": "暴落の競り、支払われた通貨：{parts}（中央：{coins}）",
        "m_part": "{name}が{coins}",
        "m_seals": "{names}が入札しました",
        "c_auction": "第{k}競り",
        "c_over": "ゲーム終了",
        "bd_goods": "{good}：アイコン{n}{icons}×{v}",
        "bd_coins": "{coins}×{v}",
        "bd_none": "なし",
        "d_one": "**{name}**が{n}{unit}で勝利。{second}（{m}点）より{gap}点多く獲得しました。",
        "d_tie": "**{names}**が{n}{unit}で同点首位、ともに勝利です（ルールに同点の決着方法はありません）。",
        "d_best": "{name}の最大の得点源は{part}＝{n}点です。",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the players' colours."""
    return [translate(TEXTS, lang, f"seat{p}") for p in range(players)]


def card_label(card: str, lang: str) -> str:
    """Return a card's short name, e.g. `Metals 5 (2 icons)` or `ducat surge`."""
    if is_goods(card):
        return f"{translate(TEXTS, lang, good(card))} {value_icons(card_value(card), icons(card), lang)}"
    c = translate(TEXTS, lang, currency(card))
    return translate(TEXTS, lang, "surge" if card in SURGE_CARDS else "crash", c=c)


def cards_label(cards: Sequence[str], lang: str) -> str:
    """Return several cards' short names."""
    return " + ".join(card_label(c, lang) for c in cards)


def value_icons(value: int, n: int, lang: str) -> str:
    """Return a goods card's value and icons in words: `5 (2 icons)`, `5・アイコン2個` (not `5×2`, which
    reads as coins)."""
    return translate(TEXTS, lang, "value_icons", v=value, n=n, icons=plural(n, "icon", "icons", lang))


def plural(n: int, one: str, many: str, lang: str) -> str:
    """Return the word for `n` things: the text `one` for exactly 1, else `many` (Japanese counters agree)."""
    return translate(TEXTS, lang, one if n == 1 else many)


def coin_count(c: str, k: int, lang: str) -> str:
    """Return `k` coins of currency `c` in words: `1 ducat`, `3 guilders`, `ダカット3枚`."""
    return translate(TEXTS, lang, "count", n=k, name=translate(TEXTS, lang, c if k == 1 else c + "s"))


def coins_label(coins: Sequence[int], lang: str) -> str:
    """Return coins in words, e.g. `2 ducats and 1 guilder` (`nothing` if none; Japanese joins with ・).

    >>> coins_label([2, 0, 1], "en"), coins_label([0, 1, 1], "ja"), coins_label([0, 0, 0], "en")
    ('2 ducats and 1 guilder', 'フローリン1枚・ギルダー1枚', 'nothing')
    """
    parts = [coin_count(c, k, lang) for c, k in zip(CURRENCIES, coins, strict=True) if k]
    if not parts:
        return translate(TEXTS, lang, "nothing")
    return "・".join(parts) if lang == "ja" else listed(parts, lang)


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


def card_svg(card: str, x: float, y: float, w: float, h: float, lang: str) -> str:
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
        worth = SURGE_VALUES[c] if surge else CRASH_VALUE
        out.append(
            tag("text", f"= {worth}", x=x + w / 2, y=y + h * 0.88, font_size=h * 0.13, text_anchor="middle")
        )
    return tag(
        "g",
        "".join(out),
        fill=colour,
        class_="vs-card",
        data_card=card,
        data_explain=f"card:{card}",
        role="img",
        aria_label=label,
    )


def coin_svg(c: str, cx: float, cy: float, r: float, text: str) -> str:
    """Return a coin of currency `c` with a number on it."""
    disc = tag("circle", cx=cx, cy=cy, r=r, fill=COIN_FILL[c], stroke="#555")
    number = tag(
        "text",
        esc(text),
        x=cx,
        y=cy + r * 0.35,
        font_size=r,
        text_anchor="middle",
        font_weight=700,
        fill="#222",
    )
    return tag("g", disc + number, data_explain=f"coin:{c}")


def board_svg(content: str, width: int, height: int, label: str) -> str:
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
    cards = "".join(card_svg(c, 4 + i * 120, 4, 110, 150, lang) for i, c in enumerate(row))
    parts.append(
        tag("h2", translate(TEXTS, lang, "market"), data_explain="row")
        + board_svg(cards, 364, 160, cards_label(row, lang) or translate(TEXTS, lang, "nothing"))
    )
    if v["lot"]:
        lot = "".join(card_svg(c, 4 + i * 120, 4, 110, 150, lang) for i, c in enumerate(v["lot"]))
        pot = "".join(
            coin_svg(c, 268 + i * 36, 60, 15, str(k))
            for i, (c, k) in enumerate(zip(CURRENCIES, v["pot"], strict=True))
        )
        pot += tag("text", esc(translate(TEXTS, lang, "pot")), x=254, y=30, font_size=13, fill="currentColor")
        parts.append(
            tag("h2", translate(TEXTS, lang, "on_offer"), data_explain="lot")
            + board_svg(lot + tag("g", pot, data_explain="pot"), 364, 160, cards_label(v["lot"], lang))
        )
        if v["phase"] == "auction":
            high = (
                translate(TEXTS, lang, "high", n=v["high"], name=names[v["leader"]])
                if v["leader"] is not None
                else translate(TEXTS, lang, "no_bid")
            )
            parts.append(tag("p", tag("strong", esc(high)), class_="tt-hint vs-high", data_explain="high"))
        if v["phase"] == "pick":
            order = " → ".join(names[p] for p in v["queue"])
            text = translate(TEXTS, lang, "pick_order", names=order)
            parts.append(tag("p", tag("strong", text), class_="tt-hint vs-order", data_explain="pick_order"))
    return tag("section", "".join(parts), class_="vs-market")


def _seat_svg(v: View, p: int, lang: str) -> str:
    """Return a seat's goods stacks (top card shown, its icons and points), surge and crash cards, coins."""
    out = []
    for i, g in enumerate(GOODS):
        stack = v["stacks"][p][i]
        x = 4 + i * 74
        if stack:
            slot = card_svg(stack[-1], x, 4, 64, 88, lang)
            total = sum(icons(c) for c in stack)
            text = f"{len(stack)}· {total}×{card_value(stack[-1])}={goods_score(stack)}"
        else:
            slot = tag(
                "rect",
                x=x,
                y=4,
                width=64,
                height=88,
                rx=6,
                fill="none",
                stroke=GOODS_INK[g],
                stroke_dasharray="4 3",
            ) + _icon(g, x + 32, 48, 8)
            text = "0"
        slot += tag(
            "text", esc(text), x=x + 32, y=108, font_size=11, text_anchor="middle", fill="currentColor"
        )
        out.append(tag("g", slot, data_explain=f"stack:{g}"))
    for j, c in enumerate(CURRENCIES):
        y = 14 + j * 34
        value = v["values"][p][j]
        out.append(coin_svg(c, 240, y + 4, 13, str(v["coins"][p][j])))
        if c in v["surges"][p]:
            out.append(
                tag(
                    "text", "▲", x=260, y=y + 9, font_size=14, fill=SURGE_INK, data_explain=f"card:{SURGE}{c}"
                )
            )
        if c in v["crashes"][p]:
            out.append(
                tag(
                    "text", "▼", x=274, y=y + 9, font_size=14, fill=CRASH_INK, data_explain=f"card:{CRASH}{c}"
                )
            )
        worth = f"×{value} = {v['coins'][p][j] * value}"  # the coins on the coin, each worth `value`: a sum
        out.append(
            tag("text", worth, x=290, y=y + 9, font_size=13, fill="currentColor", data_explain="scale")
        )
    return board_svg("".join(out), 364, 114, translate(TEXTS, lang, "goods", n=v["goods_points"][p]))


def _badges(v: View, p: int, lang: str) -> str:
    """Return a seat's badges: dealer, to act, the pick order while coins are taken, else dropped out,
    sealed, leading."""
    badges = []
    if p == v["dealer"] and v["phase"] != "over":
        badges.append((translate(TEXTS, lang, "dealer"), "dealer", translate(TEXTS, lang, "dealer")))
    if p in v["to_act"]:
        badges.append(("▶", "to_act", translate(TEXTS, lang, "to_act")))
    if v["phase"] == "pick":
        if p in v["queue"]:
            k = v["queue"].index(p) + 1
            badges.append((f"#{k}", "pick", translate(TEXTS, lang, "pick_badge", k=k)))
    elif p in v["out"]:
        badges.append(("✗", "out", translate(TEXTS, lang, "out")))
    if v["bid_in"][p]:
        badges.append(("✓", "sealed_in", translate(TEXTS, lang, "sealed_in")))
    if v["phase"] == "auction" and p == v["leader"]:
        badges.append((f"★{v['high']}", "leads", translate(TEXTS, lang, "leads")))
    return "".join(
        tag("span", esc(sign), class_="tt-badge", title=title, data_explain=f"badge:{key}")
        for sign, key, title in badges
    )


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return every seat: name and badges, goods points, coins as counted from play, and its cards."""
    rows = []
    for p in range(v["players"]):
        worth = translate(TEXTS, lang, "worth", n=coins_score(v["coins"][p], v["values"][p]))
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        seat = " ".join(filter(None, (dot, tag("strong", esc(names[p])), _badges(v, p, lang))))
        goods = tag(
            "span", esc(translate(TEXTS, lang, "goods", n=v["goods_points"][p])), data_explain="goods"
        )
        counted = tag("span", figure(translate(TEXTS, lang, "coins"), worth, lang), data_explain="counted")
        head = dotted([seat, goods, counted], lang)
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
            coin_svg(c, 16, 16, 14, str(mix[i])),
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
        runs = [(c, len(list(group))) for c, group in groupby(pick_plan(v))]
        coins = translate(TEXTS, lang, "then").join(coin_count(c, k, lang) for c, k in runs)
        out.append(_button(translate(TEXTS, lang, "b_rest", coins=coins), f"pick:{REST}", True))
        for a in legal:
            c = a.split(":")[1]
            if c != REST:
                out.append(_button(translate(TEXTS, lang, "b_pick", c=translate(TEXTS, lang, c)), a))
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
    return tag("div", "".join(out), class_="tt-actions vs-controls tt-side")


def pick_plan(v: View) -> list[str]:
    """Return the coins the viewer likely takes with `pick:rest` (A13): in each of its turns the coin left
    worth most to it, each other seat taken to do the same by its own values (D, F, G breaking ties)."""
    pot, queue, me = list(v["pot"]), list(v["queue"]), v["viewer"]
    mine = []
    while sum(pot):
        p = queue[0]
        c = best_coin(pot, v["values"][p])
        if p == me:
            mine.append(c)
        pot[CURRENCIES.index(c)] -= 1
        queue = [*queue[1:], p]
    return mine


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, phase = v["viewer"], v["phase"]
    if phase == "over":
        return translate(TEXTS, lang, "p_over")
    waiting = listed([names[p] for p in v["to_act"]], lang)
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
        unit = plural(v["high"], "coin", "coins_n", lang)
        return translate(TEXTS, lang, "p_bid", high=v["high"], unit=unit, n=held)
    if phase == "pay":
        return translate(TEXTS, lang, "p_pay", cards=lot, n=v["high"])
    if phase == "pick":
        return translate(TEXTS, lang, "p_pick")
    if phase in ("crash", "crash_sealed"):
        card = card_label(v["lot"][0], lang)
        key = "p_crash" if phase == "crash" else "p_seal_crash"
        return translate(TEXTS, lang, key, card=card, c=translate(TEXTS, lang, currency(v["lot"][0])))
    return translate(TEXTS, lang, "p_seal", cards=lot)


def _purse(v: View, lang: str) -> str:
    """Return the seated viewer's own coins and what they are worth to it ("" for the table)."""
    me = v["viewer"]
    if me is None or v["phase"] == "over":
        return ""
    coins = v["coins"][me]
    line = translate(
        TEXTS, lang, "purse_line", coins=coins_label(coins, lang), n=coins_score(coins, v["values"][me])
    )
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "purse")) + tag("p", line, class_="tt-hint"),
        class_="vs-purse tt-side",
        data_explain="purse",
    )


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
                translate(TEXTS, lang, "fist_line", name=names[p], coins=coins_label(b, lang), n=sum(b)),
                class_="tt-winner" if p == last["winner"] else None,
            )
            for p, b in enumerate(last["bids"])
        )
        parts.append(tag("ul", items, class_="tt-bids", data_explain="fists"))
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
    head = tag("h2", translate(TEXTS, lang, "last"), data_explain="last")
    return tag("section", head + "".join(parts), class_="tt-reveal")


def _result(v: View, names: Sequence[str], lang: str) -> str:
    """Return the game-over panel: every seat's points (goods plus coins), best first, and the winners."""
    result = v["result"]

    def line(p: int) -> str:
        score, goods = result["scores"][p], v["goods_points"][p]
        return translate(
            TEXTS, lang, "score_line", name=names[p], total=score, goods=goods, coins=score - goods
        )

    panel = result_panel(result, names, lang, line)
    return tag("div", panel, class_="tt-side") if panel else ""


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
    notes = [tag("span", esc(translate(TEXTS, lang, "deck", n=v["deck"])), data_explain="deck")]
    if v["box"]:
        notes.append(tag("span", esc(translate(TEXTS, lang, "box", n=len(v["box"]))), data_explain="box"))
    parts = [
        tag(
            "header",
            tag("span", esc(status), data_explain=f"mode:{v['mode']}")
            + tag("span", dotted(notes, lang), class_="tt-deck"),
            class_="tt-status",
        ),
        tag("p", _prompt(v, names, lang), class_="tt-prompt tt-side", role="status"),
        _result(v, names, lang),
        _market(v, names, lang),
        _controls(v, legal, names, lang, selected),
        _purse(v, lang),
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
        if event["seat"] == event["p"]:
            return translate(TEXTS, lang, "e_start_self", name=name)
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
        fists = translate(TEXTS, lang, "semi").join(
            plain(TEXTS, lang, "m_fist", name=names[p], coins=coins_label(b, lang))
            for p, b in enumerate(event["bids"])
        )
        return translate(TEXTS, lang, "e_reveal", bids=fists)
    if kind == "bidding":
        return translate(
            TEXTS,
            lang,
            "m_bidding",
            k=len(event["steps"]),
            unit=plural(len(event["steps"]), "bid", "bids", lang),
            parts=translate(TEXTS, lang, "semi").join(_bidding_parts(event["steps"], names, lang)),
        )
    if kind in ("picks", "payins"):
        parts = translate(TEXTS, lang, "semi").join(
            plain(TEXTS, lang, "m_part", name=names[p], coins=coins_label(coins, lang))
            for p, coins in _tally(event["coins"])
        )
        pot = coins_label(event["pot"], lang) if kind == "payins" else ""
        return translate(TEXTS, lang, f"m_{kind}", parts=parts, coins=pot)
    if kind == "seals":
        return translate(TEXTS, lang, "m_seals", names=listed([names[p] for p in event["ps"]], lang))
    if kind == "refill":
        return translate(TEXTS, lang, "e_refill", cards=cards_label(event["cards"], lang) or "—")
    if kind == "over":
        scores = commas((figure(names[p], s, lang) for p, s in enumerate(event["scores"])), lang)
        return translate(TEXTS, lang, "e_over", scores=scores)
    return translate(TEXTS, lang, f"e_{kind}", name=name)


def _bidding_parts(steps: Sequence[Sequence[int]], names: Sequence[str], lang: str) -> list[str]:
    """Return each seat's part in a run of bids (`[seat, n]`, n = -1 for dropping out), in order of play, as
    plain words (the log line escapes them)."""
    out = []
    for p in dict.fromkeys(q for q, _ in steps):
        bids = [n for q, n in steps if q == p and n >= 0]
        dropped = any(q == p and n < 0 for q, n in steps)
        if not bids:
            out.append(plain(TEXTS, lang, "m_drop", name=names[p]))
        else:
            key = ("m_upto" if len(bids) > 1 else "m_one") + ("_drop" if dropped else "")
            out.append(plain(TEXTS, lang, key, name=names[p], n=max(bids)))
    return out


def _tally(moves: Sequence[Sequence[Any]]) -> list[tuple[int, list[int]]]:
    """Return each seat's coins in a run of single-coin moves (`[seat, currency]`), in order of play.

    >>> _tally([[2, "D"], [0, "F"], [2, "D"], [2, "G"]])
    [(2, [2, 0, 1]), (0, [0, 1, 0])]
    """
    out: dict[int, list[int]] = {}
    for p, c in moves:
        out.setdefault(p, [0] * len(CURRENCIES))[CURRENCIES.index(c)] += 1
    return list(out.items())


def _run(event: dict[str, Any]) -> dict[str, Any] | None:
    """Return an event as a run of one step that `merge` can extend, or None if it is not a repeated step."""
    kind = event["e"]
    if kind in ("bidding", "picks", "payins", "seals"):
        return event
    if kind in ("bid", "drop"):
        return {"e": "bidding", "steps": [[event["p"], event.get("n", -1)]]}
    if kind == "pick":
        return {"e": "picks", "coins": [[event["p"], event["c"]]]}
    if kind == "coin":
        return {"e": "payins", "coins": [[event["p"], event["c"]]], "pot": list(event["pot"])}
    if kind == "sealed":
        return {"e": "seals", "ps": [event["p"]]}
    return None


def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Return one log event for two in a row of the same step (bids and drops, coins taken, crash coins
    paid in, bids sealed), or None.

    >>> merge({"e": "pick", "p": 1, "c": "D"}, {"e": "pick", "p": 2, "c": "G"})
    {'e': 'picks', 'coins': [[1, 'D'], [2, 'G']]}
    >>> merge({"e": "bid", "p": 1, "n": 3}, {"e": "pick", "p": 2, "c": "G"}) is None
    True
    """
    first, second = _run(a), _run(b)
    if first is None or second is None or first["e"] != second["e"]:
        return None
    out: dict[str, Any] = {
        k: [*first[k], *second[k]] if k in ("steps", "coins", "ps") else v for k, v in first.items()
    }
    if "pot" in second:
        out["pot"] = list(second["pot"])
    return out


def chapter(event: dict[str, Any], lang: str) -> str | None:
    """Return the log heading an event opens: each auction (from its dealer), and the end."""
    if event["e"] in ("deal", "dealer"):
        return translate(TEXTS, lang, "c_auction", k=event["k"])
    if event["e"] == "over":
        return translate(TEXTS, lang, "c_over")
    return None


# Banners: a lot won (in sealed mode the moment the fists open), a crash card taken, the final scores. The
# sealed reveal itself is no banner kind: every banner kind is reached in either mode.
BANNERS = frozenset({"win", "crash", "over"})


def action_name(action: str, view: View, lang: str) -> str:
    """Return a legal action in words, e.g. `Bid 3 coins` or `Take a florin`."""
    verb, _, arg = action.partition(":")
    if verb == "offer":
        return translate(TEXTS, lang, "b_offer", cards=cards_label(arg.split("+"), lang))
    if verb == "start":
        return translate(TEXTS, lang, "b_start", name=seat_names(view["players"], lang)[int(arg)])
    if verb == "bid":
        n = int(arg)
        return translate(TEXTS, lang, "a_bid", n=n, coins=plural(n, "coin", "coins_n", lang))
    if verb == "drop":
        return translate(TEXTS, lang, "b_drop")
    if verb in ("pay", "seal"):
        mix = parse_comp(arg)
        unit = plural(sum(mix), "coin", "coins_n", lang)
        return translate(TEXTS, lang, f"a_{verb}", coins=coins_label(mix, lang), n=sum(mix), unit=unit)
    if action == f"pick:{REST}":
        return translate(TEXTS, lang, "a_rest")
    if verb in ("pick", "coin"):
        key = "b_pick" if verb == "pick" else "a_coin"
        return translate(TEXTS, lang, key, c=translate(TEXTS, lang, arg))
    card = card_label(view["lot"][0], lang) if view["lot"] else ""
    return translate(TEXTS, lang, "b_take", card=card, coins=coins_label(view["pot"], lang))


def breakdown(view: View, lang: str) -> list[list[tuple[str, int]]]:
    """Return each seat's points by source: each goods stack (icons × top value), each currency held
    (coins × their worth to the seat); they sum to the seat's score."""
    out = []
    for p in range(view["players"]):
        parts = []
        for g, stack in zip(GOODS, view["stacks"][p], strict=True):
            if stack:
                n, top = sum(icons(c) for c in stack), card_value(stack[-1])
                label = plain(
                    TEXTS,
                    lang,
                    "bd_goods",
                    good=plain(TEXTS, lang, g),
                    n=n,
                    icons=plural(n, "icon", "icons", lang),
                    v=top,
                )
                parts.append((label, goods_score(stack)))
        for c, k, worth in zip(CURRENCIES, view["coins"][p], view["values"][p], strict=True):
            if k:
                parts.append(
                    (plain(TEXTS, lang, "bd_coins", coins=coin_count(c, k, lang), v=worth), k * worth)
                )
        out.append(parts or [(plain(TEXTS, lang, "bd_none"), 0)])
    return out


def decided(view: View, names: Sequence[str], lang: str) -> str | None:
    """Return why the winners won: the margin over the next seat and the winner's biggest part, or the
    shared top score (the rules name no tie-break)."""
    result = view["result"]
    if result is None:
        return None
    scores, winners = result["scores"], result["winners"]
    top = scores[winners[0]]
    unit = plural(top, "point", "points_n", lang)
    if len(winners) > 1:
        return plain(TEXTS, lang, "d_tie", names=listed([names[w] for w in winners], lang), n=top, unit=unit)
    w = winners[0]
    second = max((p for p in range(len(scores)) if p != w), key=lambda p: scores[p])
    label, points = max(breakdown(view, lang)[w], key=lambda part: part[1])
    return sentences(
        [
            plain(
                TEXTS,
                lang,
                "d_one",
                name=names[w],
                n=top,
                unit=unit,
                gap=top - scores[second],
                second=names[second],
                m=scores[second],
            ),
            plain(TEXTS, lang, "d_best", name=names[w], part=label, n=points),
        ],
        lang,
    )
