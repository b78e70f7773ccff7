"""The Virus Money board: a player's view rendered to HTML with inline SVG, as a pure function.

Every legal action of the viewer is an element carrying `data-action`: join and pass, the raise (its
amount composed with `data-select` steppers, `selected`), the cards to use (drawn as cards; a second
button uses one and pays it with one's own colour first, `data-then`), a button per colour to pay
with, and done. Every kind of thing carries `data-explain` (`explain` says what it is and does now).
Only the viewer's own role and expansion plan are ever drawn; the cast cards of a round appear in its
reveal, after scoring. Colours are named in words (or drawn), never by emoji. English or Japanese.
"""

from collections.abc import Sequence
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
    plain,
    points,
    result_panel,
    tag,
    translate,
)
from .rules import (
    COLOURS,
    OTHER_VALUE,
    OWN_VALUE,
    SEAT_COLOURS,
    TARGET_CARDS,
    VIRUS,
    VIRUS_VALUE,
    chosen,
    cost,
    production,
    spent,
)

FILL = {"R": "#d63c3c", "Y": "#e8b400", "G": "#277a34", "B": "#2f6fd6"}
INK = {"R": "#fff", "Y": "#222", "G": "#fff", "B": "#fff"}
BAR = 60  # pieces that fill a colour's bar: all of that colour
PIECES_MIN = 148  # px: the narrowest a player's bars of pieces get (their counts stay readable, at 9 px)

