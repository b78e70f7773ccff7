"""The Mercator board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`. Bids are composed, not typed:
adjuster buttons (−10 … +10, nothing, all) carry `data-select` with the amount they lead to, `selected`
holds the amounts picked so far (the latest counts), and one confirm button carries `bid:<n>` (or
`raise:<n>` in the open auction). Text is English or Japanese. Cards are named in words ("red 7") in
every text and drawn as coloured chips that also print their colour's initial; never by colour alone.

>>> cards_label(["R7", "B10"], "en"), cards_label(["R7", "B10"], "ja")
('red 7, blue 10', '赤7・青10')
"""

from collections.abc import Sequence

from ...engine.game import View
from ...engine.render import (
    Event,
    Texts,
    amount_entry,
    aside,
    board_root,
    commas,
    dotted,
    esc,
    figure,
    listed,
    plain,
    points,
    result_panel,
    score_line,
    sentences,
    tag,
    translate,
)
from . import rules as R
from .rules import colour, value

SEAT_COLOURS = ("#d63c3c", "#2f6fd6", "#e0b000", "#8a4fc2", "#2e9b4a", "#e57a1f", "#6b6b6b")
CARD_COLOURS = {"R": "#c8302c", "Y": "#f0c419", "G": "#277a34", "B": "#2f63c8", "P": "#7e44b8"}
CARD_INK = {"R": "#fff", "Y": "#222", "G": "#fff", "B": "#fff", "P": "#fff"}
STEPS = (-10, -5, -1, 1, 5, 10)
BANNERS = frozenset({"reveal", "sale"})  # the sealed bids opened, the sale in Rome

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
        "R_init": "R",
        "Y_init": "Y",
        "G_init": "G",
        "B_init": "B",
        "P_init": "P",
        "turn": "Turning cards",
        "sealed": "Sealed auction",
        "open": "Open auction",
        "over": "Game over",
        "status": "Game {game}/{games} · {phase}",
        "status1": "{phase}",
        "deck": "Deck: {n} cards",
        "deck_one": "Deck: 1 card",
        "lot": "On offer",
        "lot_worth": "Worth {n} on the cargo track",
        "track": "Cargo track",
        "payout": "The sale pays ({n} merchants)",
        "place": "Place",
        "place_players": "Place / players",
        "pays": "Pays",
        "now": "If sold now",
        "share": "Equal cargoes share their places' chips.",
        "rest": "{place} and below",
        "players": "Merchants",
        "cargo": "Cargo",
        "chips": "Chips",
        "chips_note": "Others' chips are counted from the prices they paid: {start} minus each price.",
        "total": "Series",
        "active": "turns the cards",
        "full": "ship full",
        "bid_in": "has bid",
        "out": "dropped out",
        "leads": "leads with {n}",
        "sits_out": "sits out: room for {room}, the lot has {n}",
        "with_bonus": "{cargo} + {bonus}",
        "bonus_when_full": "+{bonus} when full",
        "b_turn": "Turn another card",
        "b_auction": "Auction these {n} cards",
        "b_auction_one": "Auction this card",
        "b_bid": "Bid {n}",
        "b_raise": "Bid {n}",
        "b_drop": "Drop out",
        "p_turn": "Your turn: turn another card, or put the lot up for auction.",
        "p_bid": "Sealed auction: hold chips in your fist (you have {chips}); all bids open together.",
        "p_bid_in": "You bid {bid}. Waiting for {names}…",
        "p_raise": "Open auction: {leader} leads with {high}. Bid more, or drop out (you have {chips}).",
        "p_raise0": "Open auction: nobody has bid yet. Open with 1 or more, or drop out (you have {chips}).",
        "p_wait": "Waiting for {names}…",
        "p_full": "Your ship is full. Waiting for {names}…",
        "p_sit_out": "You sit out this auction: the {n} cards would overflow your ship (room for {room}). "
        "Waiting for {names}…",
        "p_over": "Game over.",
        "p_over_series": "The series is over.",
        "reveal": "Last auction",
        "r_won": "{name} buys it for {price}",
        "r_none": "Nobody bid: set aside",
        "discarded": "Set aside unsold: {n}",
        "bonus": "Colour bonus +{n}",
        "chapter_game": "Game {game} of {games}",
        "chapter_lot": "Lot {n}",
        "chapter_sale": "Sale in Rome",
        "e_game": "Game {game} of {games}: {name} turns first",
        "e_game1": "{name} turns first",
        "e_turn": "{name} turns {card}",
        "e_auction": "{name} puts {cards} up for auction",
        "e_bid": "{name} has bid",
        "e_bids": "{names} have bid",
        "e_reveal": "Bids open for {cards}: {bids}",
        "e_raise": "{name} bids {to}",
        "e_drop": "{name} drops out",
        "e_drops": "{names} drop out",
        "e_win": "{name} buys {cards} for {price} (cargo {cargo})",
        "e_full": "{name} buys {cards} for {price} (cargo {cargo}); the ship is full",
        "e_discard": "Nobody bids: {cards} set aside",
        "e_fill": "{name} fills the ship for free with {cards} (cargo {cargo})",
        "e_fill0": "{name} would fill the ship for free, but the deck is empty",
        "e_sale": "Sale in Rome: {sales}",
        "e_sale_one": "{name} cargo {value}, {place}, +{paid} (now {chips})",
        "e_sale_bonus": "{name} cargo {value} with the colour bonus, {place}, +{paid} (now {chips})",
        "sale_sep": "; ",
        "e_over": "Over: {scores}",
        "a_turn": "Turn another card (the lot becomes {n} cards)",
        "a_auction": "Auction {cards}",
        "a_bid": "Bid {n} chips",
        "a_bid_one": "Bid 1 chip",
        "a_bid0": "Bid nothing (0)",
        "a_raise": "Raise to {n} chips",
        "a_raise_one": "Open with 1 chip",
        "a_drop": "Drop out of this auction",
        "k_start": "Starting chips",
        "k_start_series": "Starting chips ({games} games × {start})",
        "k_paid": "Paid for goods",
        "k_sold": "Sales in Rome",
        "d_one": "{name} is the richest merchant with {score} chips, {gap} ahead of {second}.",
        "d_one_series": "{name} has the highest total after {games} games: {score} chips, "
        "{gap} ahead of {second}.",
        "d_how": "{name} paid {paid} chips for goods and earned {sold} in Rome.",
        "d_tie": "{names} tie with {score} chips. The rules name no tie-break, so they share the victory.",
        "d_alone": "{name} wins with {score} chips.",
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
        "R_init": "赤",
        "Y_init": "黄",
        "G_init": "緑",
        "B_init": "青",
        "P_init": "紫",
        "turn": "カードをめくる",
        "sealed": "競り（握り）",
        "open": "公開競り",
        "over": "ゲーム終了",
        "status": "第{game}/{games}ゲーム・{phase}",
        "status1": "{phase}",
        "deck": "山札{n}枚",
        "lot": "売りに出ている商品",
        "lot_worth": "積荷の価値にして{n}",
        "track": "積荷の価値",
        "payout": "売却の支払い（{n}人）",
        "place": "順位",
        "place_players": "順位／人数",
        "pays": "支払い",
        "now": "今売却すると",
        "share": "積荷の価値が同じ商人は、その順位の支払いを合計して等分します。",
        "rest": "{place}以下",
        "players": "商人",
        "cargo": "価値",
        "chips": "チップ",
        "chips_note": "他の商人のチップは支払った落札額から数えた値です（{start}から各落札額を引く）。",
        "total": "合計",
        "active": "手番",
        "full": "満杯",
        "bid_in": "決定済み",
        "out": "降り",
        "leads": "最高値{n}",
        "sits_out": "不参加：空き{room}枚、商品{n}枚",
        "with_bonus": "{cargo}＋{bonus}",
        "bonus_when_full": "満杯で＋{bonus}",
        "b_turn": "もう一枚めくる",
        "b_auction": "この{n}枚を競りにかける",
        "b_bid": "{n}で入札",
        "b_raise": "{n}を宣言",
        "b_drop": "降りる",
        "p_turn": "あなたの手番：もう一枚めくるか、競りにかけてください。",
        "p_bid": "競り：拳に握るチップを決めてください（所持{chips}）。全員同時に公開します。",
        "p_bid_in": "{bid}で入札しました。{names}を待っています…",
        "p_raise": "公開競り：{leader}が{high}で最高値です。値を上げるか降りてください（所持{chips}）。",
        "p_raise0": "公開競り：まだ誰も値を付けていません。1以上で始めるか降りてください（所持{chips}）。",
        "p_wait": "{names}を待っています…",
        "p_full": "船は満杯です。{names}を待っています…",
        "p_sit_out": "この競りには参加できません：{n}枚は船に入りきりません（空き{room}枚）。"
        "{names}を待っています…",
        "p_over": "ゲーム終了。",
        "p_over_series": "シリーズ終了。",
        "reveal": "直前の競り",
        "r_won": "{name}が{price}で落札",
        "r_none": "入札なし：取り除かれました",
        "discarded": "取り除かれた商品：{n}枚",
        "bonus": "色ボーナス＋{n}",
        "chapter_game": "第{game}/{games}ゲーム",
        "chapter_lot": "{n}組目の商品",
        "chapter_sale": "ローマでの売却",
        "e_game": "第{game}/{games}ゲーム：{name}から始めます",
        "e_game1": "{name}から始めます",
        "e_turn": "{name}が{card}をめくりました",
        "e_auction": "{name}が{cards}を競りにかけました",
        "e_bid": "{name}が競り値を決めました",
        "e_bids": "{names}が競り値を決めました",
        "e_reveal": "{cards}の競り値の公開：{bids}",
        "e_raise": "{name}が{to}を宣言",
        "e_drop": "{name}が降りました",
        "e_drops": "{names}が降りました",
        "e_win": "{name}が{cards}を{price}で落札（価値{cargo}）",
        "e_full": "{name}が{cards}を{price}で落札（価値{cargo}）。船が満杯になりました",
        "e_discard": "入札なし：{cards}は取り除かれました",
        "e_fill": "{name}が無料で{cards}を積み込み、船を満杯にしました（価値{cargo}）",
        "e_fill0": "{name}は無料で船を満たせますが、山札がありません",
        "e_sale": "ローマで売却：{sales}",
        "e_sale_one": "{name}は価値{value}で{place}、＋{paid}（計{chips}）",
        "e_sale_bonus": "{name}は価値{value}（色ボーナス込み）で{place}、＋{paid}（計{chips}）",
        "sale_sep": "／",
        "e_over": "終了：{scores}",
        "a_turn": "もう一枚めくる（商品は{n}枚になります）",
        "a_auction": "{cards}を競りにかける",
        "a_bid": "{n}チップで入札",
        "a_bid0": "何も握らない（0）",
        "a_raise": "{n}チップに上げる",
        "a_drop": "この競りから降りる",
        "k_start": "初期資本",
        "k_start_series": "初期資本（{games}ゲーム×{start}）",
        "k_paid": "商品の支払い",
        "k_sold": "ローマでの売却",
        "d_one": "{name}が{score}チップで最も裕福な商人です。{second}より{gap}多く持っています。",
        "d_one_series": "{games}ゲームの合計で{name}が最多の{score}チップです。"
        "{second}より{gap}多く持っています。",
        "d_how": "{name}は商品に{paid}チップを支払い、ローマで{sold}チップを得ました。",
        "d_tie": "{names}が{score}チップで並びました。同点の決め方はないので、勝利を分け合います。",
        "d_alone": "{name}が{score}チップで勝ちました。",
    },
}


