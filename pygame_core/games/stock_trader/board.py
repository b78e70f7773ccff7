"""The Stock Trader board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. At the start of a turn (and for a
forced play) the hand cards carry `data-select`: the latest selected card (default: the first) shows its
use and discard buttons. Trade sizes are buttons, never typed. Every kind of thing carries
`data-explain` (`help.explain` says what it is). Also here: the log's words, chapters and merges, the
actions in words, and the end's breakdown and verdict. Text is English or Japanese.
"""

from collections import Counter
from collections.abc import Iterable, Sequence

from ...engine.game import View
from ...engine.render import (
    Event,
    Texts,
    board_root,
    commas,
    dotted,
    esc,
    figure,
    listed,
    number,
    plain,
    result_panel,
    select_button,
    sentences,
    tag,
    translate,
)
from . import rules as r
from .rules import SQUARES, card_colour, dividend_rate, effective, kind

STOCK_COLOURS = {"R": "#c8302c", "B": "#2f63c8", "G": "#277a34"}  # 5.3:1 or more on white, as text
DARK_SHADES = {"R": "#ff7b72", "B": "#79a8ff", "G": "#5cc46a"}  # 6:1 or more on a dark page, as text
# A stock's colour for text on the page: its shade where the page is dark
STOCK_INKS = {c: f"light-dark({STOCK_COLOURS[c]},{DARK_SHADES[c]})" for c in STOCK_COLOURS}
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
        "hand_card": "{card} · cost {cost}",
        "status": "Pile {pile} · dividends paid {paid}/{piles}",
        "status_over": "Game over · dividends paid {paid}/{piles}",
        "sheet": "Rate sheet",
        "rates": "Dividend per stock",
        "rate_square": "Square",
        "rate_paid": "Dividend",
        "rate_low": "≤{n}",
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
        "card_1": "{n} card",
        "card_n": "{n} cards",
        "iou_1": "{n} IOU",
        "iou_n": "{n} IOUs",
        "stock_1": "{n} {colour} stock",
        "stock_n": "{n} {colour} stocks",
        "p_main": "Your turn: choose a card, then use it or discard it (and maybe sell one stock).",
        "p_force": "You must use a card from your hand ({n} to go).",
        "p_colour": "{card}: choose the country.",
        "p_trade": "{card}: buy or sell how many? Price {price}C, you have {cash}C.",
        "p_credit": "Credit manipulation on {colour}: place a +2 or a −2 card, or take one off.",
        "p_trim": "Your hand must hold {hand} when the turn ends: discard {n} face down.",
        "p_end": "You may pay IOUs back before your turn ends.",
        "p_wait": "Waiting for {name}…",
        "p_over": "Game over.",
        "on_colour": "{card} on {colour}",
        "b_play": "Use {card} (cost {cost})",
        "b_discard": "Discard it",
        "b_discard_sell": "Discard it, sell 1 {colour} for {price}C",
        "b_colour": "{colour} ({price}C)",
        "b_buy": "Buy",
        "b_sell": "Sell",
        "b_up": "Place a +2 card",
        "b_down": "Place a −2 card",
        "b_off_minus": "Take a −2 card off",
        "b_off_plus": "Take a +2 card off",
        "b_drop": "Discard {card}",
        "b_loan": "Take a loan (+{loan}C, IOU)",
        "b_repay": "Pay an IOU back (−{repay}C)",
        "b_end": "End the turn",
        "b_skip": "No usable card: go on",
        "a_play": "Use {card} (cost {cost}C)",
        "a_discard": "Discard {card} face down",
        "a_discard_sell": "Discard {card} face down and sell 1 {colour} stock at {price}C",
        "a_colour": "Choose {colour} ({price}C)",
        "a_buy": "Buy {stocks} at {price}C",
        "a_sell": "Sell {stocks} at {price}C",
        "a_up": "Put a +2 card on {colour}",
        "a_down": "Put a −2 card on {colour}",
        "a_off_minus": "Take a −2 card off {colour}",
        "a_off_plus": "Take a +2 card off {colour}",
        "a_drop": "Discard {card} face down to keep {hand}",
        "a_skip": "Skip the forced play: no card can be used",
        "a_loan": "Take a loan: +{loan}C and an IOU",
        "a_repay": "Pay an IOU back for {repay}C",
        "a_end": "End the turn",
        "e_start": "The market opens: {colours} at {price}C",
        "e_play": "{name} uses {card} (cost {cost}C)",
        "e_play_as": "{name} uses {card} as Anywhere trade (cost {cost}C)",
        "e_discard": "{name} discards a card face down",
        "e_drop": "{name} discards a card face down to keep {hand}",
        "e_colour": "{name} chooses {colour}",
        "e_buy": "{name} buys {stocks} at {price}C; {colour} is now {to}C",
        "e_sell": "{name} sells {stocks} at {price}C; {colour} is now {to}C",
        "e_credit_on_plus": "{name} puts a +2 card on {colour}: {price}C → {to}C",
        "e_credit_on_minus": "{name} puts a −2 card on {colour}: {price}C → {to}C",
        "e_credit_off_plus": "{name} takes a +2 card off {colour}: {price}C → {to}C",
        "e_credit_off_minus": "{name} takes a −2 card off {colour}: {price}C → {to}C",
        "e_legendary": "{colour} is now a legendary stock: no more trading",
        "e_fallen": "{colour} has fallen: its stocks are worth nothing",
        "e_drew": "{name} draws {cards}",
        "e_drew_discard": "{name} draws {cards} from the shuffled discards",
        "e_skip": "{name} has no card to use",
        "e_loan": "{name} takes a loan of {loan}C (now {ious})",
        "e_repay": "{name} pays an IOU back for {repay}C ({ious} left)",
        "e_repay_n": "{name} pays {n} IOUs back for {repay}C ({ious} left)",
        "e_dividend": "Dividends after pile {pile}, per stock: {rates}",
        "e_over": "Game over: {worths}",
        "c_pile": "Pile {pile}",
        "c_end": "The end",
        "k_cash": "Cash from trades, costs and loans",
        "k_paid": "Dividends received",
        "k_stocks": "{stocks} × {price}C",
        "k_ious": "{ious} × −{penalty}C",
        "modified": "{head} ({mods})",
        "times": "{card} ×{n}",
        "d_one": "**{name}** wins with {score}C, {gap}C ahead of {next} ({next_score}C).",
        "d_tie": "**{names}** share the win with {score}C each: the rules break no ties.",
        "d_most": "{name}'s largest part: {label}, {points}C.",
        "d_dead": "The game ended at once when a second country could no longer be traded.",
        "d_piles": "The game ended after the dividends of the last pile.",
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
        "hand_card": "{card}・コスト{cost}",
        "status": "山札{pile}・配当{paid}/{piles}回",
        "status_over": "ゲーム終了・配当{paid}/{piles}回",
        "sheet": "レートシート",
        "rates": "1株あたりの配当",
        "rate_square": "マス",
        "rate_paid": "配当",
        "rate_low": "{n}以下",
        "piles": "山札",
        "discard": "捨て札{n}枚",
        "out": "除外{n}枚",
        "free": "株価±2カード残り{n}枚",
        "hand": "手札",
        "players": "プレイヤー",
        "cash": "所持金",
        "ious": "借用書",
        "worth": "総資産",
        "legendary": "伝説株",
        "fallen": "没落株",
        "price": "{price}C",
        "card_1": "{n}枚",
        "card_n": "{n}枚",
        "iou_1": "借用書{n}枚",
        "iou_n": "借用書{n}枚",
        "stock_1": "{colour}の株{n}枚",
        "stock_n": "{colour}の株{n}枚",
        "p_main": "あなたの番：カードを選び、使うか捨ててください（捨てる時は株を1枚売却できます）。",
        "p_force": "手札のカードを必ず使ってください（残り{n}回）。",
        "p_colour": "{card}：国を選んでください。",
        "p_trade": "{card}：何枚購入・売却しますか？　株価{price}C、所持金{cash}C。",
        "p_credit": "信用操作（{colour}）：株価+2か−2のカードを置くか、1枚取り除きます。",
        "p_trim": "手番の終わりには手札を{hand}枚にします：{n}枚を伏せて捨ててください。",
        "p_end": "手番を終える前に借金を返済できます。",
        "p_wait": "{name}の番です…",
        "p_over": "ゲーム終了。",
        "on_colour": "{card}（{colour}）",
        "b_play": "{card}を使う（コスト{cost}）",
        "b_discard": "捨てる",
        "b_discard_sell": "捨てて{colour}を1枚{price}Cで売却",
        "b_colour": "{colour}（{price}C）",
        "b_buy": "購入",
        "b_sell": "売却",
        "b_up": "+2カードを置く",
        "b_down": "−2カードを置く",
        "b_off_minus": "−2カードを取り除く",
        "b_off_plus": "+2カードを取り除く",
        "b_drop": "{card}を捨てる",
        "b_loan": "借金する（+{loan}C、借用書）",
        "b_repay": "返済する（−{repay}C）",
        "b_end": "手番を終える",
        "b_skip": "使えるカードがありません：続ける",
        "a_play": "{card}を使う（コスト{cost}C）",
        "a_discard": "{card}を伏せて捨てる",
        "a_discard_sell": "{card}を伏せて捨て、{colour}の株を1枚{price}Cで売却",
        "a_colour": "{colour}を選ぶ（{price}C）",
        "a_buy": "{stocks}を{price}Cで購入",
        "a_sell": "{stocks}を{price}Cで売却",
        "a_up": "{colour}に株価+2カードを置く",
        "a_down": "{colour}に株価−2カードを置く",
        "a_off_minus": "{colour}の株価−2カードを取り除く",
        "a_off_plus": "{colour}の株価+2カードを取り除く",
        "a_drop": "{card}を伏せて捨て、手札を{hand}にする",
        "a_skip": "使えるカードがないので強制使用を飛ばす",
        "a_loan": "借金する：+{loan}Cと借用書1枚",
        "a_repay": "{repay}Cで借用書を1枚返済",
        "a_end": "手番を終える",
        "e_start": "取引開始：{colours}の株価は{price}C",
        "e_play": "{name}が{card}を使いました（コスト{cost}C）",
        "e_play_as": "{name}が{card}をどこでも取引として使いました（コスト{cost}C）",
        "e_discard": "{name}がカードを1枚伏せて捨てました",
        "e_drop": "{name}がカードを1枚伏せて捨て、手札を{hand}にしました",
        "e_colour": "{name}が{colour}を選びました",
        "e_buy": "{name}が{stocks}を{price}Cで購入、{colour}の株価は{to}C",
        "e_sell": "{name}が{stocks}を{price}Cで売却、{colour}の株価は{to}C",
        "e_credit_on_plus": "{name}が{colour}に株価+2カードを置きました：{price}C → {to}C",
        "e_credit_on_minus": "{name}が{colour}に株価−2カードを置きました：{price}C → {to}C",
        "e_credit_off_plus": "{name}が{colour}の株価+2カードを取り除きました：{price}C → {to}C",
        "e_credit_off_minus": "{name}が{colour}の株価−2カードを取り除きました：{price}C → {to}C",
        "e_legendary": "{colour}が伝説株になりました：以後は取引できません",
        "e_fallen": "{colour}が没落株になりました：価値は0Cです",
        "e_drew": "{name}が{cards}引きました",
        "e_drew_discard": "{name}が捨て札をシャッフルして{cards}引きました",
        "e_skip": "{name}は使えるカードがありません",
        "e_loan": "{name}が{loan}C借金しました（{ious}）",
        "e_repay": "{name}が{repay}Cで借用書を1枚返済しました（残り{ious}）",
        "e_repay_n": "{name}が{repay}Cで借用書を{n}枚返済しました（残り{ious}）",
        "e_dividend": "山札{pile}の後の配当（1株あたり）：{rates}",
        "e_over": "ゲーム終了：{worths}",
        "c_pile": "山札{pile}",
        "c_end": "終局",
        "k_cash": "売買・コスト・借金の収支",
        "k_paid": "受け取った配当",
        "k_stocks": "{stocks} × {price}C",
        "k_ious": "{ious} × −{penalty}C",
        "modified": "{head}（{mods}）",
        "times": "{card}×{n}",
        "d_one": "**{name}**の勝利：{score}C、2位の{next}（{next_score}C）に{gap}C差。",
        "d_tie": "**{names}**が{score}Cで並び、勝利を分け合います（同点の決着ルールはありません）。",
        "d_most": "{name}の最大の資産：{label}、{points}C。",
        "d_dead": "取引できない国が2つになった時点で、ゲームは即座に終了しました。",
        "d_piles": "最後の山札の配当の後、ゲームは終了しました。",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: Player 1, Player 2, ..."""
    return [translate(TEXTS, lang, "seat", n=p + 1) for p in range(players)]


def colour_name(c: str, lang: str) -> str:
    """Return a country's name (plain text)."""
    return plain(TEXTS, lang, c)