TEXTS: Texts = {
    "en": {
        "R": "Red",
        "Y": "Yellow",
        "G": "Green",
        "B": "Blue",
        "c_R": "red",
        "c_Y": "yellow",
        "c_G": "green",
        "c_B": "blue",
        "piece_1": "1 piece",
        "piece_n": "{n} pieces",
        "card_1": "1 card",
        "card_n": "{n} cards",
        "count": "{n} {colour}",
        "plus": " + ",
        "none": "none",
        "card_name": "the card making {made} (cost {cost})",
        "join": "Auction: joining",
        "raise": "Auction: raising",
        "expand": "Expansion (secret)",
        "over": "Game over",
        "status": "Round {round}/{rounds} · {phase}",
        "deck": "Deck {n}",
        "removed": "Set aside {n}",
        "supply": "Supply",
        "on_offer": "Up for auction",
        "cost": "cost {n}",
        "no_bids": "No bids yet",
        "bids": "Bids",
        "bid": "Bid {n}",
        "players": "Players",
        "pieces": "Pieces",
        "total": "Total",
        "starter": "1st",
        "joins": "in {j} · out {s}",
        "ready": "done",
        "choosing": "choosing…",
        "your_role": "Your role this round: {role}",
        "normal": "normal player",
        "virus": "VIRUS player",
        "role_hint_normal": "{own} per piece of your colour, {other} per other piece, minus the virus money.",
        "role_hint_virus": "Your pieces score nothing; each piece of your colour others hold scores {virus}.",
        "b_join": "Join (1 {colour} piece)",
        "b_pass": "Pass",
        "b_stay": "Stay out",
        "b_done": "Done",
        "b_raise": "Raise to {n}",
        "b_quick": "Use, {colour} first",
        "b_rest": "Pay the rest, {colour} first",
        "use_hint": "Tap a card to use it and choose each piece you pay, or tap the button under it to pay "
        "with your own colour first:",
        "pay_hint": "Paying for {card}: {left} to go, any colours",
        "b_pay": "Pay 1 {colour}",
        "plan": "Your secret plan: {cards}",
        "plan_paid": "paid so far: {paid}",
        "p_join": "Join the auction for this card with one {colour} piece, or stay out.",
        "p_raise": "The highest bid is {high}. Raise it, or pass (you may raise again if someone does).",
        "p_use": "Expansion, in secret: choose the cards to use, then say Done. Nobody sees your choice "
        "until everyone is done.",
        "p_pay": "Pay the cost: choose a colour.",
        "p_ready": "You are done. Waiting for {names}: all choices are revealed together.",
        "p_wait": "Waiting for {names}…",
        "p_over": "Game over.",
        "history": "Scoring, round by round",
        "h_round": "Round",
        "h_virus": "Virus",
        "h_none": "nobody",
        "h_who": "{round} · {virus}: {who}",
        "e_round": "Round {round} of {rounds}: the cast cards are drawn; {name} starts",
        "e_card": "Turned up: {card}; {name} is asked first",
        "e_join": "{name} joins",
        "e_stay": "{name} stays out",
        "e_raise": "{name} raises to {to}",
        "e_raises": "{name} raise in turn from {low} to {to}",
        "e_pass": "{name} passes",
        "e_ready": "{name} has chosen which cards to use",
        "e_join_n": "{name} join",
        "e_stay_n": "{name} stay out",
        "e_pass_n": "{name} pass",
        "e_ready_n": "{name} have chosen which cards to use",
        "e_nobody": "Nobody joins: {card} is set aside",
        "e_nobody_run": "Nobody joins {n} cards in a row, set aside: {cards}",
        "e_tie": "Tie at the top: {card} is set aside and the bids go to the supply",
        "e_win": "{name} wins {card} for {price} and takes {taken}",
        "e_win_alone": "{name} wins {card} for {price}",
        "e_end_cards": "Everyone holds {n} cards: the auctions are over",
        "e_end_pieces": "No one short of {n} cards has a piece left to join with: the auctions are over",
        "e_end_deck": "The deck is empty: the auctions are over",
        "e_expansions": "Expansions revealed: {uses}",
        "e_uses": "{name} uses {cards}",
        "e_use": "{name} uses {card}, paying {paid}",
        "e_expanded": "{name} sets aside {cards}",
        "e_score": "Round {round} scored: {finals}",
        "e_score_none": " (nobody was the virus)",
        "e_score_virus": " ({name} was the virus)",
        "e_over": "Over: {totals}",
        "chapter": "Round {round} of {rounds}",
        "a_join": "Join the auction for {card} with 1 {colour} piece",
        "a_stay": "Stay out of the auction for {card}",
        "a_pass": "Pass, keeping your bid of {bid}",
        "a_raise": "Raise your bid to {n}",
        "a_use": "Use {card}",
        "a_pay": "Pay 1 {colour} piece towards {card}",
        "a_done": "Done: use no more cards",
        "k_own": "Own colour ({n} × {value})",
        "k_other": "Other colours ({n} × {value})",
        "k_money": "Virus money held ({n} × −{value})",
        "k_virus": "As the virus ({n} × {value})",
        "d_alone": "{name} wins with {score}, {gap} ahead of {next}.",
        "d_tie_broken": "{names} have {score} each; {name} earned the fewest points as the virus ({points}) "
        "and ranks first.",
        "d_shared": "{names} share the win: {score} each and the same points as the virus ({points}).",
        "d_only": "{name} wins with {score}.",
    },
    "ja": {
        "R": "赤",
        "Y": "黄",
        "G": "緑",
        "B": "青",
        "c_R": "赤",
        "c_Y": "黄",
        "c_G": "緑",
        "c_B": "青",
        "piece_1": "1個",
        "piece_n": "{n}個",
        "card_1": "1枚",
        "card_n": "{n}枚",
        "count": "{colour}{n}個",
        "plus": "・",
        "none": "なし",
        "card_name": "「{made}」のカード（コスト{cost}）",
        "join": "競り：参加",
        "raise": "競り：追加",
        "expand": "拡大生産（非公開）",
        "over": "ゲーム終了",
        "status": "第{round}/{rounds}ラウンド・{phase}",
        "deck": "山札{n}枚",
        "removed": "除外{n}枚",
        "supply": "コマ置き場",
        "on_offer": "競りにかけられたカード",
        "cost": "コスト{n}",
        "no_bids": "まだ誰も参加していません",
        "bids": "競りのコスト",
        "bid": "競り{n}個",
        "players": "プレイヤー",
        "pieces": "資産コマ",
        "total": "合計",
        "starter": "開始",
        "joins": "参加{j}・不参加{s}",
        "ready": "選択済み",
        "choosing": "選択中…",
        "your_role": "このラウンドのあなたの役職：{role}",
        "normal": "通常プレイヤー",
        "virus": "ウィルスプレイヤー",
        "role_hint_normal": "担当色は1個{own}点、他の色は{other}点。ただしウィルスマネーは減点です。",
        "role_hint_virus": "自分のコマは得点になりません。他の人が持つあなたの色のコマ1個につき{virus}点。",
        "b_join": "参加（{colour}1個）",
        "b_pass": "パス",
        "b_stay": "不参加",
        "b_done": "終了",
        "b_raise": "{n}個に追加",
        "b_quick": "使用（{colour}から）",
        "b_rest": "残りを支払う（{colour}から）",
        "use_hint": "カードをタップすると使用し、支払うコマを1個ずつ選べます。"
        "担当色から自動で支払うこともできます：",
        "pay_hint": "{card}の支払い：あと{left}個（色は自由）",
        "b_pay": "{colour}を1個払う",
        "plan": "あなたの秘密の計画：{cards}",
        "plan_paid": "支払い済み：{paid}",
        "p_join": "このカードの競りに{colour}のコマ1個で参加するか、不参加を選んでください。",
        "p_raise": "最高は{high}個です。追加するか、パスしてください（後で再び追加できます）。",
        "p_use": "拡大生産（非公開）：使用するカードを選び、終了を押してください。"
        "全員が終えるまで誰にも見えません。",
        "p_pay": "コストを支払う色を選んでください。",
        "p_ready": "選択を終えました。{names}を待っています。全員の選択は同時に公開されます。",
        "p_wait": "{names}を待っています…",
        "p_over": "ゲーム終了。",
        "history": "各ラウンドの得点",
        "h_round": "ラウンド",
        "h_virus": "ウィルス",
        "h_none": "なし",
        "h_who": "{round}・{virus}：{who}",
        "e_round": "第{round}/{rounds}ラウンド：役職を決定、{name}から開始",
        "e_card": "{card}がめくられました（{name}から）",
        "e_join": "{name}が参加",
        "e_stay": "{name}は不参加",
        "e_raise": "{name}が{to}個に追加",
        "e_raises": "{name}が交互に追加（{low}個から{to}個まで）",
        "e_pass": "{name}はパス",
        "e_ready": "{name}が使うカードを選び終えました",
        "e_join_n": "{name}が参加",
        "e_stay_n": "{name}は不参加",
        "e_pass_n": "{name}はパス",
        "e_ready_n": "{name}が使うカードを選び終えました",
        "e_nobody": "参加者なし：{card}を除外",
        "e_nobody_run": "{n}枚続けて参加者なし：{cards}を除外",
        "e_tie": "同数：{card}を除外、競りのコストはコマ置き場へ",
        "e_win": "{name}が{price}で{card}を獲得し、{taken}を得ました",
        "e_win_alone": "{name}が{price}で{card}を獲得",
        "e_end_cards": "全員が{n}枚獲得：競りフェーズ終了",
        "e_end_pieces": "{n}枚未満のプレイヤーに参加できるコマがありません：競りフェーズ終了",
        "e_end_deck": "山札がなくなりました：競りフェーズ終了",
        "e_expansions": "拡大生産を公開：{uses}",
        "e_uses": "{name}{cards}",
        "e_use": "{name}が{card}を使用（支払い：{paid}）",
        "e_expanded": "{name}は{cards}を除外",
        "e_score": "第{round}ラウンドの得点：{finals}",
        "e_score_none": "（ウィルスプレイヤーなし）",
        "e_score_virus": "（{name}がウィルスプレイヤー）",
        "e_over": "終了：{totals}",
        "chapter": "第{round}/{rounds}ラウンド",
        "a_join": "{card}の競りに{colour}1個で参加",
        "a_stay": "{card}の競りに不参加",
        "a_pass": "パス（競りのコスト{bid}はそのまま）",
        "a_raise": "競りのコストを{n}に追加",
        "a_use": "{card}を使用",
        "a_pay": "{card}のコストに{colour}を1個支払う",
        "a_done": "終了：これ以上カードを使用しない",
        "k_own": "担当色（{n}個 × {value}点）",
        "k_other": "他の色（{n}個 × {value}点）",
        "k_money": "ウィルスマネー（{n}個 × −{value}点）",
        "k_virus": "ウィルスプレイヤーとして（{n}個 × {value}点）",
        "d_alone": "{name}が{score}点で勝利。{next}に{gap}点差です。",
        "d_tie_broken": "{names}が{score}点で同点。ウィルスプレイヤーとしての得点が最も少ない"
        "{name}（{points}点）が上位です。",
        "d_shared": "{names}が同着：{score}点、ウィルスプレイヤーとしての得点も同じ（{points}点）です。",
        "d_only": "{name}が{score}点で勝利。",
    },
}


