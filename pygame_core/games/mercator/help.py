"""How to play Mercator and what each thing on its board is, in English and Japanese.

Every number is formatted in at call time from the rules module's constants (`rules.py`), so a changed
constant changes the text. The texts use the markup of `engine.howto` (plain words, no HTML).

>>> "## " in rules("en") and str(R.START_CHIPS) in rules("ja")
True
>>> explain("card:R", None, "en").startswith("Red goods")
True
"""

import re
from typing import Any

from ...engine.game import View
from ...engine.render import commas, figure, plain, sentences, tag
from . import board as B
from . import rules as R
from .rules import MERCATOR


def _payouts(players: int, lang: str) -> str:
    """Return the payouts by place for a player count: `1st 30, 2nd 20, ...`."""
    return commas((f"{B.ordinal(k + 1, lang)} {x}" for k, x in enumerate(R.PAYOUTS[players])), lang)


def _table_lines(lang: str) -> str:
    """Return the payout table, one list line per player count."""
    head = "- {n}人：" if lang == "ja" else "- {n} players: "
    return "\n".join(head.format(n=n) + _payouts(n, lang) for n in R.PAYOUTS)


def _decks(lang: str) -> str:
    """Return the deck size for each player count."""
    if lang == "ja":
        return "、".join(f"{n}人なら{k}枚" for n, k in R.DECK_SIZES.items())
    return ", ".join(f"{k} cards with {n} players" for n, k in R.DECK_SIZES.items())


def _numbers() -> dict[str, Any]:
    """Return the numbers the texts name, read from the rules module now."""
    colours = len(R.COLOURS)
    return {
        "lo": MERCATOR.min_players,
        "hi": MERCATOR.max_players,
        "cards": len(R.CARDS),
        "colours": colours,
        "vmin": R.VALUES[0],
        "vmax": R.VALUES[-1],
        "per": len(R.VALUES),
        "start": R.START_CHIPS,
        "lot": R.MAX_LOT,
        "hold": R.HOLD,
        "top": R.TRACK - 1,
        "bonus": R.COLOUR_BONUS,
        "games": R.MAX_GAMES,
        "max": R.VALUES[-1] * (R.HOLD - 1) + R.VALUES[-2],
    }


EN = """## The goal

You are a merchant of ancient Rome with one ship in port. Buy goods at auction, fill your ship with the
most valuable cargo you can afford, and sell it in Rome. Whoever holds the most chips after the sale wins.
Every chip you bid is a chip you no longer have: a rich cargo bought too dearly loses to a modest one
bought cheaply.

## What is in the game

- **{cards} goods cards** in {colours} colours ({colour_names}), each colour with the
values {vmin} to {vmax}. A card's value is what it adds to your cargo.
- **Chips**: every merchant starts with {start}. At a real table they are held secretly; here the board
shows everyone's count, because every price paid is announced (see below).
- **A ship** per merchant, which loads at most **{hold} cards**. A card once loaded stays.
- **The cargo track**, squares 0 to {top}: each merchant's pawn shows the total value in their ship.
- **The payout table**: what the sale in Rome pays for the most valuable cargo, the second, and so on.

[[figure:lot]]

## Setup

Shuffle all {cards} cards and keep only part of them as the face-down deck: {decks}. The rest are set
aside unseen for the whole game, so nobody knows exactly which goods will come. Every merchant takes
{start} chips and puts their pawn on 0. The first merchant is chosen; in a series the first turn moves
one seat on each game.

## A turn, step by step

1. **Turn cards.** The merchant whose turn it is (the one who turns the cards) turns the top card of the
deck face up. Then they may turn a second, and then a third: never more than {lot}. All the turned cards
form one **lot**, sold together. A card can only be turned if some ship still has room for the whole lot.
2. **Auction.** Everyone whose ship has room for the whole lot bids, the merchant who turned the cards
too. A merchant whose ship would overflow sits out: the board says so beside their name.
3. **Sealed bids.** Each bidder secretly holds any number of their chips in a closed fist; nothing (0)
is allowed. When all have chosen, the fists open together. The highest bid buys the lot and pays it to
the bank; nobody else pays anything.
4. **Ties** go to the first tied bidder clockwise from the left of the merchant who turned the cards;
that merchant counts as last and loses every tie.
5. **Nobody bids** (every fist empty): the lot is set aside, out of the game.
6. The next merchant clockwise whose ship is not full takes the next turn. A full ship neither turns
cards nor bids any more.

## Every action and what it costs

- **Turn another card**: free. The lot grows, and so does the price others may pay for it.
- **Auction the lot**: free; the auction starts at once.
- **Bid**: any amount from 0 to all your chips. Only the winner pays, and the chips go to the bank.
- **Open auction** (an option): instead of fists, bidders are asked in turn from the turner's left. You
**raise** to more than the highest bid (at most your chips) or **drop out** of this lot for good. When
everyone else has dropped, the highest bidder buys the lot for their bid. If everyone drops before any
bid, the lot is set aside.

## The end and the sale in Rome

The auctions end when every ship but one is full: the last merchant then fills their ship from the deck
for free, without choosing. They also end when the deck runs out, even with ships not full.

Each ship's cargo is the sum of its card values (at most {max}). The ships are ranked by cargo and the
bank pays by place. The payout depends on the number of merchants:

{payouts}

[[figure:payout]]

Ships with equal cargo add up the payouts of the places they take together and share them equally,
rounded down (the remainder stays in the bank). Places below the table are paid nothing, an empty ship
included. Your chips after the sale are your score; the richest merchant wins, and equal scores share
the victory.

## Options

- **Colour bonus**: a full ship of {hold} cards showing all {colours} colours counts {bonus} more at
the sale. A ship the deck left short of {hold} cards does not earn it. The board shows the bonus in the
cargo column and moves the pawn on the track, which gains {bonus} squares for it.
- **Open auction**: raises one after another instead of sealed fists, as described above.
- **Series**: play up to {games} games in a row. Each game is dealt afresh and every merchant starts it
with {start} chips; the chips each merchant holds after each sale are added up, and the highest total
wins.

## What the board counts for you

Chips are secret at a real table, but every winning price is announced and chips change only by paying
for a lot, so a careful merchant can count everyone's chips. The board does that counting for you: the
merchants' table shows each rival's chips as {start} minus the prices they paid. The bots count the same
way and know nothing more: not the deck's order, not the cards set aside, not a bid before the fists
open. Tap anything on the board to learn what it is.
"""