def _counted(lang: str, key: str, fields: dict[str, object]) -> str:
    """Return a text's key, or its singular `<key>_one` for a field `n` of 1 if the language has one."""
    return f"{key}_one" if fields.get("n") == 1 and f"{key}_one" in TEXTS.get(lang, {}) else key


def _t(lang: str, key: str, **fields: object) -> str:
    """Return a text as HTML (its fields escaped), in the singular where `n` is 1."""
    return translate(TEXTS, lang, _counted(lang, key, fields), **fields)


def unescaped(lang: str, key: str, **fields: object) -> str:
    """Return a text as plain words or markup (for `engine.howto`, which escapes it), in the singular where
    `n` is 1."""
    return plain(TEXTS, lang, _counted(lang, key, fields), **fields)


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the merchants' colours."""
    return [translate(TEXTS, lang, f"seat{p}") for p in range(players)]


def card_label(card: str, lang: str = "en") -> str:
    """Return a card's name in words, e.g. `red 7` (`赤7`)."""
    space = " " if lang == "en" else ""
    return f"{translate(TEXTS, lang, colour(card))}{space}{value(card)}"


def cards_label(cards: Sequence[str], lang: str = "en") -> str:
    """Return several cards' names in words."""
    return ("・" if lang == "ja" else ", ").join(card_label(c, lang) for c in cards)


