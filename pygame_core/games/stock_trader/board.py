"""The Stock Trader board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. At the start of a turn (and for a
forced play) the hand cards carry `data-select`: the latest selected card (default: the first) shows its
use and discard buttons. Trade sizes are buttons, never typed. Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import Texts, board_root, esc, result_panel, select_button, tag, translate
from .rules import COSTS, CREDIT_STEP, SQUARES, card_colour, dividend_rate, kind

STOCK_COLOURS = {"R": "#c8302c", "B": "#2f63c8", "G": "#2f8f3e"}
SEAT_COLOURS = ("#6b4fc2", "#e57a1f", "#1f9aa8", "#8a8a2a")
ROMAN = ("I", "II", "III", "IV", "V")
CARD_W = 44  # a square of the rate sheet in the SVG
CELL = "min-width:2.6rem"

TEXTS: Texts = {
    "en": {
        "seat": "Player {n}",
        "R": "Red",
        "B": "Blue",
        "G": "Green",
        "basic": "Basic trade",
        "double": "Double trade",
        "anywhere": "Anywhere trade",
        "buyall": "Unlimited buy",
        "sellall": "Unlimited sell",
        "up": "Credit up",
        "down": "Credit down",
        "credit": "Credit manipulation",
        "confusion": "Confusion",
        "fairy": "Fairy's guidance",
        "coloured": "{name} ({colour})",
        "as_anywhere": "acts as Anywhere trade",
        "status": "Pile {pile} · dividends paid {paid}/5",
        "status_over": "Game over · dividends paid {paid}/5",
        "sheet": "Rate sheet",
        "piles": "Piles",
        "discard": "Discards {n}",
        "out": "Out of the game {n}",
        "free": "±2 cards free {n}",
        "hand": "Your hand",
        "players": "Players",
        "cash": "Cash",
        "ious": "IOU",
        "worth": "Worth",
        "legendary": "LEGENDARY",
        "fallen": "FALLEN",
        "price": "{price}C",
        "p_main": "Your turn: choose a card, then use it or discard it (and maybe sell one stock).",
        "p_force": "You must use a card from your hand ({n} to go).",
        "p_colour": "{card}: choose the country.",
        "p_trade": "{card} on {colour}: buy or sell how many? Price {price}C, you have {cash}C.",
        "p_credit": "Credit manipulation on {colour}: place a +2 or a −2 card.",
        "p_end": "You may pay IOUs back before your turn ends.",
        "p_wait": "Waiting for {name}…",
        "p_over": "Game over.",
        "b_play": "Use {card} (cost {cost})",
        "b_discard": "Discard it",
        "b_discard_sell": "Discard it, sell 1 {colour} for {price}C",
        "b_colour": "{colour} ({price}C)",
        "b_buy": "Buy",
        "b_sell": "Sell",
        "b_up": "+2 card",
        "b_down": "−2 card",
        "b_loan": "Take a loan (+10C, IOU)",
        "b_repay": "Pay an IOU back (−20C)",
        "b_end": "End the turn",
        "b_skip": "No usable card: go on",
        "e_start": "The market opens: {colours} at 5C",
        "e_play": "{name} uses {card}",
        "e_discard": "{name} discards a card face down",
        "e_colour": "{name} chooses {colour}",
        "e_buy": "{name} buys {n} {colour} at {price}C; the price is now {to}C",
        "e_sell": "{name} sells {n} {colour} at {price}C; the price is now {to}C",
        "e_credit": "{name} moves {colour} by {step}: {price}C → {to}C",
        "e_legendary": "{colour} is now a legendary stock",
        "e_fallen": "{colour} has fallen",
        "e_drew": "{name} draws {n}",
        "e_drew_discard": "{name} draws {n} from the shuffled discards",
        "e_skip": "{name} has no card to use",
        "e_loan": "{name} takes a loan ({n} IOUs)",
        "e_repay": "{name} pays an IOU back ({n} left)",
        "e_dividend": "Dividends after pile {pile}: {rates}",
        "e_over": "Game over: {worths}",
    },
    "ja": {
        "seat": "プレイヤー{n}",
        "R": "赤",
        "B": "青",
        "G": "緑",
        "basic": "基本取引",
        "double": "2倍取引",
        "anywhere": "どこでも取引",
        "buyall": "無限購入",
        "sellall": "無限売却",
        "up": "信用上昇",
        "down": "信用下落",
        "credit": "信用操作",
        "confusion": "混乱",
        "fairy": "妖精の導き",
        "coloured": "{name}（{colour}）",
        "as_anywhere": "どこでも取引として使用",
        "status": "山札{pile} · 配当 {paid}/5回",
        "status_over": "ゲーム終了 · 配当 {paid}/5回",
        "sheet": "レートシート",
        "piles": "山札",
        "discard": "捨て札 {n}",
        "out": "除外 {n}",
        "free": "株価±2カード残り {n}",
        "hand": "手札",
        "players": "プレイヤー",
        "cash": "所持金",
        "ious": "借用書",
        "worth": "総資産",
        "legendary": "伝説株",
        "fallen": "没落株",
        "price": "{price}C",
        "p_main": "あなたの番：カードを選び、使うか捨ててください（捨てる時は株を1枚売却できます）。",
        "p_force": "手札のカードを必ず使ってください（残り{n}回）。",
        "p_colour": "{card}：国を選んでください。",
        "p_trade": "{card}（{colour}）：何枚購入・売却しますか？ 株価{price}C、所持金{cash}C。",
        "p_credit": "信用操作（{colour}）：株価+2か−2のカードを置きます。",
        "p_end": "手番を終える前に借金を返済できます。",
        "p_wait": "{name}の番です…",
        "p_over": "ゲーム終了。",
        "b_play": "{card}を使う（コスト{cost}）",
        "b_discard": "捨てる",
        "b_discard_sell": "捨てて{colour}を1枚{price}Cで売却",
        "b_colour": "{colour}（{price}C）",
        "b_buy": "購入",
        "b_sell": "売却",
        "b_up": "+2カード",
        "b_down": "−2カード",
        "b_loan": "借金する（+10C、借用書）",
        "b_repay": "返済する（−20C）",
        "b_end": "手番を終える",
        "b_skip": "使えるカードがありません：続ける",
        "e_start": "取引開始：{colours}の株価は5C",
        "e_play": "{name}が{card}を使いました",
        "e_discard": "{name}がカードを1枚伏せて捨てました",
        "e_colour": "{name}が{colour}を選びました",
        "e_buy": "{name}が{colour}を{n}枚{price}Cで購入、株価は{to}C",
        "e_sell": "{name}が{colour}を{n}枚{price}Cで売却、株価は{to}C",
        "e_credit": "{name}が{colour}に{step}：{price}C → {to}C",
        "e_legendary": "{colour}が伝説株になりました",
        "e_fallen": "{colour}が没落株になりました",
        "e_drew": "{name}が{n}枚引きました",
        "e_drew_discard": "{name}が捨て札をシャッフルして{n}枚引きました",
        "e_skip": "{name}は使えるカードがありません",
        "e_loan": "{name}が借金しました（借用書{n}枚）",
        "e_repay": "{name}が返済しました（残り{n}枚）",
        "e_dividend": "山札{pile}の後の配当：{rates}",
        "e_over": "ゲーム終了：{worths}",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: Player 1, Player 2, ..."""
    return [translate(TEXTS, lang, "seat", n=p + 1) for p in range(players)]


