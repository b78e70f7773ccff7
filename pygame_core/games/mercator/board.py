"""The Mercator board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. Bids are composed, not typed:
adjuster buttons (−10 … +10, nothing, all) carry `data-select` with the amount they lead to, `selected`
holds the amounts picked so far (the latest counts), and one confirm button carries `bid:<n>` (or
`raise:<n>` in the open auction). Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import Texts, amount_entry, board_root, esc, result_panel, tag, translate
from .rules import HOLD, TRACK, colour, value

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2", "#2e9b4a", "#e57a1f", "#6b6b6b")
CARD_COLOURS = {"R": "#c8302c", "Y": "#f0c419", "G": "#2f8f3e", "B": "#2f63c8", "P": "#7e44b8"}
CARD_INK = {"R": "#fff", "Y": "#222", "G": "#fff", "B": "#fff", "P": "#fff"}
CARD_SIGNS = {"R": "🔴", "Y": "🟡", "G": "🟢", "B": "🔵", "P": "🟣"}
STEPS = (-10, -5, -1, 1, 5, 10)

TEXTS: Texts = {
    "en": {
        "seat0": "Red",
        "seat1": "Blue",
        "seat2": "Yellow",
        "seat3": "Purple",
        "seat4": "Green",
        "seat5": "Orange",
        "seat6": "Grey",
        "R": "red",
        "Y": "yellow",
        "G": "green",
        "B": "blue",
        "P": "purple",
        "turn": "Turning cards",
        "sealed": "Sealed auction",
        "open": "Open auction",
        "over": "Game over",
        "status": "Game {game}/{games} · {phase}",
        "status1": "{phase}",
        "deck": "Deck {n}",
        "lot": "On offer",
        "track": "Cargo track",
        "players": "Merchants",
        "cargo": "Cargo",
        "chips": "Chips",
        "total": "Series",
        "secret": "?",
        "active": "turns the cards",
        "full": "full",
        "bid_in": "has bid",
        "out": "out",
        "leads": "leads",
        "b_turn": "Turn another card",
        "b_auction": "Auction these {n} card(s)",
        "b_bid": "Bid {n}",
        "b_raise": "Bid {n}",
        "b_drop": "Drop out",
        "p_turn": "Your turn: turn another card, or put the lot up for auction.",
        "p_bid": "Sealed auction: hold chips in your fist (you have {chips}); all bids open together.",
        "p_bid_in": "You bid {bid}. Waiting for {names}…",
        "p_raise": "Open auction: the highest bid is {high}. Bid more, or drop out (you have {chips}).",
        "p_wait": "Waiting for {names}…",
        "p_full": "Your ship is full. Waiting for {names}…",
        "p_over": "Game over.",
        "p_over_series": "The series is over.",
        "reveal": "Last auction",
        "r_won": "{name} buys it for {price}",
        "r_none": "Nobody bid: set aside",
        "discarded": "Set aside unsold: {n}",
        "bonus": "Five-colour bonus +10",
        "e_game": "Game {game} of {games}: {name} turns first",
        "e_turn": "{name} turns {card}",
        "e_auction": "{name} puts {cards} up for auction",
        "e_bid": "{name} has bid",
        "e_reveal": "Bids open: {bids}",
        "e_raise": "{name} bids {to}",
        "e_drop": "{name} drops out",
        "e_win": "{name} buys {cards} for {price} (cargo {cargo})",
        "e_full": "{name} buys {cards} for {price} (cargo {cargo}); the ship is full",
        "e_discard": "Nobody bids: {cards} set aside",
        "e_fill": "{name} fills the ship for free with {cards} (cargo {cargo})",
        "e_sale": "Sale in Rome: {sales}",
        "e_over": "Over: {scores}",
    },
    "ja": {
        "seat0": "赤",
        "seat1": "青",
        "seat2": "黄",
        "seat3": "紫",
        "seat4": "緑",
        "seat5": "橙",
        "seat6": "灰",
        "R": "赤",
        "Y": "黄",
        "G": "緑",
        "B": "青",
        "P": "紫",
        "turn": "カードをめくる",
        "sealed": "競り（握り）",
        "open": "公開競り",
        "over": "ゲーム終了",
        "status": "第{game}/{games}ゲーム · {phase}",
        "status1": "{phase}",
        "deck": "山札 {n}",
        "lot": "売りに出ている商品",
        "track": "積荷の価値",
        "players": "商人",
        "cargo": "価値",
        "chips": "チップ",
        "total": "合計",
        "active": "手番",
        "full": "満杯",
        "bid_in": "決定済み",
        "out": "降り",
        "leads": "最高値",
        "b_turn": "もう一枚めくる",
        "b_auction": "この{n}枚を競りにかける",
        "b_bid": "{n}で入札",
        "b_raise": "{n}を宣言",
        "b_drop": "降りる",
        "p_turn": "あなたの手番：もう一枚めくるか、競りにかけてください。",
        "p_bid": "競り：拳に握るチップを決めてください（所持{chips}）。全員同時に公開します。",
        "p_bid_in": "{bid}で入札しました。{names}を待っています…",
        "p_raise": "公開競り：最高値は{high}です。値を上げるか降りてください（所持{chips}）。",
        "p_wait": "{names}を待っています…",
        "p_full": "船は満杯です。{names}を待っています…",
        "p_over": "ゲーム終了。",
        "p_over_series": "シリーズ終了。",
        "reveal": "直前の競り",
        "r_won": "{name}が{price}で落札",
        "r_none": "入札なし：取り除かれました",
        "discarded": "取り除かれた商品：{n}枚",
        "bonus": "色ボーナス +10",
        "e_game": "第{game}/{games}ゲーム：{name}から始めます",
        "e_turn": "{name}が{card}をめくりました",
        "e_auction": "{name}が{cards}を競りにかけました",
        "e_bid": "{name}が競り値を決めました",
        "e_reveal": "競り値の公開：{bids}",
        "e_raise": "{name}が{to}を宣言",
        "e_drop": "{name}が降りました",
        "e_win": "{name}が{cards}を{price}で落札（価値{cargo}）",
        "e_full": "{name}が{cards}を{price}で落札（価値{cargo}）、船が満杯になりました",
        "e_discard": "入札なし：{cards}は取り除かれました",
        "e_fill": "{name}が無料で{cards}を積み込み、船を満杯にしました（価値{cargo}）",
        "e_sale": "ローマで売却：{sales}",
        "e_over": "終了：{scores}",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the merchants' colours."""
    return [translate(TEXTS, lang, f"seat{p}") for p in range(players)]


