"""The Virus Money board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`: join and pass, the raise (its
amount composed with `data-select` steppers, `selected`), the cards to use (drawn as cards), a button
per colour to pay with, and done.
Only the viewer's own role is ever drawn; the cast cards of a round appear in its reveal, after scoring.
Text is English or Japanese.
"""

from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import Texts, amount_entry, board_root, esc, result_panel, tag, translate
from .rules import COLOURS, SEAT_COLOURS, cost, production

FILL = {"R": "#d63c3c", "Y": "#e8b400", "G": "#2e9b4a", "B": "#2f6fd6"}
INK = {"R": "#fff", "Y": "#222", "G": "#fff", "B": "#fff"}
BAR = 60  # pieces that fill a colour's bar: all of that colour
SIGNS = {"R": "🔴", "Y": "🟡", "G": "🟢", "B": "🔵"}

TEXTS: Texts = {
    "en": {
        "R": "Red",
        "Y": "Yellow",
        "G": "Green",
        "B": "Blue",
        "join": "Auction: joining",
        "raise": "Auction: raising",
        "expand": "Expansion",
        "over": "Game over",
        "status": "Round {round}/{rounds} · {phase}",
        "deck": "Deck {n}",
        "supply": "Supply",
        "on_offer": "Up for auction",
        "cost": "cost {n}",
        "no_bids": "No bids yet",
        "bids": "Bids",
        "players": "Players",
        "pieces": "Pieces",
        "total": "Total",
        "your_role": "Your role this round: {role}",
        "normal": "normal player",
        "virus": "VIRUS player",
        "role_hint_normal": "50 per piece of your colour, 100 per other piece, minus the virus money.",
        "role_hint_virus": "Your pieces score nothing; each piece of your colour others hold scores 100.",
        "b_join": "Join (1 piece)",
        "b_pass": "Pass",
        "b_done": "Done",
        "b_raise": "Raise to {n}",
        "use_hint": "Use a card (pay its cost from your pieces):",
        "pay_hint": "Pay for {card}: {left} more piece(s) of any colour",
        "b_pay": "Pay 1",
        "p_join": "Join the auction for this card with one {colour} piece, or pass.",
        "p_raise": "The highest bid is {high}. Raise it, or pass (you may raise again if someone does).",
        "p_use": "Expansion: use the cards you won, or finish.",
        "p_pay": "Pay the cost: choose a colour.",
        "p_wait": "Waiting for {names}…",
        "p_over": "Game over.",
        "history": "Scoring, round by round",
        "h_round": "Round",
        "h_virus": "Virus",
        "h_none": "nobody",
        "h_prov": "provisional",
        "h_money": "virus money",
        "h_final": "final",
        "e_round": "Round {round} of {rounds}: the cast cards are drawn; {name} starts",
        "e_card": "{card} is turned up; {name} is asked first",
        "e_join": "{name} joins",
        "e_stay": "{name} stays out",
        "e_raise": "{name} raises to {to}",
        "e_pass": "{name} passes",
        "e_nobody": "Nobody joins: {card} is set aside",
        "e_tie": "Tie at the top: {card} is set aside and the bids go to the supply",
        "e_win": "{name} wins {card} for {price} and takes {taken}",
        "e_win_alone": "{name} wins {card} for {price}",
        "e_end_cards": "Everyone holds 3 cards: the auctions are over",
        "e_end_pieces": "No one short of 3 cards has a piece left to join with: the auctions are over",
        "e_end_deck": "The deck is empty: the auctions are over",
        "e_use": "{name} uses {card}, paying {paid}",
        "e_expanded": "{name} sets aside {cards}",
        "e_score": "Round {round} scored: {finals}",
        "e_score_none": " (nobody was the virus)",
        "e_score_virus": " ({name} was the virus)",
        "e_over": "Over: {totals}",
    },
    "ja": {
        "R": "赤",
        "Y": "黄",
        "G": "緑",
        "B": "青",
        "join": "競り：参加",
        "raise": "競り：追加",
        "expand": "拡大生産",
        "over": "ゲーム終了",
        "status": "第{round}/{rounds}ラウンド · {phase}",
        "deck": "山札 {n}",
        "supply": "コマ置き場",
        "on_offer": "競りにかけられたカード",
        "cost": "コスト{n}",
        "no_bids": "まだ誰も参加していません",
        "bids": "競りのコスト",
        "players": "プレイヤー",
        "pieces": "資産コマ",
        "total": "合計",
        "your_role": "このラウンドのあなたの役職：{role}",
        "normal": "通常プレイヤー",
        "virus": "ウィルスプレイヤー",
        "role_hint_normal": "担当色は1個50点、他の色は100点。ただしウィルスマネーは減点です。",
        "role_hint_virus": "自分のコマは得点になりません。他の人が持つあなたの色のコマ1個につき100点。",
        "b_join": "参加（1個）",
        "b_pass": "パス",
        "b_done": "終了",
        "b_raise": "{n}個に追加",
        "use_hint": "使用するカード（コストは資産コマで支払い）：",
        "pay_hint": "{card}のコスト：あと{left}個（色は自由）",
        "b_pay": "1個払う",
        "p_join": "このカードの競りに{colour}のコマ1個で参加するか、パスしてください。",
        "p_raise": "最高は{high}個です。追加するか、パスしてください（後で再び追加できます）。",
        "p_use": "拡大生産：獲得したカードを使用するか、終了してください。",
        "p_pay": "コストを支払う色を選んでください。",
        "p_wait": "{names}を待っています…",
        "p_over": "ゲーム終了。",
        "history": "各ラウンドの得点",
        "h_round": "ラウンド",
        "h_virus": "ウィルス",
        "h_none": "なし",
        "h_prov": "仮の得点",
        "h_money": "ウィルスマネー",
        "h_final": "最終得点",
        "e_round": "第{round}/{rounds}ラウンド：役職を決定、{name}から開始",
        "e_card": "{card}がめくられました（{name}から）",
        "e_join": "{name}が参加",
        "e_stay": "{name}は不参加",
        "e_raise": "{name}が{to}個に追加",
        "e_pass": "{name}はパス",
        "e_nobody": "参加者なし：{card}を除外",
        "e_tie": "同数：{card}を除外、競りのコストはコマ置き場へ",
        "e_win": "{name}が{price}個で{card}を獲得し、{taken}を得ました",
        "e_win_alone": "{name}が{price}個で{card}を獲得",
        "e_end_cards": "全員が3枚獲得：競りフェーズ終了",
        "e_end_pieces": "3枚未満のプレイヤーに参加できるコマがありません：競りフェーズ終了",
        "e_end_deck": "山札がなくなりました：競りフェーズ終了",
        "e_use": "{name}が{card}を使用（支払い{paid}）",
        "e_expanded": "{name}は{cards}を除外",
        "e_score": "第{round}ラウンドの得点：{finals}",
        "e_score_none": "（ウィルスプレイヤーなし）",
        "e_score_virus": "（{name}がウィルスプレイヤー）",
        "e_over": "終了：{totals}",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the players' colours (no yellow with three)."""
    return [translate(TEXTS, lang, COLOURS[c]) for c in SEAT_COLOURS[players]]


def card_label(card: str) -> str:
    """Return a card's short text: its cost and the pieces it makes, e.g. `2→🔴🔴🟢🟢`."""
    made = "".join(SIGNS[c] * k for c, k in zip(COLOURS, production(card), strict=True))
    return f"{cost(card)}→{made}"


def pieces_label(counts: Sequence[int]) -> str:
    """Return piece counts as text, e.g. `🔴3 🔵2` (nothing: `–`)."""
    return " ".join(f"{SIGNS[c]}{k}" for c, k in zip(COLOURS, counts, strict=True) if k) or "–"


def _card_svg(card: str, lang: str, scale: float = 1.0) -> str:
    """Return a trade card drawn in SVG: its cost in the corner and its pieces as coloured discs."""
    w, h = 64, 84
    parts = [tag("rect", x=1, y=1, width=w - 2, height=h - 2, rx=7, fill="#fbf8ef", stroke="#554")]
    parts.append(
        tag("circle", cx=14, cy=14, r=10, fill="#333")
        + tag("text", str(cost(card)), x=14, y=19, text_anchor="middle", fill="#fff", font_size=14)
    )
    discs = [c for c, k in zip(COLOURS, production(card), strict=True) for _ in range(k)]
    for i, c in enumerate(discs):
        x, y = 16 + (i % 3) * 16, 38 + (i // 3) * 17
        parts.append(tag("circle", cx=x, cy=y, r=7, fill=FILL[c], stroke="#222", stroke_width=1))
    name = translate(TEXTS, lang, "cost", n=cost(card)) + " → " + pieces_label(production(card))
    return tag(
        "svg",
        tag("title", esc(name)) + "".join(parts),
        viewBox=f"0 0 {w} {h}",
        width=int(w * scale),
        height=int(h * scale),
        role="img",
        aria_label=name,
        class_="tt-vm-card",
        data_card=card,
    )


def _bids_svg(v: View, names: Sequence[str]) -> str:
    """Return the bids by colour: a column of pieces per bidder, with its count and who leads."""
    seats = [p for p, b in enumerate(v["bids"]) if b is not None]
    w, h = 56, 112
    parts = []
    for i, p in enumerate(seats):
        c = COLOURS[v["colours"][p]]
        bid = v["bids"][p]
        x = i * w
        for k in range(min(bid, 10)):
            parts.append(
                tag("rect", x=x + 14, y=h - 24 - k * 8, width=28, height=7, rx=2, fill=FILL[c], stroke="#222")
            )
        mark = "★" if p == v["leader"] else ("·" if p in v["passes"] else "")
        parts.append(tag("text", f"{bid}{mark}", x=x + 28, y=h - 6, text_anchor="middle", font_size=14))
    label = ", ".join(f"{names[p]} {v['bids'][p]}" for p in seats)
    return tag(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {max(len(seats), 1) * w} {h}",
        width=max(len(seats), 1) * w,
        height=h,
        role="img",
        aria_label=label,
        class_="tt-vm-bids",
    )


def _auction(v: View, names: Sequence[str], lang: str) -> str:
    """Return the card up for auction with its cost and production, and the bids by colour."""
    if v["card"] is None:
        return ""
    card = _card_svg(v["card"], lang, 1.4)
    if any(b is not None for b in v["bids"]):
        bids = tag("div", tag("h2", translate(TEXTS, lang, "bids")) + _bids_svg(v, names))
    else:
        bids = tag("p", translate(TEXTS, lang, "no_bids"), class_="tt-hint")
    body = tag("div", card + bids, style="display:flex;gap:1rem;align-items:flex-end;flex-wrap:wrap")
    return tag("section", tag("h2", translate(TEXTS, lang, "on_offer")) + body, class_="tt-vm-auction")


def _button(text: str, action: str, big: bool = False, style: str | None = None) -> str:
    """Return a button that plays `action`."""
    cls = "tt-act tt-big" if big else "tt-act"
    return tag("button", text, type="button", class_=cls, data_action=action, style=style)


def _controls(v: View, legal: Sequence[str], lang: str, selected: Sequence[str]) -> str:
    """Return the viewer's buttons: join or pass, the raise entry, cards to use, colours to pay."""
    if not legal:
        return ""
    out = []
    raises = [int(a[6:]) for a in legal if a.startswith("raise:")]
    if raises:
        out.append(amount_entry("raise", min(raises), max(raises), selected, lang, TEXTS))
    uses = [a for a in legal if a.startswith("use:")]
    if uses:
        out.append(tag("p", translate(TEXTS, lang, "use_hint"), class_="tt-hint"))
        cards = "".join(
            tag(
                "button",
                _card_svg(a[4:], lang),
                type="button",
                class_="tt-card",
                data_action=a,
                style="padding:0.2rem",
            )
            for a in uses
        )
        out.append(tag("div", cards, class_="tt-hand-cards"))
    pays = [a for a in legal if a.startswith("pay:")]
    if pays:
        paying = v["paying"]
        out.append(
            tag(
                "p",
                translate(TEXTS, lang, "pay_hint", card=card_label(paying["card"]), left=paying["left"]),
                class_="tt-hint",
            )
        )
        buttons = []
        for a in pays:
            c = a[4:]
            style = f"background:{FILL[c]};color:{INK[c]};min-height:2.9rem"
            text = f"{translate(TEXTS, lang, 'b_pay')} {translate(TEXTS, lang, c)}"
            buttons.append(_button(text, a, style=style))
        out.append(tag("div", "".join(buttons), class_="tt-actions"))
    simple = []
    if "join" in legal:
        me = v["viewer"]
        c = COLOURS[v["colours"][me]]
        style = f"background:{FILL[c]};color:{INK[c]}"
        simple.append(_button(translate(TEXTS, lang, "b_join"), "join", big=True, style=style))
    for action in ("pass", "done"):
        if action in legal:
            simple.append(_button(translate(TEXTS, lang, f"b_{action}"), action, big=True))
    if simple:
        out.append(tag("div", "".join(simple), class_="tt-actions"))
    return tag("section", "".join(out), class_="tt-vm-controls")


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, phase = v["viewer"], v["phase"]
    if phase == "over":
        return translate(TEXTS, lang, "p_over")
    if me is None or me not in v["to_act"]:
        return translate(TEXTS, lang, "p_wait", names=", ".join(names[p] for p in v["to_act"]))
    if phase == "join":
        return translate(TEXTS, lang, "p_join", colour=translate(TEXTS, lang, COLOURS[v["colours"][me]]))
    if phase == "raise":
        high = max(b for b in v["bids"] if b is not None)
        return translate(TEXTS, lang, "p_raise", high=high)
    return translate(TEXTS, lang, "p_pay" if v["paying"] is not None else "p_use")


def _role(v: View, lang: str) -> str:
    """Return the viewer's own role this round (nothing for the table, nor once the game is over)."""
    role = v["role"]
    if role is None or v["phase"] == "over":
        return ""
    text = translate(TEXTS, lang, "your_role", role=translate(TEXTS, lang, role))
    style = "background:#3a0d0d;color:#fff" if role == "virus" else "background:#eef7ee;color:#123"
    return tag(
        "section",
        tag("strong", esc(text)) + tag("p", translate(TEXTS, lang, f"role_hint_{role}"), class_="tt-hint"),
        class_="tt-vm-role",
        data_role=role,
        style=f"{style};padding:0.4rem 0.7rem;border-radius:0.5rem",
    )


def _pieces_svg(counts: Sequence[int], made: Sequence[int], label: str) -> str:
    """Return a player's pieces by colour as bars with counts (production set aside drawn lighter)."""
    w, h = 46, 16
    parts = []
    for i, c in enumerate(COLOURS):
        x = i * w
        k, m = counts[i], made[i]
        parts.append(
            tag("rect", x=x + 1, y=1, width=w - 4, height=h - 2, rx=3, fill="#f2f2f2", stroke="#bbb")
        )
        if k or m:
            full = min(k, BAR) * (w - 4) / BAR
            extra = min(m, BAR - min(k, BAR)) * (w - 4) / BAR
            parts.append(tag("rect", x=x + 1, y=1, width=round(full, 1), height=h - 2, rx=3, fill=FILL[c]))
            if m:
                parts.append(
                    tag(
                        "rect",
                        x=round(x + 1 + full, 1),
                        y=1,
                        width=round(extra, 1),
                        height=h - 2,
                        fill=FILL[c],
                        opacity=0.45,
                    )
                )
        text = f"{k}+{m}" if m else str(k)
        parts.append(
            tag("text", text, x=x + w // 2 - 2, y=12, text_anchor="middle", font_size=11, fill="#111")
        )
    return tag(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {4 * w} {h}",
        width=4 * w,
        height=h,
        role="img",
        aria_label=label,
        class_="tt-vm-pieces",
    )


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return every player: colour, pieces by colour, cards won and used, bid, running total."""
    rows = [tag("tr", "".join(tag("th", translate(TEXTS, lang, k)) for k in ("players", "pieces", "total")))]
    for p in range(v["players"]):
        c = COLOURS[v["colours"][p]]
        dot = tag("span", "●", style=f"color:{FILL[c]}")
        badges = ""
        if p == v["starter"] and v["phase"] != "over":
            badges += tag("span", "1st", class_="tt-badge")
        if v["bids"][p] is not None:
            badges += " " + tag("span", f"{translate(TEXTS, lang, 'bids')} {v['bids'][p]}", class_="tt-badge")
        label = f"{names[p]}: {pieces_label(v['pieces'][p])}"
        cards = "".join(_card_svg(k, lang, 0.5) for k in v["hands"][p])
        used = "".join(tag("span", _card_svg(k, lang, 0.5), style="opacity:0.45") for k in v["used"][p])
        won = tag("div", cards + used, class_="tt-hand-cards", style="gap:0.15rem") if cards or used else ""
        cells = [
            tag("td", f"{dot} {esc(names[p])} {badges}"),
            tag("td", _pieces_svg(v["pieces"][p], v["made"][p], label) + won),
            tag("td", str(v["totals"][p])),
        ]
        cls = "tt-to-act" if p in v["to_act"] else None
        rows.append(tag("tr", "".join(cells), class_=cls, data_seat=p))
    supply = translate(TEXTS, lang, "supply")
    label = f"{supply}: {pieces_label(v['supply'])}"
    cells = [tag("td", supply), tag("td", _pieces_svg(v["supply"], [0] * len(COLOURS), label)), tag("td", "")]
    rows.append(tag("tr", "".join(cells), class_="tt-vm-supply"))
    return tag("table", "".join(rows), class_="tt-players")


def _history(v: View, names: Sequence[str], lang: str) -> str:
    """Return the reveal of every round scored so far: who was the virus, and each seat's points."""
    if not v["history"]:
        return ""
    head = [translate(TEXTS, lang, "h_round"), *names]
    rows = [tag("tr", "".join(tag("th", esc(h)) for h in head))]
    for r in v["history"]:
        virus = r["virus"]
        who = esc(names[virus]) if virus is not None else translate(TEXTS, lang, "h_none")
        cells = [tag("td", f"{r['round']} · {translate(TEXTS, lang, 'h_virus')}: {who}")]
        for p in range(v["players"]):
            if p == virus:
                text = f"{translate(TEXTS, lang, 'h_virus')} {r['finals'][p]}"
            else:
                loss = f" −{r['money'][p] * 100}" if r["money"][p] else ""
                text = f"{r['provisional'][p]}{loss} = {r['finals'][p]}"
            cells.append(tag("td", esc(text)))
        rows.append(tag("tr", "".join(cells), data_round=r["round"]))
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "history")) + tag("table", "".join(rows), class_="tt-players"),
        class_="tt-vm-reveal",
    )


def _result(v: View, names: Sequence[str], lang: str) -> str:
    """Return the game-over panel: totals by seat, best first (fewer points as the virus first among
    equals), and the winners."""
    result = v["result"]
    if result is None:
        return ""
    order = sorted(range(v["players"]), key=lambda p: (-result["scores"][p], v["virus_points"][p]))
    return result_panel(result, names, lang, order=order)


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
    phase = translate(TEXTS, lang, v["phase"])
    status = translate(TEXTS, lang, "status", round=v["round"], rounds=v["rounds"], phase=phase)
    notes = translate(TEXTS, lang, "deck", n=v["deck"])
    parts = [
        tag("header", tag("span", status) + tag("span", esc(notes), class_="tt-deck"), class_="tt-status"),
        tag("p", _prompt(v, names, lang), class_="tt-prompt", role="status"),
        _result(v, names, lang),
        _role(v, lang),
        _auction(v, names, lang),
        _controls(v, legal, lang, selected),
        tag("section", _players(v, names, lang)),
        _history(v, names, lang),
    ]
    return board_root(parts, "tt-virus-money", v["viewer"], phase=v["phase"])


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log."""
    names = list(names or seat_names(4, lang))
    kind = event["e"]
    if kind == "round":
        return translate(
            TEXTS, lang, "e_round", round=event["round"], rounds=event["rounds"], name=names[event["starter"]]
        )
    if kind == "card":
        return translate(TEXTS, lang, "e_card", card=card_label(event["card"]), name=names[event["opener"]])
    if kind in ("nobody", "tie"):
        return translate(TEXTS, lang, f"e_{kind}", card=card_label(event["card"]))
    if kind == "win":
        p = event["p"]
        taken = [b if b is not None and q != p else 0 for q, b in enumerate(event["bids"])]
        price = event["bids"][p]
        card = card_label(event["card"])
        if not any(taken):
            return translate(TEXTS, lang, "e_win_alone", name=names[p], card=card, price=price)
        text = ", ".join(f"{k} {names[q]}" for q, k in enumerate(taken) if k)
        return translate(TEXTS, lang, "e_win", name=names[p], card=card, price=price, taken=text)
    if kind == "raise":
        return translate(TEXTS, lang, "e_raise", name=names[event["p"]], to=event["to"])
    if kind == "auctions_end":
        return translate(TEXTS, lang, f"e_end_{event['why']}")
    if kind == "use":
        paid = "".join(SIGNS[c] for c in event["paid"])
        return translate(
            TEXTS, lang, "e_use", name=names[event["p"]], card=card_label(event["card"]), paid=paid
        )
    if kind == "expanded":
        cards = " ".join(card_label(c) for c in event["unused"])
        return translate(TEXTS, lang, "e_expanded", name=names[event["p"]], cards=cards)
    if kind == "score":
        virus = event["virus"]
        if virus is None:
            who = translate(TEXTS, lang, "e_score_none")
        else:
            who = translate(TEXTS, lang, "e_score_virus", name=names[virus])
        finals = ", ".join(f"{names[p]} {f}" for p, f in enumerate(event["finals"]))
        return translate(TEXTS, lang, "e_score", round=event["round"], finals=finals) + who
    if kind == "over":
        totals = ", ".join(f"{names[p]} {t}" for p, t in enumerate(event["totals"]))
        return translate(TEXTS, lang, "e_over", totals=totals)
    return translate(TEXTS, lang, f"e_{kind}", name=names[event["p"]])