JA = """## 目的

あなたは古代ローマの商人で、港に一隻の船を持っています。競りで商品を買い、払える範囲でできるだけ価値の高い
積荷で船を満たし、ローマで売ります。売却の後に最も多くのチップを持っている商人の勝ちです。競りに出したチッ
プは手元から消えます。高すぎる値で買った豪華な積荷は、安く買った手ごろな積荷に負けることがあります。

## 内容物

- **商品カード{cards}枚**：{colours}色（{colour_names}）で、各色に{vmin}から{vmax}の値があります。
カードの値が積荷の価値に加わります。
- **チップ**：各商人は{start}チップで始めます。実際の卓では隠して持ちますが、落札額はすべて公表されるので、
この盤面は全員のチップを数えて表示します（下記）。
- **船**：商人ごとに一隻、最大**{hold}枚**まで積めます。積んだカードは返せません。
- **積荷の価値の表**：0から{top}までのマスで、各商人のポーンが船の積荷の合計価値を示します。
- **支払い表**：ローマでの売却で、最も価値の高い積荷、二番目、と順に支払われる額です。

[[figure:lot]]

## 準備

{cards}枚のカードをすべて切り混ぜ、その一部だけを裏向きの山札にします：{decks}。残りは誰も見ないままゲーム
から取り除くので、どの商品が出てくるかは誰にも分かりません。各商人は{start}チップを受け取り、ポーンを0に置
きます。最初の手番を決めます。シリーズでは、ゲームごとに最初の手番が一つ隣へ移ります。

## 手番の流れ

1. **カードをめくる。**手番の商人は山札の一番上のカードを表にします。望むなら二枚目、さらに三枚目もめくれ
ます。最大{lot}枚です。めくったカードは一組の**商品**として、まとめて競りにかけられます。どこかの船に組全体
を積む余地があるときだけ、カードをめくれます。
2. **競り。**組全体を積める船を持つ商人は全員、めくった本人も含めて入札します。積むとあふれてしまう商人は
参加できず、盤面では名前の横にその理由が表示されます。
3. **握りの入札。**入札者はそれぞれ自分のチップを好きなだけ拳に握ります。何も握らない（0）こともできます。
全員が決めたら同時に拳を開きます。最も高い値を付けた商人が商品を買い、その額を銀行に払います。
他の商人は何も払いません。
4. **同点**のときは、カードをめくった商人の左から時計回りで最初の商人が勝ちます。めくった本人は末席で、
同点では必ず負けます。
5. **誰も入札しない**（全員の拳が空）ときは、商品はゲームから取り除かれます。
6. 船が満杯でない次の商人が、時計回りに次の手番を行います。満杯の船の商人は、もうカードをめくることも入札す
ることもありません。

## 行動とそのコスト

- **もう一枚めくる**：無料。商品が増え、他の商人が払ってもよいと思う額も上がります。
- **競りにかける**：無料。すぐに競りが始まります。
- **入札**：0から所持チップすべてまでの好きな額。払うのは落札者だけで、チップは銀行に払います。
- **公開競り**（オプション）：拳の代わりに、めくった商人の左から順に尋ねます。最高値より高い額（所持チップ
まで）に**値を上げる**か、この商品から**降りる**かを選びます。他の全員が降りたら、最高値の商人がその額で買
います。誰も値を付けずに全員が降りたら、商品は取り除かれます。

## 終了とローマでの売却

一隻を除くすべての船が満杯になったら競りは終わり、最後の商人は山札から無料で船を満杯にします（選べません）
。船が満杯でなくても、山札が尽きたら競りは終わります。

各船の積荷の価値はカードの値の合計です（最大{max}）。積荷の価値の順に並べ、銀行が順位に応じて支払います。
支払い額は商人の人数で変わります：

{payouts}

[[figure:payout]]

積荷の価値が同じ船は、占める順位の支払いを合計して等分します（端数は切り捨て、残りは銀行のもの）
。表にない順位は何も受け取りません。空の船も同じです。売却後のチップが得点で、最も裕福な商人の勝ちです。
同点なら勝利を分け合います。

## オプション

- **色ボーナス**：{hold}枚で満杯の船に{colours}色すべてがそろっていれば、売却時に価値が{bonus}増えます。
山札が尽きて{hold}枚に届かなかった船は得られません。盤面では価値の欄にボーナスを表示し、ポーンもその分進み
ます（積荷の価値の表が{bonus}マス延びます）。
- **公開競り**：上で説明したように、拳の代わりに順に値を上げます。
- **シリーズ**：最大{games}ゲームを続けて遊びます。ゲームごとに配り直し、各商人は{start}チップで始めます。
売却後のチップをゲームごとに合計し、合計の最も多い商人が勝ちます。

## 盤面が数えてくれること

実際の卓ではチップは秘密ですが、落札額はすべて公表され、チップは商品の支払いでしか減らないので、
注意深い商人は全員のチップを数えられます。この盤面はその計算を代わりに行い、商人の表に各商人のチップを{sta
rt}から支払った額を引いた値で示します。ボットも同じように数えるだけで、それ以上は知りません。山札の順番も、
取り除いたカードも、拳を開く前の入札額も知りません。盤面の何かをタップすると、それが何かを説明します。
"""