def card_label(card: str) -> str:
    """Return a card's short name, e.g. `🔴7`."""
    return f"{CARD_SIGNS[colour(card)]}{value(card)}"


def cards_label(cards: Sequence[str]) -> str:
    """Return several cards' short names."""
    return " ".join(card_label(c) for c in cards)


SMALL = ";min-width:1.7rem;min-height:2.2rem;padding:0 0.2rem;font-size:0.9rem"
BIG = ";min-width:3.2rem;min-height:4.2rem;font-size:1.4rem"


def _card(card: str, lang: str, big: bool = False) -> str:
    """Return one card as a coloured chip with its value and colour name: big on offer, small in a hold."""
    c = colour(card)
    style = f"background:{CARD_COLOURS[c]};color:{CARD_INK[c]};justify-content:center"
    style += BIG if big else SMALL
    name = f"{translate(TEXTS, lang, c)} {value(card)}"
    return tag("span", str(value(card)), class_="tt-card", style=style, title=name, aria_label=name)


def _empty_slot() -> str:
    """Return an empty place in a hold."""
    return tag(
        "span", "·", class_="tt-card", style="border-style:dashed;opacity:0.45;justify-content:center" + SMALL
    )


def _track(v: View, names: Sequence[str]) -> str:
    """Return the SVG of the 0-59 cargo track with every merchant's pawn."""
    cols, w, h = 10, 36, 30
    rows = TRACK // cols
    out = []
    for k in range(TRACK):
        x, y = (k % cols) * w, (k // cols) * h
        out.append(
            tag("rect", x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=3, fill="#f4efe2", stroke="#b9ad8f")
        )
        out.append(tag("text", str(k), x=x + 4, y=y + 11, font_size=9, fill="#7a6d4f"))
    here: dict[int, list[int]] = {}
    for p, c in enumerate(v["cargo"]):
        here.setdefault(min(c, TRACK - 1), []).append(p)
    for k, seats in here.items():
        x, y = (k % cols) * w, (k // cols) * h
        for i, p in enumerate(seats):
            cx = x + 9 + (i % 4) * 7 + (i // 4) * 3
            cy = y + 18 + (i // 4) * 6
            out.append(tag("circle", cx=cx, cy=cy, r=5, fill=SEAT_COLOURS[p], stroke="#111", stroke_width=1))
    label = " · ".join(f"{names[p]} {c}" for p, c in enumerate(v["cargo"]))
    return tag(
        "svg",
        "".join(out),
        viewBox=f"0 0 {cols * w} {rows * h}",
        class_="tt-track",
        role="img",
        aria_label=label,
        style="width:100%;height:auto;display:block;max-width:30rem",
    )


def _controls(v: View, legal: set[str], lang: str, selected: Sequence[str]) -> str:
    """Return the viewer's buttons: turn or auction, the bid entry, or raise and drop."""
    if not legal:
        return ""
    out = []
    if "turn" in legal:
        out.append(
            tag(
                "button", translate(TEXTS, lang, "b_turn"), type="button", class_="tt-act", data_action="turn"
            )
        )
    if "auction" in legal:
        text = translate(TEXTS, lang, "b_auction", n=len(v["lot"]))
        out.append(tag("button", text, type="button", class_="tt-act tt-big", data_action="auction"))
    for verb in ("bid", "raise"):
        amounts = [int(a.split(":")[1]) for a in legal if a.startswith(verb + ":")]
        if amounts:
            out.append(amount_entry(verb, min(amounts), max(amounts), selected, lang, TEXTS, STEPS))
    if "drop" in legal:
        out.append(
            tag(
                "button", translate(TEXTS, lang, "b_drop"), type="button", class_="tt-act", data_action="drop"
            )
        )
    return tag("div", "".join(out), class_="tt-actions")


def _waiting(v: View, names: Sequence[str]) -> str:
    """Return the names of the seats to act."""
    return ", ".join(names[p] for p in v["to_act"])


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, acting, phase = v["viewer"], v["to_act"], v["phase"]
    if phase == "over":
        return translate(TEXTS, lang, "p_over_series" if v["games"] > 1 else "p_over")
    waiting = _waiting(v, names)
    if me is None:
        return translate(TEXTS, lang, "p_wait", names=waiting)
    chips = v["chips"][me]
    if me in acting:
        if phase == "turn":
            return translate(TEXTS, lang, "p_turn")
        if phase == "sealed":
            return translate(TEXTS, lang, "p_bid", chips=chips)
        return translate(TEXTS, lang, "p_raise", high=v["high"], chips=chips)
    if phase == "sealed" and v.get("bid") is not None:
        return translate(TEXTS, lang, "p_bid_in", bid=v["bid"], names=waiting)
    if len(v["holds"][me]) >= HOLD:
        return translate(TEXTS, lang, "p_full", names=waiting)
    return translate(TEXTS, lang, "p_wait", names=waiting)


def _lot(v: View, names: Sequence[str], lang: str) -> str:
    """Return the cards on offer, with who turned them."""
    if not v["lot"]:
        return ""
    cards = "".join(_card(c, lang, big=True) for c in v["lot"])
    who = tag("p", f"{esc(names[v['active']])} · {translate(TEXTS, lang, 'active')}", class_="tt-hint")
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "lot")) + tag("div", cards, class_="tt-hand-cards") + who,
        class_="tt-lot",
    )


def _reveal(v: View, names: Sequence[str], lang: str) -> str:
    """Return the last auction: its lot, every bid opened at once, and who bought it for how much."""
    last = v["last"]
    if last is None:
        return ""
    cards = "".join(_card(c, lang) for c in last["lot"])
    parts = [tag("div", cards, class_="tt-hand-cards")]
    if last["bids"] is not None:
        items = "".join(
            tag(
                "li",
                f"{esc(names[p])}: {b}",
                class_="tt-winner" if p == last["winner"] else None,
            )
            for p, b in enumerate(last["bids"])
            if b is not None
        )
        parts.append(tag("ul", items, class_="tt-bids"))
    if last["winner"] is None:
        parts.append(tag("p", translate(TEXTS, lang, "r_none"), class_="tt-hint"))
    else:
        text = translate(TEXTS, lang, "r_won", name=names[last["winner"]], price=last["price"])
        parts.append(tag("p", text, class_="tt-hint"))
    return tag("section", tag("h2", translate(TEXTS, lang, "reveal")) + "".join(parts), class_="tt-reveal")


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the merchants: cargo, hold, chips (only the viewer's own), series totals, who is to act."""
    series = v["games"] > 1
    keys = ["players", "cargo", "chips"] + (["total"] if series else [])
    rows = [tag("tr", "".join(tag("th", translate(TEXTS, lang, k)) for k in keys))]
    for p in range(v["players"]):
        badges = []
        if p == v["active"] and v["phase"] != "over":
            badges.append(("▶", "active"))
        if len(v["holds"][p]) >= HOLD:
            badges.append(("⚓", "full"))
        if v["bid_in"][p]:
            badges.append(("✓", "bid_in"))
        if p in v["out"]:
            badges.append(("✗", "out"))
        if v["phase"] == "open" and p == v["leader"]:
            badges.append((f"★{v['high']}", "leads"))
        marks = "".join(
            tag("span", esc(sign), class_="tt-badge", title=translate(TEXTS, lang, key))
            for sign, key in badges
        )
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        hold = v["holds"][p]
        slots = "".join(_card(c, lang) for c in hold) + _empty_slot() * (HOLD - len(hold))
        chips = v["chips"][p]
        ship = tag("div", slots, class_="tt-hand-cards", style="gap:0.2rem;margin-top:0.2rem")
        cells = [
            tag("td", f"{dot} {esc(names[p])} {marks}{ship}"),
            tag("td", str(v["cargo"][p])),
            tag("td", translate(TEXTS, lang, "secret") if chips is None else str(chips)),
        ]
        if series:
            cells.append(tag("td", str(v["totals"][p])))
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

    `selected` holds the bid amounts the viewer picked with the adjusters; the latest legal one is shown
    on the confirm button (default: the lowest legal amount).
    """
    v = view
    names = list(names or seat_names(v["players"], lang))
    acts = set(legal)
    phase = translate(TEXTS, lang, v["phase"])
    if v["games"] > 1:
        status = translate(TEXTS, lang, "status", game=v["game_no"], games=v["games"], phase=phase)
    else:
        status = translate(TEXTS, lang, "status1", phase=phase)
    notes = [translate(TEXTS, lang, "deck", n=v["deck"])]
    if v["colour_bonus"]:
        notes.append(translate(TEXTS, lang, "bonus"))
    if v["discarded"]:
        notes.append(translate(TEXTS, lang, "discarded", n=len(v["discarded"])))
    parts = [
        tag(
            "header",
            tag("span", status) + tag("span", esc(" · ".join(notes)), class_="tt-deck"),
            class_="tt-status",
        ),
        tag("p", _prompt(v, names, lang), class_="tt-prompt", role="status"),
        result_panel(v["result"], names, lang),
        _lot(v, names, lang),
        _controls(v, acts, lang, selected),
        _reveal(v, names, lang),
        tag("section", tag("h2", translate(TEXTS, lang, "track")) + _track(v, names), class_="tt-track-box"),
        tag("section", _players(v, names, lang)),
    ]
    return board_root(parts, "tt-mercator", v["viewer"], phase=v["phase"])


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log."""
    names = list(names or seat_names(7, lang))
    kind = event["e"]
    if kind == "game":
        return translate(
            TEXTS, lang, "e_game", game=event["game"], games=event["games"], name=names[event["first"]]
        )
    if kind == "turn":
        return translate(TEXTS, lang, "e_turn", name=names[event["p"]], card=card_label(event["card"]))
    if kind == "auction":
        return translate(TEXTS, lang, "e_auction", name=names[event["p"]], cards=cards_label(event["lot"]))
    if kind == "reveal":
        bids = ", ".join(f"{names[p]} {b}" for p, b in enumerate(event["bids"]) if b is not None)
        return translate(TEXTS, lang, "e_reveal", bids=bids)
    if kind == "raise":
        return translate(TEXTS, lang, "e_raise", name=names[event["p"]], to=event["to"])
    if kind == "win":
        return translate(
            TEXTS,
            lang,
            "e_full" if event["full"] else "e_win",
            name=names[event["p"]],
            cards=cards_label(event["cards"]),
            price=event["price"],
            cargo=event["cargo"],
        )
    if kind == "discard":
        return translate(TEXTS, lang, "e_discard", cards=cards_label(event["cards"]))
    if kind == "fill":
        return translate(
            TEXTS,
            lang,
            "e_fill",
            name=names[event["p"]],
            cards=cards_label(event["cards"]),
            cargo=event["cargo"],
        )
    if kind == "sale":
        sales = ", ".join(
            f"{names[p]} {v} → +{x} = {c}"
            for p, (v, x, c) in enumerate(zip(event["values"], event["payouts"], event["chips"], strict=True))
        )
        return translate(TEXTS, lang, "e_sale", sales=sales)
    if kind == "over":
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(event["scores"]))
        return translate(TEXTS, lang, "e_over", scores=scores)
    return translate(TEXTS, lang, f"e_{kind}", name=names[event["p"]])