def ordinal(place: int, lang: str) -> str:
    """Return a place (1-based) in words: 1st, 2nd, 3rd (1位, 2位).

    >>> [ordinal(k, "en") for k in (1, 2, 3, 4, 11, 22)], ordinal(2, "ja")
    (['1st', '2nd', '3rd', '4th', '11th', '22nd'], '2位')
    """
    if lang == "ja":
        return f"{place}位"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


SMALL = ";min-width:1.2rem;min-height:2.3rem;padding:0 0.05rem;font-size:0.85rem"
BIG = ";min-width:3.2rem;min-height:4.2rem;font-size:1.4rem"


def card_chip(card: str, lang: str, big: bool = False) -> str:
    """Return one card as a coloured chip with its value and its colour's initial, named in words for
    screen readers: big on offer, small in a ship."""
    c = colour(card)
    style = f"background:{CARD_COLOURS[c]};color:{CARD_INK[c]};justify-content:center;flex-direction:column"
    style += ";line-height:1" + (BIG if big else SMALL)
    name = card_label(card, lang)
    initial = tag("small", translate(TEXTS, lang, f"{c}_init"), style="font-size:0.6em;font-weight:400")
    return tag(
        "span",
        tag("span", str(value(card))) + initial,
        class_="tt-card",
        style=style,
        title=name,
        aria_label=name,
        data_explain=f"card:{c}",
    )