BLOCK_START = re.compile(r"^(- |#+ |\d+\. |\[\[|$)")


def unwrapped(text: str) -> str:
    """Return Japanese source text with its wrapped lines joined without a space (the markup would put
    one in), keeping headings, list items, figures and blank lines on lines of their own.

    >>> unwrapped("## 目的\\n一行目の\\n続き。\\n\\n- 項目\\nの続き")
    '## 目的\\n一行目の続き。\\n\\n- 項目の続き'
    """
    out: list[str] = []
    for line in text.split("\n"):
        if out and out[-1] and not out[-1].startswith("#") and not BLOCK_START.match(line):
            out[-1] += line
        else:
            out.append(line)
    return "\n".join(out)


def rules(lang: str) -> str:
    """Return how to play Mercator in `lang` (rules markup), every number from the rules module."""
    text = unwrapped(JA) if lang == "ja" else EN
    names = commas((plain(B.TEXTS, lang, c) for c in R.COLOURS), lang)
    return text.format(payouts=_table_lines(lang), decks=_decks(lang), colour_names=names, **_numbers())


FIGURE_LOT = ("R7", "B3", "Y10")


def figures(lang: str) -> dict[str, str]:
    """Return the rules' pictures, drawn by the board's own code: a lot of three cards, the payout table
    for every player count in one grid."""
    lot = "".join(B.card_chip(c, lang, big=True) for c in FIGURE_LOT)
    return {"lot": tag("div", lot, class_="tt-hand-cards"), "payout": B.payout_grid(lang)}