def rates_text(rates: dict[str, int], lang: str) -> str:
    """Return each country's dividend per stock (plain text), e.g. `Red 5C, Blue 3C` (`赤5C、青3C`)."""
    sep, space = (", ", " ") if lang == "en" else ("、", "")
    return sep.join(f"{colour_name(c, lang)}{space}{rate}C" for c, rate in rates.items())


def card_name(card: str, lang: str) -> str:
    """Return a card's name, with its colour for the coloured kinds (plain text)."""
    name = plain(TEXTS, lang, kind(card))
    c = card_colour(card)
    return plain(TEXTS, lang, "coloured", name=name, colour=colour_name(c, lang)) if c else name


def counted(what: str, n: int, lang: str, colour: str = "") -> str:
    """Return a count in words (plain text) with the right plural: `1 IOU`, `2 cards`, `3 Red stocks`.

    >>> counted("iou", 1, "en"), counted("card", 2, "en"), counted("stock", 3, "ja", "赤")
    ('1 IOU', '2 cards', '赤の株3枚')
    """
    return plain(TEXTS, lang, f"{what}_{'1' if n == 1 else 'n'}", n=n, colour=colour)


def cost_of(v: View, card: str) -> int:
    """Return the cost actually charged for a card: an untradeable colour's card costs as Anywhere trade."""
    return r.COSTS[effective(v, card)]