def colour_name(c: str, lang: str) -> str:
    """Return a country's name."""
    return translate(TEXTS, lang, c)


def card_name(card: str, lang: str) -> str:
    """Return a card's name, with its colour for the coloured kinds."""
    name = translate(TEXTS, lang, kind(card))
    c = card_colour(card)
    return translate(TEXTS, lang, "coloured", name=name, colour=colour_name(c, lang)) if c else name


def _button(text: str, action: str, extra: str = "") -> str:
    """Return an action button."""
    return tag("button", esc(text), type="button", class_=f"tt-act {extra}".strip(), data_action=action)


def _square_xs() -> list[int]:
    """Return the x of each square of SQUARES (dear end first) on the sheet, cheapest on the left."""
    n = len(SQUARES)
    cheap_half = sum(1 for sq in SQUARES if sq <= SQUARES[4])  # the lower sheet ends with the 6 square
    xs = []
    for i in range(n):
        pos = n - 1 - i
        xs.append(4 + pos * CARD_W + (8 if pos >= cheap_half else 0))
    return xs


def _sheet(v: View, lang: str) -> str:
    """Return the SVG of both rate-sheet halves: each colour's squares, stocks, price, ±2 cards."""
    xs = _square_xs()
    row_h, label_h = 64, 16
    out = []
    for r, c in enumerate(v["colours"]):
        y0 = r * (row_h + label_h)
        dead, mods = v["dead"][c], v["mods"][c]
        head = f"{colour_name(c, lang)} {v['prices'][c]}C"
        if mods:
            head += f" ({'+' if mods > 0 else '−'}2×{abs(mods)})"
        if dead:
            head += " · " + translate(TEXTS, lang, dead)
        out.append(
            tag("text", esc(head), x=4, y=y0 + 12, style=f"font:700 12px system-ui;fill:{STOCK_COLOURS[c]}")
        )
        for k in range(abs(mods)):
            plus = mods > 0
            x = xs[0] + CARD_W - 20 - 22 * k
            out.append(
                tag(
                    "rect",
                    x=x,
                    y=y0 + 1,
                    width=19,
                    height=14,
                    rx=2,
                    class_="tt-credit-card",
                    style=f"fill:{'#f08c1a' if plus else '#8a4fc2'}",
                )
            )
            out.append(
                tag(
                    "text",
                    "+2" if plus else "−2",
                    x=x + 10,
                    y=y0 + 12,
                    text_anchor="middle",
                    style="font:700 9px system-ui;fill:#fff",
                )
            )
        stocks = v["squares"][c]
        now = next((i for i, n in enumerate(stocks) if n == 0), len(SQUARES) - 1) if not dead else None
        for i, sq in enumerate(SQUARES):
            x, y = xs[i], y0 + label_h
            here = i == now
            out.append(
                tag(
                    "rect",
                    x=x,
                    y=y,
                    width=CARD_W - 3,
                    height=row_h - 6,
                    rx=4,
                    style=f"fill:{'#fff7d6' if here else '#f7f7f7'};stroke:{'#222' if here else '#bbb'};"
                    f"stroke-width:{2 if here else 1}",
                    data_square=f"{c}{sq}",
                )
            )
            out.append(tag("text", str(sq), x=x + 4, y=y + 13, style="font:700 11px system-ui;fill:#222"))
            rate = dividend_rate(sq)
            if rate:
                out.append(
                    tag(
                        "text",
                        f"+{rate}",
                        x=x + CARD_W - 6,
                        y=y + row_h - 10,
                        text_anchor="end",
                        style="font:9px system-ui;fill:#b58900",
                    )
                )
            for k in range(stocks[i]):
                out.append(
                    tag(
                        "rect",
                        x=x + 4 + (k % 3) * 11,
                        y=y + 20 + (k // 3) * 13,
                        width=9,
                        height=11,
                        rx=2,
                        style=f"fill:{STOCK_COLOURS[c]}",
                        class_="tt-stock",
                    )
                )
    height = len(v["colours"]) * (row_h + label_h)
    width = xs[0] + CARD_W + 2
    label = " · ".join(f"{colour_name(c, lang)} {v['prices'][c]}C" for c in v["colours"])
    return tag(
        "svg",
        "".join(out),
        viewBox=f"0 0 {width} {height}",
        role="img",
        aria_label=label,
        class_="tt-sheet",
        style="width:100%;height:auto;display:block;max-width:30rem",
    )


def _piles(v: View, lang: str) -> str:
    """Return the piles I-V with their counts, the discards, the cards out and the free ±2 cards."""
    parts = []
    current = next((i for i, n in enumerate(v["piles"]) if n), None)
    for i, n in enumerate(v["piles"]):
        style = "font-weight:700;text-decoration:underline" if i == current else "opacity:0.7"
        parts.append(tag("span", f"{ROMAN[i]}: {n}", class_="tt-pile", data_pile=i, style=style))
    parts.append(tag("span", translate(TEXTS, lang, "discard", n=v["discard"])))
    parts.append(tag("span", translate(TEXTS, lang, "out", n=v["out"])))
    parts.append(tag("span", translate(TEXTS, lang, "free", n=v["credit_free"])))
    return tag("div", " · ".join(parts), class_="tt-piles", style="display:flex;flex-wrap:wrap;gap:0.3rem")


def _chosen(v: View, selected: Sequence[str]) -> str | None:
    """Return the hand card whose buttons show: the latest selected one in hand, else the first."""
    hand = v.get("hand", [])
    return next((c for c in reversed(selected) if c in hand), hand[0] if hand else None)


def _hand(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the hand: selectable cards when a card is to be chosen, else plain ones."""
    choosing = any(a.startswith(("play:", "discard:")) for a in legal)
    out = []
    for k, card in enumerate(v.get("hand", [])):
        c = card_colour(card)
        colour = STOCK_COLOURS[c] if c else "#555"
        label = f"{esc(card_name(card, lang))} · {COSTS[kind(card)]}"
        if c and v["dead"][c]:
            label += f" ({esc(translate(TEXTS, lang, 'as_anywhere'))})"
        style = f"border-left:6px solid {colour}"
        if choosing:
            on = card == chosen and card not in v["hand"][:k]
            out.append(select_button(label, card, on, "tt-card", style=style))
        else:
            out.append(tag("span", label, class_="tt-card", style=style))
    return tag("div", "".join(out), class_="tt-hand-cards")


def _sizes(verb: str, legal: set[str], lang: str) -> str:
    """Return a row of number buttons for buy:<n> or sell:<n>."""
    sizes = sorted(int(a.split(":")[1]) for a in legal if a.startswith(verb + ":"))
    if not sizes:
        return ""
    buttons = "".join(
        tag("button", str(n), type="button", class_="tt-act", style=CELL, data_action=f"{verb}:{n}")
        for n in sizes
    )
    head = tag("span", esc(translate(TEXTS, lang, "b_" + verb)), style="font-weight:700;min-width:3.5rem")
    return tag("div", head + buttons, class_="tt-sizes", style="display:flex;flex-wrap:wrap;gap:0.3rem")


def _controls(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the buttons of the viewer's legal actions for this step."""
    out = []
    if chosen is not None:
        play = f"play:{chosen}"
        if play in legal:
            c = card_colour(chosen)
            cost = 1 if c and v["dead"][c] else COSTS[kind(chosen)]
            out.append(
                _button(translate(TEXTS, lang, "b_play", card=card_name(chosen, lang), cost=cost), play)
            )
        if f"discard:{chosen}" in legal:
            out.append(_button(translate(TEXTS, lang, "b_discard"), f"discard:{chosen}"))
        for c in v["colours"]:
            action = f"discard:{chosen}:{c}"
            if action in legal:
                text = translate(
                    TEXTS, lang, "b_discard_sell", colour=colour_name(c, lang), price=v["prices"][c]
                )
                out.append(_button(text, action))
    for c in v["colours"]:
        if f"colour:{c}" in legal:
            text = translate(TEXTS, lang, "b_colour", colour=colour_name(c, lang), price=v["prices"][c])
            out.append(_button(text, f"colour:{c}", "tt-colour"))
    rows = _sizes("buy", legal, lang) + _sizes("sell", legal, lang)
    for action, key in (
        ("credit:up", "b_up"),
        ("credit:down", "b_down"),
        ("skip", "b_skip"),
        ("loan", "b_loan"),
        ("repay", "b_repay"),
        ("end", "b_end"),
    ):
        if action in legal:
            out.append(_button(translate(TEXTS, lang, key), action))
    if not out and not rows:
        return ""
    return rows + tag("div", "".join(out), class_="tt-actions")


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, step = v["viewer"], v["step"]
    if step == "over":
        return translate(TEXTS, lang, "p_over")
    if me is None or me not in v["to_act"]:
        return translate(TEXTS, lang, "p_wait", name=names[v["turn"]])
    card = card_name(v["card"], lang) if v["card"] else ""
    colour = colour_name(v["colour"], lang) if v["colour"] else ""
    if step == "force":
        return translate(TEXTS, lang, "p_force", n=v["frames"][-1][1])
    if step == "trade":
        return translate(
            TEXTS,
            lang,
            "p_trade",
            card=card,
            colour=colour,
            price=v["prices"][v["colour"]],
            cash=v["cash"][me],
        )
    return translate(TEXTS, lang, f"p_{step}", card=card, colour=colour)


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the table of seats: cash, stocks of each colour, IOUs and worth, compact for phones."""
    square = "■"
    heads = [
        tag("th", esc(translate(TEXTS, lang, "players"))),
        tag("th", esc(translate(TEXTS, lang, "cash"))),
    ]
    heads += [
        tag("th", square, style=f"color:{STOCK_COLOURS[c]}", title=colour_name(c, lang)) for c in v["colours"]
    ]
    heads += [tag("th", esc(translate(TEXTS, lang, k))) for k in ("ious", "worth")]
    rows = [tag("tr", "".join(heads))]
    for p in range(v["players"]):
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        cells = [tag("td", f"{dot} {esc(names[p])}"), tag("td", f"{v['cash'][p]}C")]
        cells += [
            tag("td", str(v["holdings"][p][c]), style=f"color:{STOCK_COLOURS[c]};font-weight:700")
            for c in v["colours"]
        ]
        cells += [tag("td", str(v["ious"][p])), tag("td", f"{v['worth'][p]}C")]
        cls = "tt-to-act" if p in v["to_act"] else None
        rows.append(tag("tr", "".join(cells), class_=cls, data_seat=p))
    return tag("table", "".join(rows), class_="tt-players", style="font-size:0.85rem")


def render(
    view: View,
    legal: Sequence[str],
    *,
    lang: str = "en",
    names: Sequence[str] | None = None,
    selected: Sequence[str] = (),
) -> str:
    """Return the board for `view` as HTML; each legal action is a [data-action] element."""
    v = view
    names = list(names or seat_names(v["players"], lang))
    acts = set(legal)
    chosen = _chosen(v, selected)
    pile = next((ROMAN[i] for i, n in enumerate(v["piles"]) if n), ROMAN[-1])
    key = "status_over" if v["step"] == "over" else "status"
    status = translate(TEXTS, lang, key, pile=pile, paid=v["dividends"])
    parts = [
        tag("header", tag("span", status), class_="tt-status"),
        tag("p", _prompt(v, names, lang), class_="tt-prompt", role="status"),
        result_panel(v["result"], names, lang, lambda p: f"{esc(names[p])}: {v['result']['scores'][p]}C"),
        _controls(v, acts, lang, chosen),
    ]
    if v["viewer"] is not None:
        parts.append(
            tag(
                "section",
                tag("h2", translate(TEXTS, lang, "hand")) + _hand(v, acts, lang, chosen),
                class_="tt-hand",
            )
        )
    parts += [
        tag("section", tag("h2", translate(TEXTS, lang, "sheet")) + _sheet(v, lang)),
        tag("section", tag("h2", translate(TEXTS, lang, "piles")) + _piles(v, lang)),
        tag("section", _players(v, names, lang)),
    ]
    return board_root(parts, "tt-stock-trader", v["viewer"], step=v["step"])


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log."""
    names = list(names or seat_names(4, lang))
    e = event["e"]
    name = names[event["p"]] if "p" in event else ""
    colour = colour_name(event["c"], lang) if "c" in event else ""
    if e == "start":
        return translate(
            TEXTS, lang, "e_start", colours=", ".join(colour_name(c, lang) for c in event["colours"])
        )
    if e == "play":
        return translate(TEXTS, lang, "e_play", name=name, card=card_name(event["card"], lang))
    if e in ("buy", "sell"):
        return translate(
            TEXTS,
            lang,
            f"e_{e}",
            name=name,
            n=event["n"],
            colour=colour,
            price=event["price"],
            to=event["to"],
        )
    if e == "credit":
        step = f"{'+' if event['step'] > 0 else '−'}{CREDIT_STEP}"
        return translate(
            TEXTS, lang, "e_credit", name=name, colour=colour, step=step, price=event["price"], to=event["to"]
        )
    if e == "drew":
        key = "e_drew_discard" if event["from"] == "discard" else "e_drew"
        return translate(TEXTS, lang, key, name=name, n=event["n"])
    if e in ("loan", "repay"):
        return translate(TEXTS, lang, f"e_{e}", name=name, n=event["ious"])
    if e == "dividend":
        rates = ", ".join(f"{colour_name(c, lang)} {r}C" for c, r in event["rates"].items())
        return translate(TEXTS, lang, "e_dividend", pile=ROMAN[event["pile"]], rates=rates)
    if e == "over":
        worths = ", ".join(f"{names[p]} {w}C" for p, w in enumerate(event["worth"]))
        return translate(TEXTS, lang, "e_over", worths=worths)
    return translate(TEXTS, lang, f"e_{e}", name=name, colour=colour)