# -- Explanations on tap: what a thing is, then what it does now.

EXPLAIN: dict[str, dict[str, str]] = {
    "en": {
        "card": "{Name} goods: {per} cards valued {vmin} to {vmax}. A card adds its value to the cargo of "
        "the ship that loads it.",
        "card_now": "{Name} cards seen so far: {seen}, worth {sum} in all; not seen yet: {unseen}.",
        "lot": "The lot: the cards turned this turn, sold together in one auction. Up to {lot} cards may be "
        "turned, and only while some ship has room for all of them.",
        "lot_now": "Now: {cards}, worth {worth}. Bidding: {bidders}.",
        "lot_none": "No lot is on offer now.",
        "ship": "A ship loads at most {hold} cards; a loaded card stays. A full ship no longer turns cards "
        "or bids.",
        "ship_now": "Room left: {rooms}.",
        "track": "The cargo track, 0 to {top}: each pawn stands on its ship's cargo value, the sum of its "
        "cards (with the colour bonus once earned, when it is played). The sale pays by this order.",
        "track_now": "Now: {values}.",
        "cargo": "Cargo: the sum of the values in a ship, which decides its place at the sale.",
        "cargo_bonus": "With the colour bonus, a full ship of {hold} cards showing all {colours} colours "
        "counts {bonus} more.",
        "chips": "Chips left. Each merchant started with {start}. Chips change only by paying for a lot, and "
        "every winning price is announced, so the board counts the others' chips for you: {start} minus "
        "what they paid. The bots count the same way.",
        "chips_now": "Counted now: {counts}.",
        "total": "The series total: the chips each merchant held after each game's sale, added up.",
        "total_now": "Game {game} of {games}; totals so far: {totals}.",
        "bids": "The last auction: every bid opened at once. The highest bid bought the lot; ties go "
        "clockwise from the left of the merchant who turned the cards, who loses every tie.",
        "bids_open": "The last auction, bid openly: merchants raised in turn from the turner's left or "
        "dropped out, and the last one left bought the lot for their bid.",
        "payout": "The sale in Rome pays by place. With {n} merchants: {table}; places below pay nothing. "
        "Equal cargoes add up their places' payouts and share them, rounded down.",
        "payout_now": "If the cargoes were sold now: {now}.",
        "bonus": "Colour bonus (an option): a full ship of {hold} cards with all {colours} colours counts "
        "{bonus} more at the sale. A ship left short of {hold} cards does not earn it.",
        "bonus_off": "It is not played in this game.",
        "bonus_now": "Earned now by: {who}.",
        "deck": "The deck: {decks}. The rest were set aside unseen. When it runs out, the auctions end.",
        "deck_now": "Cards left in the deck: {deck}; set aside unseen at the start: {removed}.",
        "discarded": "Lots nobody bid on, set aside for the rest of the game.",
        "discarded_now": "Set aside so far: {cards}.",
        "badge:active": "This merchant turns the cards this turn and runs the auction. They bid too, but "
        "lose every tie.",
        "badge:full": "This ship is full ({hold} cards): the merchant neither turns cards nor bids any more.",
        "badge:bid_in": "This merchant has closed their fist: the bid is in, secret until all fists open.",
        "badge:out": "This merchant dropped out of the open auction for this lot.",
        "badge:leads": "The highest bid so far in the open auction. Others must bid more or drop out.",
        "badge:sits_out": "This merchant sits out this auction: the lot has more cards than their ship has "
        "room for.",
        "bids_now": "Opened: {bids}. {result}",
        "none": "nobody",
        "nothing": "none",
    },
    "ja": {
        "card": "{Name}の商品：値{vmin}から{vmax}のカードが{per}枚。積んだ船の積荷に、その値が加わります。",
        "card_now": "これまでに見えた{name}のカード：{seen}枚（値の合計{sum}）。まだ見えていないもの：{un"
        "seen}枚。",
        "lot": "商品：この手番にめくったカードで、一度の競りでまとめて売られます。めくれるのは最大{lot}枚"
        "で、どこかの船に全部積める間だけです。",
        "lot_now": "今：{cards}、価値{worth}。入札者：{bidders}。",
        "lot_none": "今は売りに出ている商品はありません。",
        "ship": "船には最大{hold}枚まで積めます。積んだカードは返せません。満杯の船の商人は、"
        "もうカードをめくることも入札することもありません。",
        "ship_now": "空き：{rooms}。",
        "track": "積荷の価値の表（0から{top}）：各ポーンは船の積荷の価値、つまりカードの値の合計のマスにい"
        "ます（色ボーナスを使うときは、得たボーナスを含みます）。売却はこの順で支払われます。",
        "track_now": "今：{values}。",
        "cargo": "価値：船のカードの値の合計です。売却での順位を決めます。",
        "cargo_bonus": "色ボーナスでは、{colours}色すべてがそろった{hold}枚で満杯の船の価値が{bonus}増えま"
        "す。",
        "chips": "残りのチップ。各商人は{start}チップで始めました。チップは商品の支払いでしか減らず、"
        "落札額はすべて公表されるので、盤面が他の商人のチップを数えて示します（{start}から支払った額を引く"
        "）。ボットも同じように数えます。",
        "chips_now": "今の数：{counts}。",
        "total": "シリーズの合計：各ゲームの売却後に各商人が持っていたチップの合計です。",
        "total_now": "第{game}/{games}ゲーム。ここまでの合計：{totals}。",
        "bids": "直前の競り：全員の競り値を同時に公開しました。最高値の商人が商品を買いました。"
        "同点ならカードをめくった商人の左から時計回りで優先され、めくった本人は必ず負けます。",
        "bids_open": "直前の競り（公開競り）：めくった商人の左から順に値を上げるか降り、"
        "最後に残った商人がその額で商品を買いました。",
        "payout": "ローマでの売却は順位で支払われます。{n}人では{table}。表にない順位は何も受け取りません"
        "。同じ価値の積荷は、占める順位の支払いを合計して等分します（端数切り捨て）。",
        "payout_now": "今売却すると：{now}。",
        "bonus": "色ボーナス（オプション）：{colours}色すべてがそろった{hold}枚で満杯の船は、"
        "売却時に価値が{bonus}増えます。{hold}枚に届かなかった船は得られません。",
        "bonus_off": "このゲームでは使いません。",
        "bonus_now": "今得ている商人：{who}。",
        "deck": "山札：{decks}。残りは誰も見ないまま取り除かれています。山札が尽きると競りは終わります。",
        "deck_now": "今は残り{deck}枚。最初に{removed}枚が見えないまま取り除かれました。",
        "discarded": "誰も入札しなかった商品で、ゲームの終わりまで取り除かれています。",
        "discarded_now": "これまでに取り除かれた商品：{cards}。",
        "badge:active": "この手番でカードをめくり、競りを仕切る商人です。自分も入札しますが、"
        "同点では必ず負けます。",
        "badge:full": "この船は満杯（{hold}枚）です。この商人はもうカードをめくることも入札することもあり"
        "ません。",
        "badge:bid_in": "この商人は拳を握りました。入札は決まっていて、全員が拳を開くまで秘密です。",
        "badge:out": "この商人は、この商品の公開競りから降りました。",
        "badge:leads": "公開競りのここまでの最高値です。他の商人はそれより高く付けるか降ります。",
        "badge:sits_out": "この商人はこの競りに参加できません。商品の枚数が船の空きより多いからです。",
        "bids_now": "公開された競り値：{bids}。{result}",
        "none": "なし",
        "nothing": "なし",
    },
}