def card_on(card: str, c: str, lang: str) -> str:
    """Return a card with the colour it acts on, naming the colour once: `Anywhere trade (Blue)`."""
    if card_colour(card) == c:
        return card_name(card, lang)
    return translate(TEXTS, lang, "on_colour", card=card_name(card, lang), colour=colour_name(c, lang))


def _button(text: str, action: str, extra: str = "", explain: str | None = None) -> str:
    """Return an action button."""
    return tag(
        "button",
        esc(text),
        type="button",
        class_=f"tt-act {extra}".strip(),
        data_action=action,
        data_explain=explain,
    )


def _square_xs() -> list[int]:
    """Return the x of each square of SQUARES (dear end first) on the sheet, cheapest on the left."""
    n = len(SQUARES)
    cheap_half = sum(1 for sq in SQUARES if sq <= SQUARES[4])  # the lower sheet ends with the 6 square
    xs = []
    for i in range(n):
        pos = n - 1 - i
        xs.append(4 + pos * CARD_W + (8 if pos >= cheap_half else 0))
    return xs


def _mod_cards(mods: int, x: int, y: int) -> list[str]:
    """Return a colour's ±2 cards, side by side (overlapping when many) under the square at x."""
    out = []
    n = abs(mods)
    step = min(21, (CARD_W - 22) // max(1, n - 1)) if n > 1 else 0
    plus = mods > 0
    key = "mod:plus" if plus else "mod:minus"
    for k in range(n):
        cx = x + 1 + step * k
        out.append(
            tag(
                "rect",
                x=cx,
                y=y,
                width=19,
                height=14,
                rx=2,
                class_="tt-credit-card",
                style=f"fill:{'#f08c1a' if plus else '#8a4fc2'};stroke:#fff",
                data_explain=key,
            )
        )
        out.append(
            tag(
                "text",
                "+2" if plus else "−2",
                x=cx + 10,
                y=y + 11,
                text_anchor="middle",
                style="font:700 9px system-ui;fill:#fff",
                data_explain=key,
            )
        )
    return out


ROW_H, LABEL_H, STRIP_H = 64, 16, 18  # a colour's squares, its name above, its ±2 cards below


def sheet(v: View, lang: str) -> str:
    """Return the SVG of both rate-sheet halves: each colour's squares, stocks, price, ±2 cards under the
    price square they modify."""
    xs = _square_xs()
    out = []
    for row, c in enumerate(v["colours"]):
        y0 = row * (ROW_H + LABEL_H + STRIP_H)
        dead, mods = v["dead"][c], v["mods"][c]
        head = f"{colour_name(c, lang)} {v['prices'][c]}C"
        if mods:
            head = plain(TEXTS, lang, "modified", head=head, mods=f"{'+' if mods > 0 else '−'}2×{abs(mods)}")
        style = f"font:700 12px system-ui;fill:{STOCK_INKS[c]}"
        texts = tag("tspan", esc(head), data_explain=f"price:{c}")
        if dead:
            badge = dotted(["", translate(TEXTS, lang, dead)], lang)
            texts += tag("tspan", esc(badge), data_explain=f"badge:{dead}")
        out.append(tag("text", texts, x=4, y=y0 + 12, style=style))
        stocks = v["squares"][c]
        at = next((i for i, n in enumerate(stocks) if n == 0), len(SQUARES) - 1)
        for i, sq in enumerate(SQUARES):
            x, y = xs[i], y0 + LABEL_H
            here = i == at and not dead
            out.append(
                tag(
                    "rect",
                    x=x,
                    y=y,
                    width=CARD_W - 3,
                    height=ROW_H - 6,
                    rx=4,
                    style=f"fill:{'#fff7d6' if here else '#f7f7f7'};stroke:{'#222' if here else '#bbb'};"
                    f"stroke-width:{2 if here else 1}",
                    data_square=f"{c}{sq}",
                    data_explain=f"square:{sq}",
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
                        y=y + ROW_H - 10,
                        text_anchor="end",
                        style="font:9px system-ui;fill:#876500",
                        data_explain=f"square:{sq}",
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
                        data_explain=f"stock:{c}",
                    )
                )
        out += _mod_cards(mods, xs[at], y0 + LABEL_H + ROW_H - 3)
    height = len(v["colours"]) * (ROW_H + LABEL_H + STRIP_H)
    width = xs[0] + CARD_W + 2
    label = dotted((f"{colour_name(c, lang)} {v['prices'][c]}C" for c in v["colours"]), lang)
    return tag(
        "svg",
        "".join(out),
        viewBox=f"0 0 {width} {height}",
        role="img",
        aria_label=label,
        class_="tt-sheet",
        style="width:100%;height:auto;display:block;max-width:30rem",
    )


def rate_table(lang: str) -> str:
    """Return the dividend per stock of every square that pays one, and the squares that pay nothing."""
    pad = "padding:0.1rem 0.4rem;border:1px solid #ddd"
    paying = [sq for sq in SQUARES if dividend_rate(sq)]
    low = max((sq for sq in SQUARES if not dividend_rate(sq)), default=None)
    heads = [tag("th", esc(translate(TEXTS, lang, "rate_square")), scope="row", style=pad)]
    heads += [tag("th", str(sq), style=pad) for sq in paying]
    cells = [tag("th", esc(translate(TEXTS, lang, "rate_paid")), scope="row", style=pad)]
    cells += [tag("td", f"{dividend_rate(sq)}C", style=pad) for sq in paying]
    if low is not None:
        heads.append(tag("th", esc(translate(TEXTS, lang, "rate_low", n=low)), style=pad))
        cells.append(tag("td", "0C", style=pad))
    return tag(
        "table",
        tag("caption", esc(translate(TEXTS, lang, "rates")), style="text-align:left;font-weight:700")
        + tag("tr", "".join(heads))
        + tag("tr", "".join(cells)),
        class_="tt-rates",
        data_explain="dividends",
        style="font-size:0.8rem;border-collapse:collapse;text-align:center;margin-top:0.4rem",
    )


def known_cards(counts: Iterable[tuple[str, int]], lang: str) -> str:
    """Return cards with their counts as a list: `Basic (R) ×2, Credit up (B)`."""
    return commas(
        (
            plain(TEXTS, lang, "times", card=card_name(c, lang), n=k) if k > 1 else card_name(c, lang)
            for c, k in counts
        ),
        lang,
    )


def _piles(v: View, lang: str) -> str:
    """Return the piles I-V with their counts, the discards, the cards out and the free ±2 cards."""
    parts = []
    current = next((i for i, n in enumerate(v["piles"]) if n), None)
    for i, n in enumerate(v["piles"]):
        style = "font-weight:700;text-decoration:underline" if i == current else "opacity:0.7"
        parts.append(
            tag("span", f"{ROMAN[i]}: {n}", class_="tt-pile", data_pile=i, style=style, data_explain="pile")
        )
    discards = tag("span", translate(TEXTS, lang, "discard", n=v["discard"]), data_explain="discard")
    if v["known"]:
        known: Counter[str] = Counter(v["known"])
        cards = known_cards(known.items(), lang)
        discards = tag(
            "details",
            tag("summary", discards) + tag("span", esc(cards), class_="tt-known"),
            class_="tt-discards",
            data_keep="discards",  # opened, it stays open as the game goes on (play.js)
        )
    parts.append(discards)
    parts.append(tag("span", translate(TEXTS, lang, "out", n=v["out"]), data_explain="out"))
    parts.append(tag("span", translate(TEXTS, lang, "free", n=v["credit_free"]), data_explain="mod:free"))
    return tag("div", dotted(parts, lang), class_="tt-piles", style="display:flex;flex-wrap:wrap;gap:0.3rem")


def _chosen(v: View, selected: Sequence[str]) -> str | None:
    """Return the hand card whose buttons show: the latest selected one in hand, else the first."""
    hand = v.get("hand", [])
    return next((c for c in reversed(selected) if c in hand), hand[0] if hand else None)


def _hand(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the hand: selectable cards when a card is to be chosen, else plain ones; each shows the
    cost actually charged."""
    choosing = any(a.startswith(("play:", "discard:")) for a in legal)
    out = []
    for k, card in enumerate(v.get("hand", [])):
        c = card_colour(card)
        colour = STOCK_COLOURS[c] if c else "#555"
        label = translate(TEXTS, lang, "hand_card", card=card_name(card, lang), cost=cost_of(v, card))
        if c and v["dead"][c]:
            label += f" ({esc(translate(TEXTS, lang, 'as_anywhere'))})"
        style = f"border-left:6px solid {colour}"
        if choosing:
            on = card == chosen and card not in v["hand"][:k]
            out.append(select_button(label, card, on, "tt-card", style=style, data_explain=f"card:{card}"))
        else:
            out.append(tag("span", label, class_="tt-card", style=style, data_explain=f"card:{card}"))
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


def _credit_key(v: View, action: str) -> str:
    """Return the text key of a ±2 move on the colour under way: placing a card, or taking one off."""
    up = action == "credit:up"
    mods = v["mods"][v["colour"]]
    if up and mods < 0:
        return "off_minus"
    if not up and mods > 0:
        return "off_plus"
    return "up" if up else "down"


def _controls(v: View, legal: set[str], lang: str, chosen: str | None) -> str:
    """Return the buttons of the viewer's legal actions for this step."""
    out = []
    if chosen is not None:
        play = f"play:{chosen}"
        if play in legal:
            text = translate(TEXTS, lang, "b_play", card=card_name(chosen, lang), cost=cost_of(v, chosen))
            out.append(_button(text, play, explain=f"card:{chosen}"))
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
            out.append(_button(text, f"colour:{c}", "tt-colour", explain=f"price:{c}"))
    for card in dict.fromkeys(v.get("hand", [])):
        if f"drop:{card}" in legal:
            text = translate(TEXTS, lang, "b_drop", card=card_name(card, lang))
            out.append(_button(text, f"drop:{card}", explain=f"card:{card}"))
    rows = _sizes("buy", legal, lang) + _sizes("sell", legal, lang)
    for action in ("credit:up", "credit:down"):
        if action in legal:
            text = translate(TEXTS, lang, "b_" + _credit_key(v, action))
            out.append(_button(text, action, explain="mod:plus" if action == "credit:up" else "mod:minus"))
    for action, explain in (("skip", None), ("loan", "ious"), ("repay", "ious"), ("end", None)):
        if action in legal:
            text = translate(TEXTS, lang, "b_" + action, loan=r.LOAN, repay=r.REPAY)
            out.append(_button(text, action, explain=explain))
    if not out and not rows:
        return ""
    return tag("div", rows + tag("div", "".join(out), class_="tt-actions"), class_="tt-controls tt-side")


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
    if step == "trim":
        extra = len(v["hand"]) - r.HAND
        return translate(TEXTS, lang, "p_trim", hand=r.HAND, n=extra)
    if step == "trade":
        return translate(
            TEXTS,
            lang,
            "p_trade",
            card=card_on(v["card"], v["colour"], lang),
            price=v["prices"][v["colour"]],
            cash=v["cash"][me],
        )
    return translate(TEXTS, lang, f"p_{step}", card=card, colour=colour)


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the table of seats: cash, stocks of each colour, IOUs and worth, compact for phones (the
    number columns narrowly padded, so seven columns fit 360 px)."""
    tight = "padding:0.25rem 0.2rem"
    heads = [
        tag("th", esc(translate(TEXTS, lang, "players")), data_explain="seat"),
        tag("th", esc(translate(TEXTS, lang, "cash")), data_explain="cash", style=tight),
    ]
    heads += [
        tag(
            "th",
            esc(colour_name(c, lang)),
            style=f"color:{STOCK_INKS[c]};{tight}",
            data_explain=f"holding:{c}",
        )
        for c in v["colours"]
    ]
    heads += [
        tag("th", esc(translate(TEXTS, lang, k)), data_explain=k, style=tight) for k in ("ious", "worth")
    ]
    rows = [tag("tr", "".join(heads))]
    for p in range(v["players"]):
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        cells = [
            tag("td", f"{dot} {esc(names[p])}", data_explain="seat"),
            tag("td", f"{v['cash'][p]}C", data_explain="cash", style=tight),
        ]
        cells += [
            tag(
                "td",
                str(v["holdings"][p][c]),
                style=f"color:{STOCK_INKS[c]};font-weight:700;{tight}",
                data_explain=f"holding:{c}",
            )
            for c in v["colours"]
        ]
        cells += [
            tag("td", str(v["ious"][p]), data_explain="ious", style=tight),
            tag("td", f"{v['worth'][p]}C", data_explain="worth", style=tight),
        ]
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
    status = translate(TEXTS, lang, key, pile=pile, paid=v["dividends"], piles=len(v["piles"]))
    result = result_panel(v["result"], names, lang, unit="C")
    parts = [
        tag("header", tag("span", status, data_explain="status"), class_="tt-status"),
        tag("p", _prompt(v, names, lang), class_="tt-prompt tt-side", role="status"),
        tag("div", result, class_="tt-side") if result else "",
        _controls(v, acts, lang, chosen),
    ]
    if v["viewer"] is not None:
        parts.append(
            tag(
                "section",
                tag("h2", translate(TEXTS, lang, "hand")) + _hand(v, acts, lang, chosen),
                class_="tt-hand tt-side",
            )
        )
    parts += [
        tag("section", tag("h2", translate(TEXTS, lang, "sheet")) + sheet(v, lang) + rate_table(lang)),
        tag("section", tag("h2", translate(TEXTS, lang, "piles")) + _piles(v, lang)),
        tag("section", _players(v, names, lang)),
    ]
    return board_root(parts, "tt-stock-trader", v["viewer"], step=v["step"])


def describe(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log: cards and colours named in words."""
    names = list(names or seat_names(4, lang))
    e = event["e"]
    name = names[event["p"]] if "p" in event else ""
    colour = colour_name(event["c"], lang) if "c" in event else ""
    if e == "start":
        return translate(
            TEXTS,
            lang,
            "e_start",
            colours=commas((colour_name(c, lang) for c in event["colours"]), lang),
            price=r.base_price(r.START_SHEET),
        )
    if e == "play":
        key = "e_play_as" if event["as"] != kind(event["card"]) else "e_play"
        return translate(TEXTS, lang, key, name=name, card=card_name(event["card"], lang), cost=event["cost"])
    if e in ("buy", "sell"):
        stocks = counted("stock", event["n"], lang, colour)
        return translate(
            TEXTS,
            lang,
            f"e_{e}",
            name=name,
            stocks=stocks,
            colour=colour,
            price=event["price"],
            to=event["to"],
        )
    if e == "credit":
        step, mods = event["step"], event.get("mods", event["step"])
        face = "plus" if step > 0 else "minus"
        if mods * step <= 0:  # the card moved towards zero: an opposite card came off
            face = "minus" if step > 0 else "plus"
        verb = "on" if mods * step > 0 else "off"
        return translate(
            TEXTS,
            lang,
            f"e_credit_{verb}_{face}",
            name=name,
            colour=colour,
            price=event["price"],
            to=event["to"],
        )
    if e == "drew":
        key = "e_drew_discard" if event["from"] == "discard" else "e_drew"
        return translate(TEXTS, lang, key, name=name, cards=counted("card", event["n"], lang))
    if e in ("loan", "repay"):
        key = "e_repay_n" if event.get("n", 1) > 1 else f"e_{e}"
        return translate(
            TEXTS,
            lang,
            key,
            name=name,
            n=event.get("n", 1),
            ious=counted("iou", event["ious"], lang),
            loan=r.LOAN,
            repay=r.REPAY * event.get("n", 1),
        )
    if e == "drop":
        return translate(TEXTS, lang, "e_drop", name=name, hand=counted("card", r.HAND, lang))
    if e == "dividend":
        return translate(
            TEXTS, lang, "e_dividend", pile=ROMAN[event["pile"]], rates=rates_text(event["rates"], lang)
        )
    if e == "over":
        worths = commas((figure(names[p], f"{number(w)}C", lang) for p, w in enumerate(event["worth"])), lang)
        return translate(TEXTS, lang, "e_over", worths=worths)
    return translate(TEXTS, lang, f"e_{e}", name=name, colour=colour)


BANNERS = frozenset({"dividend", "legendary", "fallen"})


def chapter(event: Event, lang: str) -> str | None:
    """Return the log heading (plain text) an event opens: the market's opening starts pile I, each
    pile's dividends the next pile, the game's end the end."""
    e = event["e"]
    if e == "start":
        return plain(TEXTS, lang, "c_pile", pile=ROMAN[0])
    if e == "dividend":
        nxt = event["pile"] + 1
        return plain(TEXTS, lang, "c_pile", pile=ROMAN[nxt]) if nxt < len(ROMAN) else None
    if e == "over":
        return plain(TEXTS, lang, "c_end")
    return None


def merge(a: Event, b: Event) -> Event | None:
    """Return one event for a run of IOUs paid back by the same seat, else None."""
    if a["e"] == b["e"] == "repay" and a["p"] == b["p"]:
        return {**b, "n": a.get("n", 1) + b.get("n", 1)}
    return None


def action_name(action: str, view: View, lang: str) -> str | None:
    """Return a legal action of the seat to act in words, as plain text: `Buy 3 Red stocks at 5C`."""
    verb, _, arg = action.partition(":")
    card, _, c = arg.partition(":")
    if verb == "play":
        return plain(TEXTS, lang, "a_play", card=card_name(card, lang), cost=cost_of(view, card))
    if verb == "discard" and c:
        colour = colour_name(c, lang)
        return plain(
            TEXTS, lang, "a_discard_sell", card=card_name(card, lang), colour=colour, price=view["prices"][c]
        )
    if verb in ("discard", "drop"):
        hand = counted("card", r.HAND, lang)
        return plain(TEXTS, lang, f"a_{verb}", card=card_name(card, lang), hand=hand)
    if verb == "colour":
        return plain(TEXTS, lang, "a_colour", colour=colour_name(arg, lang), price=view["prices"][arg])
    if verb in ("buy", "sell"):
        c = view["colour"]
        stocks = counted("stock", int(arg), lang, colour_name(c, lang))
        return plain(TEXTS, lang, f"a_{verb}", stocks=stocks, price=view["prices"][c])
    if verb == "credit":
        key = _credit_key(view, action)
        return plain(TEXTS, lang, f"a_{key}", colour=colour_name(view["colour"], lang))
    if verb in ("skip", "loan", "repay", "end"):
        return plain(TEXTS, lang, f"a_{verb}", loan=r.LOAN, repay=r.REPAY)
    return None


def breakdown(view: View, lang: str) -> list[list[tuple[str, int]]]:
    """Return each seat's worth by source: dividends received, the rest of the cash, each colour's stocks
    at their end value, the IOUs; the parts sum to the seat's score. Labels are plain text."""
    out = []
    for p in range(view["players"]):
        paid = view["paid"][p]
        parts = [
            (plain(TEXTS, lang, "k_paid"), paid),
            (plain(TEXTS, lang, "k_cash"), view["cash"][p] - paid),
        ]
        for c in view["colours"]:
            n = view["holdings"][p][c]
            if n:
                stocks = counted("stock", n, lang, colour_name(c, lang))
                parts.append(
                    (
                        plain(TEXTS, lang, "k_stocks", stocks=stocks, price=view["prices"][c]),
                        n * view["prices"][c],
                    )
                )
        if view["ious"][p]:
            ious = counted("iou", view["ious"][p], lang)
            parts.append(
                (
                    plain(TEXTS, lang, "k_ious", ious=ious, penalty=r.IOU_PENALTY),
                    -r.IOU_PENALTY * view["ious"][p],
                )
            )
        out.append(parts)
    return out


def decided(view: View, names: Sequence[str], lang: str) -> str | None:
    """Return why the winners won, in `engine.howto`'s inline markup (the end panel's paragraph): the
    score and the margin (ties share: there is no tie-break), the largest part of the winner's worth, and
    how the game ended."""
    result = view.get("result")
    if not result:
        return None
    scores, winners = result["scores"], result["winners"]
    top = scores[winners[0]]
    if len(winners) > 1:
        lines = [plain(TEXTS, lang, "d_tie", names=listed([names[p] for p in winners], lang), score=top)]
    else:
        w = winners[0]
        second = max((p for p in range(len(scores)) if p != w), key=lambda p: scores[p])
        gap = top - scores[second]
        lines = [
            plain(
                TEXTS,
                lang,
                "d_one",
                name=names[w],
                score=top,
                gap=gap,
                next=names[second],
                next_score=scores[second],
            )
        ]
    parts = breakdown(view, lang)
    for w in winners:
        label, points = max(parts[w], key=lambda part: part[1])
        lines.append(plain(TEXTS, lang, "d_most", name=names[w], label=label, points=points))
    dead = sum(1 for d in view["dead"].values() if d is not None)
    lines.append(plain(TEXTS, lang, "d_dead" if dead >= r.DEAD_TO_END else "d_piles"))
    return sentences(lines, lang)