def _empty_slot() -> str:
    """Return an empty place in a ship."""
    return tag(
        "span",
        "·",
        class_="tt-card",
        style="border-style:dashed;opacity:0.45;justify-content:center" + SMALL,
        data_explain="ship",
    )


def sale_values(v: View) -> list[int]:
    """Return what each ship would count for at a sale now: its cargo, plus the colour bonus if earned."""
    return [R.sale_value(h, v["colour_bonus"]) for h in v["holds"]]


def _track(v: View, names: Sequence[str], lang: str) -> str:
    """Return the SVG of the cargo track (with the colour bonus's squares when it is played) and pawns
    standing on each ship's sale value."""
    cols, w, h = 10, 36, 30
    squares = R.TRACK + (R.COLOUR_BONUS if v["colour_bonus"] else 0)
    rows = -(-squares // cols)
    out = []
    for k in range(squares):
        x, y = (k % cols) * w, (k // cols) * h
        fill = "#f4efe2" if k < R.TRACK else "#efe4fa"
        out.append(
            tag("rect", x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=3, fill=fill, stroke="#b9ad8f")
        )
        out.append(tag("text", str(k), x=x + 4, y=y + 11, font_size=9, fill="#7a6d4f"))
    here: dict[int, list[int]] = {}
    worth = sale_values(v)
    for p, c in enumerate(worth):
        here.setdefault(min(c, squares - 1), []).append(p)
    for k, seats in here.items():
        x, y = (k % cols) * w, (k // cols) * h
        for i, p in enumerate(seats):
            cx = x + 9 + (i % 4) * 7 + (i // 4) * 3
            cy = y + 18 + (i // 4) * 6
            out.append(tag("circle", cx=cx, cy=cy, r=5, fill=SEAT_COLOURS[p], stroke="#111", stroke_width=1))
    label = dotted((figure(names[p], c, lang) for p, c in enumerate(worth)), lang)
    return tag(
        "svg",
        "".join(out),
        viewBox=f"0 0 {cols * w} {rows * h}",
        class_="tt-track",
        role="img",
        aria_label=label,
        data_explain="track",
        style="width:100%;height:auto;display:block;max-width:30rem",
    )


def payout_table(
    players: int, lang: str, values: Sequence[int] | None = None, names: Sequence[str] = ()
) -> str:
    """Return the sale's payout table for a player count; given the ships' values, who would take each
    place if the cargoes were sold now (tied ships on the same row, sharing)."""
    table = R.PAYOUTS[players]
    head = [translate(TEXTS, lang, "place"), translate(TEXTS, lang, "pays")]
    if values is not None:
        head.append(translate(TEXTS, lang, "now"))
    rows = [tag("tr", "".join(tag("th", h) for h in head))]
    ranks = [1 + sum(w > x for w in values) for x in values] if values is not None else []
    for place in range(1, len(table) + 2):
        pays = table[place - 1] if place <= len(table) else 0
        label = ordinal(place, lang)
        if place > len(table):
            label = translate(TEXTS, lang, "rest", place=label)
        cells = [tag("td", label), tag("td", str(pays))]
        if values is not None:
            here = [p for p, r in enumerate(ranks) if (r == place if place <= len(table) else r >= place)]
            text = commas((figure(names[p], values[p], lang) for p in here), lang)
            cells.append(tag("td", esc(text)))
        rows.append(tag("tr", "".join(cells)))
    return tag("table", "".join(rows), class_="tt-players tt-payout", data_explain="payout")


def payout_grid(lang: str) -> str:
    """Return the payout table for every player count in one grid: places down, player counts across."""
    counts = list(R.PAYOUTS)
    places = max(len(t) for t in R.PAYOUTS.values())
    head = tag("th", _t(lang, "place_players")) + "".join(tag("th", str(n)) for n in counts)
    rows = [tag("tr", head)]
    for k in range(places):
        cells = "".join(tag("td", str(R.PAYOUTS[n][k]) if k < len(R.PAYOUTS[n]) else "–") for n in counts)
        rows.append(tag("tr", tag("td", ordinal(k + 1, lang)) + cells))
    return tag("table", "".join(rows), class_="tt-players tt-payout", data_explain="payout")


def _button(text: str, action: str, big: bool = False) -> str:
    """Return a button that plays `action`."""
    return tag("button", text, type="button", class_="tt-act tt-big" if big else "tt-act", data_action=action)


def _controls(v: View, legal: set[str], lang: str, selected: Sequence[str]) -> str:
    """Return the viewer's buttons: turn or auction, the bid entry, or raise and drop."""
    if not legal:
        return ""
    out = []
    if "turn" in legal:
        out.append(_button(_t(lang, "b_turn"), "turn"))
    if "auction" in legal:
        out.append(_button(_t(lang, "b_auction", n=len(v["lot"])), "auction", big=True))
    for verb in ("bid", "raise"):
        amounts = [int(a.split(":")[1]) for a in legal if a.startswith(verb + ":")]
        if amounts:
            out.append(amount_entry(verb, min(amounts), max(amounts), selected, lang, TEXTS, STEPS))
    if "drop" in legal:
        out.append(_button(_t(lang, "b_drop"), "drop"))
    return tag("div", "".join(out), class_="tt-actions tt-side")


def _room(v: View, p: int) -> int:
    """Return how many more cards a seat's ship can load."""
    return R.HOLD - len(v["holds"][p])


def sits_out(v: View, p: int) -> bool:
    """Return whether a seat with room left sits out the auction under way (the lot would overflow it)."""
    return v["phase"] in (R.SEALED, R.OPEN) and p not in v["bidders"] and 0 < _room(v, p) < len(v["lot"])


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, acting, phase = v["viewer"], v["to_act"], v["phase"]
    if phase == R.OVER:
        return _t(lang, "p_over_series" if v["games"] > 1 else "p_over")
    waiting = listed([names[p] for p in acting], lang)
    if me is None:
        return _t(lang, "p_wait", names=waiting)
    chips = v["chips"][me]
    if me in acting:
        if phase == R.TURN:
            return _t(lang, "p_turn")
        if phase == R.SEALED:
            return _t(lang, "p_bid", chips=chips)
        if v["leader"] is None:
            return _t(lang, "p_raise0", chips=chips)
        return _t(lang, "p_raise", leader=names[v["leader"]], high=v["high"], chips=chips)
    if phase == R.SEALED and v.get("bid") is not None:
        return _t(lang, "p_bid_in", bid=v["bid"], names=waiting)
    if _room(v, me) == 0:
        return _t(lang, "p_full", names=waiting)
    if sits_out(v, me):
        return _t(lang, "p_sit_out", n=len(v["lot"]), room=_room(v, me), names=waiting)
    return _t(lang, "p_wait", names=waiting)


def _lot(v: View, names: Sequence[str], lang: str) -> str:
    """Return the cards on offer, their worth and who turned them."""
    if not v["lot"]:
        return ""
    cards = "".join(card_chip(c, lang, big=True) for c in v["lot"])
    badge = tag("span", _t(lang, "active"), class_="tt-badge", data_explain="badge:active")
    who = dotted([f"{esc(names[v['active']])} {badge}", _t(lang, "lot_worth", n=R.cargo(v["lot"]))], lang)
    return tag(
        "section",
        tag("h2", _t(lang, "lot"))
        + tag("div", cards, class_="tt-hand-cards")
        + tag("p", who, class_="tt-hint"),
        class_="tt-lot",
        data_explain="lot",
    )


def _reveal(v: View, names: Sequence[str], lang: str) -> str:
    """Return the last auction: its lot, every bid opened at once, and who bought it for how much."""
    last = v["last"]
    if last is None:
        return ""
    cards = "".join(card_chip(c, lang) for c in last["lot"])
    parts = [tag("div", cards, class_="tt-hand-cards")]
    if last["bids"] is not None:
        colon = "：" if lang == "ja" else ": "
        items = "".join(
            tag("li", f"{esc(names[p])}{colon}{b}", class_="tt-winner" if p == last["winner"] else None)
            for p, b in enumerate(last["bids"])
            if b is not None
        )
        parts.append(tag("ul", items, class_="tt-bids"))
    if last["winner"] is None:
        parts.append(tag("p", _t(lang, "r_none"), class_="tt-hint"))
    else:
        parts.append(
            tag("p", _t(lang, "r_won", name=names[last["winner"]], price=last["price"]), class_="tt-hint")
        )
    return tag(
        "section",
        tag("h2", _t(lang, "reveal")) + "".join(parts),
        class_="tt-reveal",
        data_explain="bids",
    )


def _cargo_cell(v: View, p: int, lang: str) -> str:
    """Return a ship's cargo as the sale counts it: with the colour bonus once earned, or its promise."""
    hold, bonus = v["holds"][p], R.COLOUR_BONUS
    text = str(R.cargo(hold))
    if v["colour_bonus"] and R.earns_bonus(hold):
        text = _t(lang, "with_bonus", cargo=R.cargo(hold), bonus=bonus)
    elif v["colour_bonus"] and R.all_colours(hold):
        text += " " + tag("small", _t(lang, "bonus_when_full", bonus=bonus))
    return tag("td", text, data_explain="cargo")


def _chips_cell(v: View, p: int) -> str:
    """Return a seat's chips: exact for its owner and at the end, else as counted from the prices paid."""
    chips = v["chips"][p]
    if chips is not None:
        return tag("td", tag("strong", str(chips)), data_explain="chips")
    return tag("td", str(R.START_CHIPS - v["paid"][p]), data_explain="chips", class_="tt-counted")


def _badges(v: View, p: int, lang: str) -> str:
    """Return a seat's badges: turns the cards, ship full, has bid, dropped out, leads, sits out."""
    badges = []
    if p == v["active"] and v["phase"] != R.OVER:
        badges.append(("▶ " + _t(lang, "active"), "active"))
    if _room(v, p) == 0:
        badges.append(("⚓ " + _t(lang, "full"), "full"))
    if v["bid_in"][p]:
        badges.append(("✓ " + _t(lang, "bid_in"), "bid_in"))
    if p in v["out"]:
        badges.append(("✗ " + _t(lang, "out"), "out"))
    if v["phase"] == R.OPEN and p == v["leader"]:
        badges.append(("★ " + _t(lang, "leads", n=v["high"]), "leads"))
    if sits_out(v, p):
        badges.append(("⛔ " + _t(lang, "sits_out", room=_room(v, p), n=len(v["lot"])), "sits_out"))
    return " ".join(tag("span", text, class_="tt-badge", data_explain=f"badge:{key}") for text, key in badges)


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return the merchants: ship, cargo (bonus included), chips (counted for others), totals, badges."""
    series = v["games"] > 1
    keys = ["players", "cargo", "chips"] + (["total"] if series else [])
    rows = [tag("tr", "".join(tag("th", _t(lang, k)) for k in keys))]
    for p in range(v["players"]):
        dot = tag("span", "●", style=f"color:{SEAT_COLOURS[p]}")
        hold = v["holds"][p]
        slots = "".join(card_chip(c, lang) for c in hold) + _empty_slot() * _room(v, p)
        ship = tag(
            "div", slots, class_="tt-hand-cards", style="gap:0.15rem;margin-top:0.2rem", data_explain="ship"
        )
        cells = [
            tag("td", f"{dot} {esc(names[p])} {_badges(v, p, lang)}{ship}"),
            _cargo_cell(v, p, lang),
            _chips_cell(v, p),
        ]
        if series:
            cells.append(tag("td", str(v["totals"][p]), data_explain="total"))
        cls = "tt-to-act" if p in v["to_act"] else None
        rows.append(tag("tr", "".join(cells), class_=cls, data_seat=p))
    note = (
        tag("p", _t(lang, "chips_note", start=R.START_CHIPS), class_="tt-hint")
        if v["phase"] != R.OVER
        else ""
    )
    return tag("section", tag("table", "".join(rows), class_="tt-players") + note)


def _result(v: View, names: Sequence[str], lang: str) -> str:
    """Return the end panel: each seat's score with where it came from, and why the winners won."""
    if v["result"] is None:
        return ""
    parts = breakdown(v, lang)

    def line(p: int) -> str:
        """Return a seat's score and its parts."""
        signed = [
            f"{label} {'−' if x < 0 else '+' if k else ''}{abs(x)}" for k, (label, x) in enumerate(parts[p])
        ]
        return aside(score_line(names[p], v["result"]["scores"][p], lang), esc(dotted(signed, lang)), lang)

    return tag("div", result_panel(v["result"], names, lang, line), class_="tt-side")  # the page adds why


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
    phase = _t(lang, v["phase"])
    if v["games"] > 1:
        status = _t(lang, "status", game=v["game_no"], games=v["games"], phase=phase)
    else:
        status = _t(lang, "status1", phase=phase)
    notes = [tag("span", _t(lang, "deck", n=v["deck"]), data_explain="deck")]
    if v["colour_bonus"]:
        notes.append(tag("span", _t(lang, "bonus", n=R.COLOUR_BONUS), data_explain="bonus"))
    if v["discarded"]:
        notes.append(tag("span", _t(lang, "discarded", n=len(v["discarded"])), data_explain="discarded"))
    key_tables = tag(
        "div",
        tag(
            "section",
            tag("h2", _t(lang, "track")) + _track(v, names, lang),
            class_="tt-track-box",
            style="flex:1 1 18rem;max-width:30rem",
        )
        + tag(
            "section",
            tag("h2", _t(lang, "payout", n=v["players"]))
            + payout_table(v["players"], lang, sale_values(v), names)
            + tag("p", _t(lang, "share"), class_="tt-hint"),
            class_="tt-payout-box",
            style="flex:1 1 14rem",
        ),
        style="display:flex;flex-wrap:wrap;gap:0.8rem;align-items:flex-start",
    )
    parts = [
        tag(
            "header",
            tag("span", status) + tag("span", dotted(notes, lang), class_="tt-deck"),
            class_="tt-status",
        ),
        tag("p", _prompt(v, names, lang), class_="tt-prompt tt-side", role="status"),
        _result(v, names, lang),
        _lot(v, names, lang),
        _controls(v, set(legal), lang, selected),
        _reveal(v, names, lang),
        key_tables,
        _players(v, names, lang),
    ]
    return board_root(parts, "tt-mercator", v["viewer"], phase=v["phase"])


# -- The log: one sentence per event, runs merged, chapters per game, lot and sale.


def describe(event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event (or a merged run of them) as a sentence for the game log."""
    names = list(names or seat_names(7, lang))
    kind = event["e"]
    if kind == "game":
        if event["games"] == 1:
            return _t(lang, "e_game1", name=names[event["first"]])
        return _t(lang, "e_game", game=event["game"], games=event["games"], name=names[event["first"]])
    if kind == "turn":
        cards = event.get("cards", [event["card"]])
        return _t(lang, "e_turn", name=names[event["p"]], card=cards_label(cards, lang))
    if kind == "auction":
        return _t(lang, "e_auction", name=names[event["p"]], cards=cards_label(event["lot"], lang))
    if kind in ("bid", "drop") and "ps" in event:
        return _t(lang, f"e_{kind}s", names=listed([names[p] for p in event["ps"]], lang))
    if kind == "reveal":
        bids = commas((figure(names[p], b, lang) for p, b in enumerate(event["bids"]) if b is not None), lang)
        return _t(lang, "e_reveal", bids=bids, cards=cards_label(event["lot"], lang))
    if kind == "raise":
        return _t(lang, "e_raise", name=names[event["p"]], to=event["to"])
    if kind == "win":
        return _t(
            lang,
            "e_full" if event["full"] else "e_win",
            name=names[event["p"]],
            cards=cards_label(event["cards"], lang),
            price=event["price"],
            cargo=event["cargo"],
        )
    if kind == "discard":
        return _t(lang, "e_discard", cards=cards_label(event["cards"], lang))
    if kind == "fill":
        if not event["cards"]:
            return _t(lang, "e_fill0", name=names[event["p"]])
        return _t(
            lang,
            "e_fill",
            name=names[event["p"]],
            cards=cards_label(event["cards"], lang),
            cargo=event["cargo"],
        )
    if kind == "sale":
        return _t(lang, "e_sale", sales=_sales(event, names, lang))
    if kind == "over":
        scores = commas((points(names[p], s, lang) for p, s in enumerate(event["scores"])), lang)
        return _t(lang, "e_over", scores=scores)
    return _t(lang, f"e_{kind}", name=names[event["p"]])


def _sales(event: Event, names: Sequence[str], lang: str) -> str:
    """Return the sale's lines: each ship's value, place, payout and chips after it."""
    values = event["values"]
    bonus = event.get("bonus", [False] * len(values))
    out = []
    for p, (x, paid, chips) in enumerate(zip(values, event["payouts"], event["chips"], strict=True)):
        place = ordinal(1 + sum(w > x for w in values), lang)
        key = "e_sale_bonus" if bonus[p] else "e_sale_one"
        out.append(unescaped(lang, key, name=names[p], value=x, place=place, paid=paid, chips=chips))
    return unescaped(lang, "sale_sep").join(out)


def merge(a: Event, b: Event) -> Event | None:
    """Return one event for two in a row: sealed bids made, cards turned by one merchant, drop-outs.

    >>> merge({"e": "bid", "p": 0}, {"e": "bid", "p": 2})
    {'e': 'bid', 'ps': [0, 2]}
    >>> merge({"e": "turn", "p": 1, "card": "R3", "lot_no": 4}, {"e": "turn", "p": 1, "card": "G9"})
    {'e': 'turn', 'p': 1, 'card': 'R3', 'lot_no': 4, 'cards': ['R3', 'G9']}
    """
    if a["e"] != b["e"]:
        return None
    if a["e"] in ("bid", "drop"):
        return {"e": a["e"], "ps": [*a.get("ps", [a.get("p")]), b["p"]]}
    if a["e"] == "turn" and a["p"] == b["p"] and "lot_no" not in b:
        return {**a, "cards": [*a.get("cards", [a["card"]]), b["card"]]}
    return None


def chapter(event: Event, lang: str) -> str | None:
    """Return the heading of the log group an event opens: a game of a series, a lot, the sale."""
    if event["e"] == "game" and event["games"] > 1:
        return _t(lang, "chapter_game", game=event["game"], games=event["games"])
    if event["e"] == "turn" and "lot_no" in event:
        return _t(lang, "chapter_lot", n=event["lot_no"])
    if event["e"] == "sale":
        return _t(lang, "chapter_sale")
    return None


def action_name(action: str, view: View, lang: str) -> str | None:
    """Return a legal action in words ("Bid 12 chips", "Auction red 7, blue 3"), None if unknown."""
    verb, _, arg = action.partition(":")
    if verb == "turn":
        return _t(lang, "a_turn", n=len(view["lot"]) + 1)
    if verb == "auction":
        return _t(lang, "a_auction", cards=cards_label(view["lot"], lang))
    if verb in ("bid", "raise") and arg.isdigit():
        n = int(arg)
        return _t(lang, "a_bid0" if verb == "bid" and n == 0 else f"a_{verb}", n=n)
    if verb == "drop":
        return _t(lang, "a_drop")
    return None


# -- The end: where each seat's chips came from, and why the winners won.


def breakdown(view: View, lang: str) -> list[list[tuple[str, int]]]:
    """Return each seat's score by source: starting chips, prices paid, sales in Rome (sums to the score)."""
    games = len(view["sold"])
    start = (
        unescaped(lang, "k_start_series", games=games, start=R.START_CHIPS)
        if games > 1
        else unescaped(lang, "k_start")
    )
    return [
        [
            (start, R.START_CHIPS * games),
            (unescaped(lang, "k_paid"), -sum(g[p] for g in view["spent"])),
            (unescaped(lang, "k_sold"), sum(g[p] for g in view["sold"])),
        ]
        for p in range(view["players"])
    ]


def decided(view: View, names: Sequence[str], lang: str) -> str | None:
    """Return why the winners won: their score, the gap to the next seat, where their chips came from, and
    the tie rule when several share the top."""
    result = view["result"]
    if result is None:
        return None
    scores, winners = result["scores"], result["winners"]
    top = scores[winners[0]]
    if len(winners) > 1:
        return unescaped(lang, "d_tie", names=listed([names[p] for p in winners], lang), score=top)
    w = winners[0]
    others = [p for p in range(view["players"]) if p != w]
    if not others:
        return unescaped(lang, "d_alone", name=names[w], score=top)
    second = max(others, key=lambda p: scores[p])
    key = "d_one_series" if view["games"] > 1 else "d_one"
    head = unescaped(
        lang,
        key,
        name=names[w],
        score=top,
        gap=top - scores[second],
        second=names[second],
        games=view["games"],
    )
    how = [
        unescaped(
            lang,
            "d_how",
            name=names[p],
            paid=sum(g[p] for g in view["spent"]),
            sold=sum(g[p] for g in view["sold"]),
        )
        for p in (w, second)
    ]
    return sentences([head, *how], lang)