KEYS = frozenset(
    {"lot", "ship", "track", "cargo", "chips", "total", "bids", "payout", "bonus", "deck", "discarded"}
)


def _x(lang: str, key: str, **fields: object) -> str:
    """Return an explanation text in `lang` (English if missing), its fields filled in."""
    texts = EXPLAIN["ja"] if lang == "ja" else EXPLAIN["en"]
    return (texts.get(key) or EXPLAIN["en"][key]).format(**fields)


def _names(v: View, lang: str) -> list[str]:
    """Return the default seat names for a view."""
    return B.seat_names(v["players"], lang)


def _list(items: list[str], lang: str) -> str:
    """Return items joined in `lang`, or the word for nobody."""
    return commas(items, lang) if items else _x(lang, "none")


def _card_now(c: str, v: View, lang: str) -> str:
    """Return what is known now of one colour's cards."""
    seen = [x for x in [*(y for h in v["holds"] for y in h), *v["lot"], *v["discarded"]] if R.colour(x) == c]
    name = plain(B.TEXTS, lang, c)
    title = name[:1].upper() + name[1:]
    return _x(
        lang,
        "card_now",
        name=name,
        Name=title,
        seen=len(seen),
        sum=R.cargo(seen),
        unseen=len(R.VALUES) - len(seen),
    )