def seat_names(players: int, lang: str) -> list[str]:
    """Return the default seat names: the players' colours (no yellow with three)."""
    return [translate(TEXTS, lang, COLOURS[c]) for c in SEAT_COLOURS[players]]


def counted(n: int, what: str, lang: str) -> str:
    """Return a count with its noun, singular or plural ("1 piece", "3 cards"; 「3個」).

    >>> counted(1, "piece", "en"), counted(3, "card", "en"), counted(2, "piece", "ja")
    ('1 piece', '3 cards', '2個')
    """
    return translate(TEXTS, lang, f"{what}_1" if n == 1 else f"{what}_n", n=n)


def colour_word(c: str, lang: str) -> str:
    """Return a piece colour in words, lower case in English ("red"; 「赤」)."""
    return translate(TEXTS, lang, f"c_{c}")


def pieces_label(counts: Sequence[int], lang: str = "en", sep: str | None = None) -> str:
    """Return piece counts in words, e.g. `3 red, 2 blue` (「赤3個、青2個」); nothing: `none`.

    >>> pieces_label([3, 0, 0, 2]), pieces_label([0, 0, 0, 0], "ja")
    ('3 red, 2 blue', 'なし')
    """
    parts = [
        translate(TEXTS, lang, "count", n=k, colour=colour_word(c, lang))
        for c, k in zip(COLOURS, counts, strict=True)
        if k
    ]
    return (commas(parts, lang) if sep is None else sep.join(parts)) or translate(TEXTS, lang, "none")


def card_name(card: str, lang: str = "en") -> str:
    """Return a card in words: what it makes and its cost.

    >>> card_name("R1G4"), card_name("Y3", "ja")
    ('the card making 1 red + 4 green (cost 3)', '「黄3個」のカード（コスト1）')
    """
    made = pieces_label(production(card), lang, translate(TEXTS, lang, "plus"))
    return translate(TEXTS, lang, "card_name", made=made, cost=cost(card))