def explain(key: str, view: View | None, lang: str) -> str | None:
    """Return what the thing marked `data-explain="<key>"` is and, given a view, what it does now."""
    nums = _numbers()
    v = view
    if key.startswith("card:") and key[5:] in R.COLOURS:
        c = key[5:]
        name = plain(B.TEXTS, lang, c)
        text = _x(lang, "card", Name=name[:1].upper() + name[1:], **nums)
        return sentences([text, "" if v is None else _card_now(c, v, lang)], lang)
    if key.startswith("badge:") and key in EXPLAIN["en"]:
        return _x(lang, key, **nums)
    if key not in KEYS:
        return None
    players = v["players"] if v is not None else MERCATOR.min_players
    table = _payouts(players, lang)
    if key == "cargo" and (v is None or v["colour_bonus"]):
        return sentences([_x(lang, "cargo"), _x(lang, "cargo_bonus", **nums)], lang)
    if key == "bids" and v is not None and v["open"]:
        key = "bids_open"
    text = _x(lang, key, n=players, table=table, decks=_decks(lang), **nums)
    now = "" if v is None else _now(key, v, lang)
    return sentences([text, now], lang)


def _now(key: str, v: View, lang: str) -> str:
    """Return what the explained thing shows or does in this view ("" if nothing more to say)."""
    names = _names(v, lang)
    n = v["players"]
    if key == "lot":
        if not v["lot"]:
            return _x(lang, "lot_none")
        bidders = v["bidders"] or [p for p in range(n) if R.HOLD - len(v["holds"][p]) >= len(v["lot"])]
        return _x(
            lang,
            "lot_now",
            cards=B.cards_label(v["lot"], lang),
            worth=R.cargo(v["lot"]),
            bidders=_list([names[p] for p in bidders], lang),
        )
    if key == "ship":
        return _x(
            lang,
            "ship_now",
            rooms=_list([figure(names[p], R.HOLD - len(h), lang) for p, h in enumerate(v["holds"])], lang),
        )
    if key == "track":
        values = B.sale_values(v)
        return _x(
            lang, "track_now", values=_list([figure(names[p], x, lang) for p, x in enumerate(values)], lang)
        )
    if key == "chips":
        counts = [
            figure(names[p], c if c is not None else R.START_CHIPS - v["paid"][p], lang)
            for p, c in enumerate(v["chips"])
        ]
        return _x(lang, "chips_now", counts=_list(counts, lang))
    if key == "total":
        totals = _list([figure(names[p], t, lang) for p, t in enumerate(v["totals"])], lang)
        return _x(lang, "total_now", game=v["game_no"], games=v["games"], totals=totals)
    if key == "payout":
        values = B.sale_values(v)
        pay = R.payouts(values, n)
        return _x(lang, "payout_now", now=_list([figure(names[p], x, lang) for p, x in enumerate(pay)], lang))
    if key == "bonus":
        if not v["colour_bonus"]:
            return _x(lang, "bonus_off")
        who = [names[p] for p, h in enumerate(v["holds"]) if R.earns_bonus(h)]
        return _x(lang, "bonus_now", who=_list(who, lang))
    if key == "deck":
        return _x(lang, "deck_now", deck=v["deck"], removed=v["removed"])
    if key == "discarded":
        return _x(lang, "discarded_now", cards=B.cards_label(v["discarded"], lang) or _x(lang, "nothing"))
    if key in ("bids", "bids_open") and v["last"] is not None:
        last = v["last"]
        bids = [figure(names[p], b, lang) for p, b in enumerate(last["bids"] or []) if b is not None]
        if last["winner"] is None:
            result = B.unescaped(lang, "r_none")
        else:
            result = B.unescaped(lang, "r_won", name=names[last["winner"]], price=last["price"])
        result += "." if lang == "en" else "。"
        if last["bids"] is None:  # an open auction: the raises were public one by one
            return result
        return _x(lang, "bids_now", bids=_list(bids, lang), result=result)
    return ""


# Each kind of action (its verb) in words, for the reasons of hints and reviews.
KINDS = {
    "en": {"turn": "turning cards", "auction": "starting auctions", "bid": "bids"},
    "ja": {"turn": "カードをめくる手", "auction": "競りの開始", "bid": "入札"},
}