def paid_counts(paid: str) -> list[int]:
    """Return the pieces a string of colour letters names, counted by colour."""
    return [paid.count(c) for c in COLOURS]


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
    name = translate(TEXTS, lang, "cost", n=cost(card)) + " → " + pieces_label(production(card), lang)
    return tag(
        "svg",
        tag("title", name) + "".join(parts),
        viewBox=f"0 0 {w} {h}",
        width=int(w * scale),
        height=int(h * scale),
        role="img",
        aria_label=name,
        class_="tt-vm-card",
        data_card=card,
        data_explain=f"card:{card}",
    )


def _bids_svg(v: View, names: Sequence[str], lang: str) -> str:
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
    label = commas((figure(names[p], v["bids"][p], lang) for p in seats), lang)
    return tag(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {max(len(seats), 1) * w} {h}",
        width=max(len(seats), 1) * w,
        height=h,
        role="img",
        aria_label=label,
        class_="tt-vm-bids",
        data_explain="bids",
    )


def _auction(v: View, names: Sequence[str], lang: str) -> str:
    """Return the card up for auction with its cost and production, and the bids by colour."""
    if v["card"] is None:
        return ""
    card = _card_svg(v["card"], lang, 1.4)
    if any(b is not None for b in v["bids"]):
        bids = tag("div", tag("h2", translate(TEXTS, lang, "bids")) + _bids_svg(v, names, lang))
    else:
        bids = tag("p", translate(TEXTS, lang, "no_bids"), class_="tt-hint")
    body = tag("div", card + bids, style="display:flex;gap:1rem;align-items:flex-end;flex-wrap:wrap")
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "on_offer")) + body,
        class_="tt-vm-auction",
        data_explain="auction",
    )


def _button(
    text: str, action: str, big: bool = False, style: str | None = None, then: str | None = None
) -> str:
    """Return a button that plays `action` (and then the actions of `then`, while legal)."""
    cls = "tt-act tt-big" if big else "tt-act"
    return tag("button", text, type="button", class_=cls, data_action=action, data_then=then, style=style)


def own_first(pieces: Sequence[int], own: int, amount: int) -> list[str]:
    """Return the pay actions that pay `amount` pieces with one's own colour first, then the others in
    colour order (the one-tap default; each single payment stays a button of its own).

    >>> own_first([2, 0, 5, 1], 2, 3), own_first([2, 0, 1, 1], 2, 3)
    (['pay:G', 'pay:G', 'pay:G'], ['pay:G', 'pay:R', 'pay:R'])
    """
    order = [own, *(c for c in range(len(COLOURS)) if c != own)]
    out: list[str] = []
    for c in order:
        take = min(pieces[c], amount - len(out))
        out += [f"pay:{COLOURS[c]}"] * take
    return out


def _style(c: str) -> str:
    """Return a button's colours for a piece colour."""
    return f"background:{FILL[c]};color:{INK[c]}"


def _controls(v: View, legal: Sequence[str], lang: str, selected: Sequence[str]) -> str:
    """Return the viewer's buttons: join or stay out, the raise entry, cards to use, colours to pay."""
    if not legal:
        return ""
    me = v["viewer"]
    own = v["colours"][me]
    mine = translate(TEXTS, lang, f"c_{COLOURS[own]}")
    out = []
    raises = [int(a[6:]) for a in legal if a.startswith("raise:")]
    if raises:
        out.append(amount_entry("raise", min(raises), max(raises), selected, lang, TEXTS))
    uses = [a for a in legal if a.startswith("use:")]
    plan = v["plans"][me] if v["phase"] == "expand" else None
    left = [a - b for a, b in zip(v["pieces"][me], spent(plan), strict=True)] if plan else v["pieces"][me]
    if uses:
        out.append(tag("p", translate(TEXTS, lang, "use_hint"), class_="tt-hint"))
        cards = []
        for a in uses:
            card = a[4:]
            pay = " ".join(own_first(left, own, cost(card)))
            cards.append(
                tag(
                    "div",
                    tag("button", _card_svg(card, lang), type="button", class_="tt-card", data_action=a)
                    + _button(translate(TEXTS, lang, "b_quick", colour=mine), a, then=pay),
                    style="display:inline-flex;flex-direction:column;gap:0.2rem;align-items:center",
                )
            )
        out.append(tag("div", "".join(cards), class_="tt-hand-cards"))
    pays = [a for a in legal if a.startswith("pay:")]
    if pays and plan is not None:
        paying = plan["paying"]
        card = card_name(paying["card"], lang)
        out.append(
            tag("p", translate(TEXTS, lang, "pay_hint", card=card, left=paying["left"]), class_="tt-hint")
        )
        rest = own_first(left, own, paying["left"])
        buttons = [
            _button(translate(TEXTS, lang, "b_rest", colour=mine), rest[0], then=" ".join(rest[1:]) or None)
        ]
        for a in pays:
            c = a[4:]
            text = translate(TEXTS, lang, "b_pay", colour=colour_word(c, lang))
            buttons.append(_button(text, a, style=f"{_style(c)};min-height:2.9rem"))
        out.append(tag("div", "".join(buttons), class_="tt-actions"))
    simple = []
    if "join" in legal:
        simple.append(
            _button(translate(TEXTS, lang, "b_join", colour=mine), "join", True, _style(COLOURS[own]))
        )
    if "pass" in legal:
        simple.append(
            _button(translate(TEXTS, lang, "b_stay" if v["phase"] == "join" else "b_pass"), "pass", True)
        )
    if "done" in legal:
        simple.append(_button(translate(TEXTS, lang, "b_done"), "done", True))
    if simple:
        out.append(tag("div", "".join(simple), class_="tt-actions"))
    return tag("section", "".join(out), class_="tt-vm-controls tt-side")


def _prompt(v: View, names: Sequence[str], lang: str) -> str:
    """Return the sentence that tells the viewer what happens now."""
    me, phase = v["viewer"], v["phase"]
    waiting = commas((names[p] for p in v["to_act"]), lang)
    if phase == "over":
        return translate(TEXTS, lang, "p_over")
    if me is not None and phase == "expand" and v["ready"][me]:
        return translate(TEXTS, lang, "p_ready", names=waiting)
    if me is None or me not in v["to_act"]:
        return translate(TEXTS, lang, "p_wait", names=waiting)
    if phase == "join":
        return translate(TEXTS, lang, "p_join", colour=colour_word(COLOURS[v["colours"][me]], lang))
    if phase == "raise":
        high = max(b for b in v["bids"] if b is not None)
        return translate(TEXTS, lang, "p_raise", high=high)
    return translate(TEXTS, lang, "p_pay" if v["plans"][me]["paying"] is not None else "p_use")


def _role(v: View, lang: str) -> str:
    """Return the viewer's own role this round (nothing for the table, nor once the game is over)."""
    role = v["role"]
    if role is None or v["phase"] == "over":
        return ""
    text = translate(TEXTS, lang, "your_role", role=translate(TEXTS, lang, role))
    hint = translate(TEXTS, lang, f"role_hint_{role}", own=OWN_VALUE, other=OTHER_VALUE, virus=VIRUS_VALUE)
    style = "background:#3a0d0d;color:#fff" if role == VIRUS else "background:#eef7ee;color:#123"
    return tag(
        "section",
        tag("strong", text) + tag("p", hint, class_="tt-hint"),
        class_="tt-vm-role tt-side",
        data_role=role,
        data_explain=f"role:{role}",
        style=f"{style};padding:0.4rem 0.7rem;border-radius:0.5rem",
    )


def _plan(v: View, lang: str) -> str:
    """Return the viewer's own secret expansion plan: the cards chosen and the pieces paid so far."""
    me = v["viewer"]
    plan = v["plans"][me] if me is not None and v["phase"] == "expand" else None
    if plan is None or not chosen(plan):
        return ""
    cards = "".join(_card_svg(c, lang, 0.6) for c in chosen(plan))
    paid = translate(TEXTS, lang, "plan_paid", paid=pieces_label(spent(plan), lang))
    head = translate(TEXTS, lang, "plan", cards=counted(len(chosen(plan)), "card", lang))
    return tag(
        "section",
        tag("strong", head) + tag("div", cards, class_="tt-hand-cards") + tag("p", paid, class_="tt-hint"),
        class_="tt-vm-plan tt-side",
        data_explain="plan",
    )


def _pieces_svg(counts: Sequence[int], made: Sequence[int], label: str) -> str:
    """Return a player's pieces by colour as bars with counts (production to come drawn lighter)."""
    w, h = 46, 16
    parts = []
    for i, c in enumerate(COLOURS):
        x = i * w
        k, m = counts[i], made[i]
        bar = [tag("rect", x=x + 1, y=1, width=w - 4, height=h - 2, rx=3, fill="#f2f2f2", stroke="#bbb")]
        if k or m:
            full = min(k, BAR) * (w - 4) / BAR
            extra = min(m, BAR - min(k, BAR)) * (w - 4) / BAR
            bar.append(tag("rect", x=x + 1, y=1, width=round(full, 1), height=h - 2, rx=3, fill=FILL[c]))
            if m:
                bar.append(
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
        bar.append(tag("text", text, x=x + w // 2 - 2, y=12, text_anchor="middle", font_size=11, fill="#111"))
        parts.append(tag("g", "".join(bar), data_explain=f"piece:{c}"))
    return tag(
        "svg",
        "".join(parts),
        viewBox=f"0 0 {4 * w} {h}",
        width=4 * w,
        height=h,
        role="img",
        aria_label=label,
        class_="tt-vm-pieces",
        style=f"width:100%;max-width:{4 * w}px;min-width:{PIECES_MIN}px;height:auto",  # narrows on a phone
    )


def _badge(text: str, key: str) -> str:
    """Return a small badge that explains itself."""
    return tag("span", text, class_="tt-badge", data_explain=key, style="white-space:nowrap")


def _players(v: View, names: Sequence[str], lang: str) -> str:
    """Return every player: colour, pieces by colour, cards won, joins and stay-outs, running total."""
    head = "".join(tag("th", translate(TEXTS, lang, k)) for k in ("players", "pieces", "total"))
    rows = [tag("tr", head)]
    me = v["viewer"]
    for p in range(v["players"]):
        c = COLOURS[v["colours"][p]]
        dot = tag("span", "●", style=f"color:{FILL[c]}", data_explain=f"piece:{c}")
        badges = []
        if p == v["starter"] and v["phase"] != "over":
            badges.append(_badge(translate(TEXTS, lang, "starter"), "badge:starter"))
        if v["bids"][p] is not None:
            badges.append(_badge(translate(TEXTS, lang, "bid", n=v["bids"][p]), "badge:bid"))
        if v["phase"] == "expand":
            key = "ready" if v["ready"][p] else "choosing"
            badges.append(_badge(translate(TEXTS, lang, key), f"badge:{key}"))
        if v["phase"] in ("join", "raise", "expand"):
            badges.append(
                _badge(translate(TEXTS, lang, "joins", j=v["joined"][p], s=v["stayed"][p]), "joins")
            )
        pieces, made = v["pieces"][p], [0] * len(COLOURS)
        plan = v["plans"][p] if v["phase"] == "expand" else None
        if p == me and plan is not None:
            pieces = [a - b for a, b in zip(pieces, spent(plan), strict=True)]
            for card in chosen(plan):
                made = [m + k for m, k in zip(made, production(card), strict=True)]
        label = f"{names[p]}: {pieces_label(pieces, lang)}"
        cards = "".join(_card_svg(k, lang, 0.5) for k in v["hands"][p])
        won = tag("div", cards, class_="tt-hand-cards", style="gap:0.15rem") if cards else ""
        cells = [
            tag("td", f"{dot} {esc(names[p])} {' '.join(badges)}"),
            tag("td", _pieces_svg(pieces, made, label) + won),
            tag("td", tag("span", str(v["totals"][p]), data_explain="total")),
        ]
        cls = "tt-to-act" if p in v["to_act"] else None
        rows.append(tag("tr", "".join(cells), class_=cls, data_seat=p))
    supply = translate(TEXTS, lang, "supply")
    label = f"{supply}: {pieces_label(v['supply'], lang)}"
    cells = [
        tag("td", tag("span", supply, data_explain="supply")),
        tag("td", _pieces_svg(v["supply"], [0] * len(COLOURS), label)),
        tag("td", ""),
    ]
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
        who = names[virus] if virus is not None else translate(TEXTS, lang, "h_none")
        virus_word = translate(TEXTS, lang, "h_virus")
        cells = [tag("td", translate(TEXTS, lang, "h_who", round=r["round"], virus=virus_word, who=who))]
        for p in range(v["players"]):
            if p == virus:
                text = f"{translate(TEXTS, lang, 'h_virus')} {r['finals'][p]}"
            else:
                loss = f" −{r['money'][p] * VIRUS_VALUE}" if r["money"][p] else ""
                text = f"{r['provisional'][p]}{loss} = {r['finals'][p]}"
            cells.append(tag("td", esc(text)))
        rows.append(tag("tr", "".join(cells), data_round=r["round"]))
    return tag(
        "section",
        tag("h2", translate(TEXTS, lang, "history")) + tag("table", "".join(rows), class_="tt-players"),
        class_="tt-vm-reveal",
        data_explain="reveal",
    )


def _result(v: View, names: Sequence[str], lang: str) -> str:
    """Return the game-over panel: totals by seat, best first (fewer points as the virus first among
    equals), and the winners."""
    result = v["result"]
    if result is None:
        return ""
    order = sorted(range(v["players"]), key=lambda p: (-result["scores"][p], v["virus_points"][p]))
    return tag("div", result_panel(result, names, lang, order=order), class_="tt-side")


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
    deck = tag("span", translate(TEXTS, lang, "deck", n=v["deck"]), data_explain="deck")
    removed = tag("span", translate(TEXTS, lang, "removed", n=len(v["removed"])), data_explain="removed")
    piles = tag("span", dotted([deck, removed], lang), class_="tt-deck")
    parts = [
        tag("header", tag("span", status) + piles, class_="tt-status"),
        tag("p", _prompt(v, names, lang), class_="tt-prompt tt-side", role="status"),
        _result(v, names, lang),
        _role(v, lang),
        _auction(v, names, lang),
        _plan(v, lang),
        _controls(v, legal, lang, selected),
        tag("section", _players(v, names, lang)),
        _history(v, names, lang),
    ]
    return board_root(parts, "tt-virus-money", v["viewer"], phase=v["phase"])


def _who(event: dict[str, Any], names: Sequence[str], lang: str) -> str:
    """Return the seat or seats (a merged run) an event is about."""
    seats = event["ps"] if "ps" in event else [event["p"]]
    return commas((names[p] for p in seats), lang)


def describe(event: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """Return one public event as a sentence for the game log (colours and cards in words)."""
    names = list(names or seat_names(4, lang))
    kind = event["e"]
    if kind == "round":
        return translate(
            TEXTS, lang, "e_round", round=event["round"], rounds=event["rounds"], name=names[event["starter"]]
        )
    if kind == "card":
        return translate(
            TEXTS, lang, "e_card", card=card_name(event["card"], lang), name=names[event["opener"]]
        )
    if kind == "nobody" and "cards" in event:
        aside = commas((card_name(c, lang) for c in event["cards"]), lang)
        run = translate(TEXTS, lang, "e_nobody_run", n=len(event["cards"]), cards=aside)
        return " · ".join([run, *(describe(e, lang, names) for e in event.get("after", []))])
    if kind == "nobody":
        line = translate(TEXTS, lang, "e_nobody", card=card_name(event["card"], lang))
        return " · ".join([line, *(describe(e, lang, names) for e in event.get("after", []))])
    if kind == "tie":
        return translate(TEXTS, lang, "e_tie", card=card_name(event["card"], lang))
    if kind == "win":
        p = event["p"]
        taken = [0] * len(COLOURS)
        for q, b in enumerate(event["bids"]):
            if b is not None and q != p:
                taken[SEAT_COLOURS[len(event["bids"])][q]] += b
        price = counted(event["bids"][p], "piece", lang)
        card = card_name(event["card"], lang)
        if not any(taken):
            return translate(TEXTS, lang, "e_win_alone", name=names[p], card=card, price=price)
        return translate(
            TEXTS, lang, "e_win", name=names[p], card=card, price=price, taken=pieces_label(taken, lang)
        )
    if kind == "raise" and "ps" in event:
        who = _who(event, names, lang)
        return translate(TEXTS, lang, "e_raises", name=who, low=event["low"], to=event["to"])
    if kind == "raise":
        return translate(TEXTS, lang, "e_raise", name=names[event["p"]], to=event["to"])
    if kind == "auctions_end":
        return translate(TEXTS, lang, f"e_end_{event['why']}", n=TARGET_CARDS)
    if kind == "expansions":
        uses = commas(
            (
                plain(TEXTS, lang, "e_uses", name=names[p], cards=counted(len(u), "card", lang))
                for p, u in enumerate(event["used"])
            ),
            lang,
        )
        return translate(TEXTS, lang, "e_expansions", uses=uses)
    if kind == "use":
        cards = event["cards"] if "cards" in event else [event["card"]]
        card = commas((card_name(c, lang) for c in cards), lang)
        paid = pieces_label(paid_counts(event["paid"]), lang)
        return translate(TEXTS, lang, "e_use", name=names[event["p"]], card=card, paid=paid)
    if kind == "expanded":
        cards = commas((card_name(c, lang) for c in event["unused"]), lang)
        return translate(TEXTS, lang, "e_expanded", name=names[event["p"]], cards=cards)
    if kind == "score":
        virus = event["virus"]
        if virus is None:
            who = translate(TEXTS, lang, "e_score_none")
        else:
            who = translate(TEXTS, lang, "e_score_virus", name=names[virus])
        finals = commas((points(names[p], f, lang) for p, f in enumerate(event["finals"])), lang)
        return translate(TEXTS, lang, "e_score", round=event["round"], finals=finals) + who
    if kind == "over":
        totals = commas((points(names[p], t, lang) for p, t in enumerate(event["totals"])), lang)
        return translate(TEXTS, lang, "e_over", totals=totals)
    several = len(event.get("ps", ())) > 1
    return translate(TEXTS, lang, f"e_{kind}_n" if several else f"e_{kind}", name=_who(event, names, lang))


BANNERS = frozenset({"expansions", "score"})  # the plans revealed together; the roles revealed and scored


def chapter(event: dict[str, Any], lang: str = "en") -> str | None:
    """Return the heading of the log group a round's first event opens."""
    if event["e"] != "round":
        return None
    return translate(TEXTS, lang, "chapter", round=event["round"], rounds=event["rounds"])


def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Return one event for two in a row: seats staying out, passing, joining or done choosing
    ("Red, Green stay out"), a raising war ("Red, Green raise in turn from 2 to 9"), one seat's
    cards used ("Red uses ..., paying ..."), or a run of cards nobody joins ("Nobody joins 3 cards in a
    row, set aside: ..."; the card turned up after the run and its stays wait in `after` until it too
    is set aside, or stay on the run's line once somebody joins).

    >>> run = merge({"e": "nobody", "card": "R3"}, {"e": "card", "card": "G3", "opener": 1})
    >>> run = merge(merge(run, {"e": "stay", "p": 1}), {"e": "stay", "p": 2})
    >>> merge(run, {"e": "nobody", "card": "G3"})
    {'e': 'nobody', 'cards': ['R3', 'G3']}
    >>> merge(run, {"e": "join", "p": 0}) is None
    True
    """
    if a["e"] == "nobody":
        after = a.get("after", [])
        if b["e"] == "card" and not after:
            return {**a, "after": [b]}
        if b["e"] == "stay" and after:
            stays = merge(after[-1], b)
            return {**a, "after": [*after[:-1], stays] if stays is not None else [*after, b]}
        if b["e"] == "nobody" and after:
            return {"e": "nobody", "cards": [*(a["cards"] if "cards" in a else [a["card"]]), b["card"]]}
        return None
    if a["e"] == b["e"] and a["e"] in ("stay", "pass", "join", "ready"):
        return {"e": a["e"], "ps": [*a.get("ps", [a.get("p")]), *b.get("ps", [b.get("p")])]}
    if a["e"] == b["e"] == "raise":
        seats = list(dict.fromkeys([*a.get("ps", [a.get("p")]), b["p"]]))
        return {"e": "raise", "ps": seats, "low": a.get("low", a["to"]), "to": b["to"]}
    if a["e"] == b["e"] == "use" and a["p"] == b["p"]:
        cards = [*a.get("cards", [a.get("card")]), *b.get("cards", [b.get("card")])]
        return {"e": "use", "p": a["p"], "cards": cards, "paid": a["paid"] + b["paid"]}
    return None


def action_name(action: str, view: dict[str, Any], lang: str = "en") -> str | None:
    """Return a legal action in words, for the seat of `view`."""
    verb, _, arg = action.partition(":")
    me = view["viewer"]
    own = COLOURS[view["colours"][me]] if me is not None else COLOURS[0]
    if verb == "join":
        card = card_name(view["card"], lang)
        return translate(TEXTS, lang, "a_join", card=card, colour=colour_word(own, lang))
    if verb == "pass" and view["phase"] == "join":
        return translate(TEXTS, lang, "a_stay", card=card_name(view["card"], lang))
    if verb == "pass":
        bid = view["bids"][me] if me is not None else None
        return translate(TEXTS, lang, "a_pass", bid=counted(bid or 0, "piece", lang))
    if verb == "raise":
        return translate(TEXTS, lang, "a_raise", n=counted(int(arg), "piece", lang))
    if verb == "use":
        return translate(TEXTS, lang, "a_use", card=card_name(arg, lang))
    if verb == "pay":
        plan = view["plans"][me] if me is not None and view.get("plans") else None
        paying = plan["paying"] if plan else None
        card = card_name(paying["card"], lang) if paying else ""
        return translate(TEXTS, lang, "a_pay", colour=colour_word(arg, lang), card=card)
    if verb == "done":
        return translate(TEXTS, lang, "a_done")
    return None


def breakdown(view: dict[str, Any], lang: str = "en") -> list[list[tuple[str, int]]]:
    """Return each seat's points by source over the rounds: its own colour, the other colours, virus
    money lost, and what it scored as the virus; they sum to its total."""
    n = view["players"]
    own_n, other_n, money_n, virus_n = [0] * n, [0] * n, [0] * n, [0] * n
    for r in view["history"]:
        for p in range(n):
            if p == r["virus"]:
                virus_n[p] += sum(r["money"])
                continue
            mine = view["colours"][p]
            own_n[p] += r["pieces"][p][mine]
            other_n[p] += sum(k for c, k in enumerate(r["pieces"][p]) if c != mine)
            money_n[p] += r["money"][p]
    out = []
    for p in range(n):
        parts = [
            (plain(TEXTS, lang, "k_own", n=own_n[p], value=OWN_VALUE), own_n[p] * OWN_VALUE),
            (plain(TEXTS, lang, "k_other", n=other_n[p], value=OTHER_VALUE), other_n[p] * OTHER_VALUE),
            (plain(TEXTS, lang, "k_money", n=money_n[p], value=VIRUS_VALUE), -money_n[p] * VIRUS_VALUE),
            (plain(TEXTS, lang, "k_virus", n=virus_n[p], value=VIRUS_VALUE), virus_n[p] * VIRUS_VALUE),
        ]
        out.append([(label, points) for label, points in parts if points] or parts[:1])
    return out


def decided(view: dict[str, Any], names: Sequence[str], lang: str = "en") -> str | None:
    """Return why the winners won: the margin, or the tie-break on points earned as the virus."""
    result = view.get("result")
    if result is None:
        return None
    scores, winners = result["scores"], result["winners"]
    best = scores[winners[0]]
    level = [p for p, s in enumerate(scores) if s == best]
    points = view["virus_points"][winners[0]]
    if len(winners) > 1:
        who = listed([names[p] for p in winners], lang)
        return plain(TEXTS, lang, "d_shared", names=who, score=best, points=points)
    name = names[winners[0]]
    if len(level) > 1:
        who = listed([names[p] for p in level], lang)
        return plain(TEXTS, lang, "d_tie_broken", names=who, score=best, name=name, points=points)
    rest = [p for p in range(len(scores)) if p != winners[0]]
    if not rest:
        return plain(TEXTS, lang, "d_only", name=name, score=best)
    runner = max(rest, key=lambda p: scores[p])
    gap = best - scores[runner]
    return plain(TEXTS, lang, "d_alone", name=name, score=best, gap=gap, next=names[runner])
