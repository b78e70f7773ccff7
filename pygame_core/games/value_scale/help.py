"""How to play Value Scale and what each thing on its board is, in English and Japanese.

Every number is formatted in from the rules module's constants when a text is asked for, so a changed
constant changes the text. The figures are drawn by the board's own code.

>>> "## " in rules("en") and "## " in rules("ja")
True
"""

import re
from math import ceil
from typing import Any

from ...engine.render import commas, listed, plain, sentences, tag
from . import board
from . import rules as r
from .board import TEXTS, card_label, coin_count, coins_label, value_icons

View = dict[str, Any]


def _numbers(lang: str) -> dict[str, object]:
    """Return every number and name the rules text uses, read from the rules module now."""
    goods_cards = sum(len(cards) for cards in r.GOODS_CARDS.values())
    specials = len(r.CURRENCIES)
    cards = goods_cards + 2 * specials
    deck = cards - r.ROW
    game = r.VALUE_SCALE
    names = {c: plain(TEXTS, lang, c + "s") for c in r.CURRENCIES}
    first, second = "M3x3", "M5x2"  # the rulebook's own example
    return {
        "min": game.min_players,
        "max": game.max_players,
        "start": listed(
            [coin_count(c, k, lang) for c, k in zip(r.CURRENCIES, r.START_COINS, strict=True)], lang
        ),
        "purse": sum(r.START_COINS),
        "base": r.BASE_VALUE,
        "surges": listed(
            [f"{names[c]} {r.SURGE_VALUES[c]}" for c in r.CURRENCIES]
            if lang == "en"
            else [f"{names[c]}{r.SURGE_VALUES[c]}点" for c in r.CURRENCIES],
            lang,
        ),
        "crash": r.CRASH_VALUE,
        "currencies": listed(list(names.values()), lang),
        "n_cur": len(r.CURRENCIES),
        "n_goods": len(r.GOODS),
        "cards": cards,
        "goods_cards": goods_cards,
        "specials": specials,
        "row": r.ROW,
        "offer": r.MAX_OFFER,
        "deck": deck,
        "fewest": ceil(deck / r.MAX_OFFER),
        "most": deck,
        "goods": listed([plain(TEXTS, lang, g) for g in r.GOODS], lang),
        "lists": "\n".join(
            f"- **{plain(TEXTS, lang, g)}**{COLON[lang]}"
            + commas((value_icons(v, i, lang) for v, i in r.GOODS_CARDS[g]), lang)
            for g in r.GOODS
        ),
        "a": card_label(first, lang),
        "b": card_label(second, lang),
        "a_icons": r.icons(first),
        "b_icons": r.icons(second),
        "all_icons": r.icons(first) + r.icons(second),
        "a_value": r.card_value(first),
        "b_value": r.card_value(second),
        "ab": r.goods_score([first, second]),
        "ba": r.goods_score([second, first]),
    }


RULES = {
    "en": """## Goal

Buy goods at auction and keep your coins worth something. At the end you score every goods stack you
built plus every coin you hold, at the worth the value scale gives it for you. The most points wins;
tied top scores share the win.

## Components

- **Coins** in {n_cur} currencies: {currencies}. Each of {min} to {max} players starts with {start}
  ({purse} coins).
- **{cards} cards**: {goods_cards} goods cards of {n_goods} goods ({goods}), each with a value and a number
  of icons; {specials} surge cards and {specials} crash cards, one of each per currency.
- The **dealer** marker, which passes to the left after every auction.

The goods cards, as value × icons:

{lists}

[[figure:cards]]

## Setup

Everyone takes their coins. Shuffle all the cards into a face-down deck and turn {row} face up. The first
seat is the dealer.

## A turn: one auction, step by step

1. **Offer.** The dealer puts up one or up to {offer} of the face-up cards; a crash card always goes alone.
2. **Open mode: the starter.** The dealer names the seat that starts, possibly itself. (Sealed mode starts
   at once.)
3. **Auction** of the lot, in the game's mode (below). A crash card has its own auction.
4. **Coins from the middle.** What the winner paid is shared out, one coin at a time (below).
5. **The lot.** The winner puts each goods card on its stack of that good, the newest on top (two of one
   good at once: the higher value on top), and a surge card in front of it.
6. **Refill.** Turn as many cards as were offered. If the deck is now empty the game ends at once;
   otherwise the next seat to the left deals. A game has {fewest} to {most} auctions.

## Every action and what it costs

- **Offer** (dealer): free.
- **Name the starter** (dealer, open mode): free.
- **Bid** a total number of coins, more than the bid before (the first may be 0), never more than you
  hold: costs nothing until you win.
- **Drop out**: free; you are out of this auction.
- **Pay** (the winner of an open auction): the price in any mix of currencies. Choose cheap coins: a
  coin worth less to you costs you less.
- **Take a coin** from the middle: you gain one coin; **take the rest in order**: the same in each of
  your turns of this pick-up, the coin worth most to you first.
- **Pay a coin** into a crash auction: one coin of any other currency than the crashing one.
- **Take the crash card** with every coin in the middle: ends that auction.
- **Seal a fist** (sealed mode): the coins you bid, in any mix.

## Open auction

Starting at the named seat and going clockwise, each seat still in bids or drops out. When everyone
else has dropped, the high bidder wins and then chooses which coins pay the price. If nobody bids, the
lot goes back in the box, out of the game.

## Sealed bids

Everyone secretly puts coins in a fist and all fists open together. The most coins wins (a tie goes to
the tied seat nearest the dealer going clockwise, the dealer first) and pays the coins in its fist;
everyone else keeps theirs. If every fist is empty, the lot goes back in the box.

## Crash cards

In open mode, from the named seat clockwise, each seat pays one coin (never of the crashing currency)
into the middle, or takes the crash card and every coin there. A seat with no other coin must take it.
In sealed mode everyone seals the coins they pay, without the crashing currency; the fewest coins takes
the card and all the coins sealed (a tie goes to the tied seat nearest the dealer's right, going
counter-clockwise).

## Coin pick-up

After a won auction, the coins paid lie in the middle. Starting with the dealer (or the dealer's right
if the dealer won) and going counter-clockwise, each other seat takes one coin of a currency still
there, round and round until the middle is empty. Once only one currency is left, the rest is dealt out
in turn without asking. The board shows the pick order. Pick each coin yourself, or tap **take the rest
in order**: from then on, each of your turns in this pick-up takes the coin left that is worth most to
you (ducats, then florins, then guilders on a tie), without asking you again.

## The end and scoring

The game ends as soon as the deck is empty; cards still face up score nothing.

- **Goods:** each stack scores all its icons times the value of its top card, the last one acquired.
  {a} then {b} is {all_icons} × {b_value} = **{ab}**; the other way round {all_icons} × {a_value} = **{ba}**.
- **Coins:** {base} point each. The holder of a currency's surge card counts it higher: {surges}. The
  holder of its crash card counts it {crash}, also with the surge.

[[figure:stack]]

[[figure:scale]]

## What you can see

Your coins are yours to keep behind your hand, but every coin that moves does so in sight of the whole
table: prices paid, coins taken, crash coins and opened fists. A careful player can count every purse,
so the board shows each seat's counted coins, and the bots know no more than that.
""",
    "ja": """## 目的

競りで品物を買い、手持ちの通貨の価値も守りましょう。ゲーム終了時、集めた品物の山と手持ちの通貨を、
バリュースケールが自分に与える価値で得点にします。最も得点の高い人の勝ちです。同点首位はともに勝利です。

## 内容物

- **通貨**：{currencies}の{n_cur}種類。プレイヤーは{min}〜{max}人で、各自{start}（計{purse}枚）から始めます。
- **カード{cards}枚**：{goods}の{n_goods}種類の品物カードが{goods_cards}枚（それぞれ価値とアイコンの数が
  あります）、通貨ごとに1枚ずつの高騰カード{specials}枚と暴落カード{specials}枚です。
- **ディーラー**の目印。競りが終わるたびに左隣へ渡ります。

品物カード（価値×アイコン）：

{lists}

[[figure:cards]]

## 準備

各自が通貨を受け取ります。カードをすべて混ぜて裏向きの山札にし、{row}枚を表向きに並べます。最初の席が
ディーラーです。

## 手番の流れ：1回の競り

1. **出品。**ディーラーが表向きのカードを1枚か最大{offer}枚まで競りにかけます。暴落カードは必ず1枚だけです。
2. **オークション方式のみ：開始プレイヤー。**ディーラーが最初に競る人を指名します（自分でも構いません）。
   入札方式ではすぐに始まります。
3. **競り。**ゲームの方式で行います（後述）。暴落カードは専用の競りになります。
4. **中央の通貨の分配。**落札者が支払った通貨を、1枚ずつ分け合います（後述）。
5. **獲得。**落札者は品物カードをその品物の山の一番上に置きます（同じ品物を2枚同時なら価値の高いほうを
   上にします）。高騰カードは自分の前に置きます。
6. **補充。**競りにかけた枚数だけ山札からめくります。山札がなくなったらただちにゲーム終了です。
   そうでなければ左隣が次のディーラーです。1ゲームの競りは{fewest}〜{most}回です。

## 行動とそのコスト

- **出品**（ディーラー）：無料。
- **開始プレイヤーの指名**（ディーラー、オークション方式）：無料。
- **競り値をつける**：通貨の合計枚数で、前の値より多く（最初は0でも可）、所持枚数以下。落札するまで
  支払いはありません。
- **降りる**：無料。その競りにはもう参加できません。
- **支払う**（オークション方式の落札者）：落札額を好きな通貨の組み合わせで。自分にとって価値の低い
  通貨ほど安く済みます。
- **中央の通貨を取る**：通貨を1枚得ます。**残りを順に取る**：この分配の自分の番ごとに、自分に最も価値の
  高い通貨を取ります。
- **暴落の競りで1枚支払う**：暴落する通貨以外の通貨を1枚、中央に出します。
- **暴落カードを引き取る**：中央の通貨をすべて得て、その競りが終わります。
- **握って入札する**（入札方式）：好きな組み合わせの通貨を握ります。

## オークション方式

指名された人から時計回りに、残っている人が値をつけるか降ります。ほかの全員が降りたら最高値の人が落札し、
支払う通貨の内訳を決めます。誰も値をつけなければ、そのカードは箱に戻りゲームから除かれます。

## 入札方式

全員がこっそり通貨を握り、いっせいに公開します。最も多く握った人が落札し（同数ならディーラーから
時計回りで最も近い人、ディーラーが最優先）、握った通貨を支払います。ほかの人は通貨を手元に戻します。
全員が0枚なら、カードは箱に戻ります。

## 暴落カード

オークション方式では、指名された人から時計回りに、暴落する通貨以外の通貨を1枚中央に支払うか、
暴落カードと中央の通貨すべてを引き取ります。ほかの通貨を持たない人は引き取るしかありません。
入札方式では全員が支払う通貨（暴落する通貨以外）を握り、最も少ない人がカードと握られた通貨すべてを
引き取ります（同数ならディーラーの右隣から反時計回りで最も近い人）。

## 中央の通貨の分配

落札後、支払われた通貨は中央に置かれます。ディーラーから（ディーラーが落札したらその右隣から）
反時計回りに、落札者以外が残っている通貨を1枚ずつ、中央が空になるまで順に取ります。残りが1種類に
なったら、あとは順番どおり自動で配られます。盤面に取る順番が出ます。1枚ずつ選ぶか、
**残りを順に取る**を押します。押すと、この分配の自分の番ごとに、残っている中で自分に最も価値の高い通貨
（同じならダカット、フローリン、ギルダーの順）を、もう尋ねられずに取ります。

## ゲームの終了と得点

山札がなくなった時点でゲーム終了です。表向きに残ったカードは得点になりません。

- **品物：**山ごとに、すべてのアイコンの数×一番上のカード（最後に獲得したカード）の価値。
  {a}のあとに{b}なら{all_icons}×{b_value}＝**{ab}点**、逆の順なら{all_icons}×{a_value}＝**{ba}点**です。
- **通貨：**1枚{base}点。その通貨の高騰カードを持つ人は高く数えます：{surges}。暴落カードを持つ人は
  {crash}点です（高騰カードを持っていても）。

[[figure:stack]]

[[figure:scale]]

## 見えている情報

手持ちの通貨は手元に隠して構いませんが、動く通貨はすべて全員の前で動きます（支払い、取った通貨、暴落の
競りの通貨、公開された入札）。注意深く数えれば全員の所持数がわかるので、盤面には各席の数えた通貨を
表示します。ボットもそれ以上のことは知りません。
""",
}


COLON = {"en": ": ", "ja": "："}
# A line break inside a Japanese paragraph or list item joins without a space.
JA_CONTINUED = re.compile(r"(?<!\n)\n *(?!- |\d+\. |## |\[\[)(?=\S)")


def rules(lang: str) -> str:
    """Return how to play in the rules markup of `engine.howto`, every number read from the rules now."""
    lang = lang if lang in RULES else "en"
    text = RULES[lang].format(**_numbers(lang))
    return JA_CONTINUED.sub("", text) if lang == "ja" else text


def figures(lang: str) -> dict[str, str]:
    """Return the rules' pictures, drawn with the board's own pieces: the three kinds of card, the
    rulebook's stack example and the value scale."""
    kinds = ("M5x2", r.SURGE + r.CURRENCIES[0], r.CRASH + r.CURRENCIES[1])
    cards = "".join(board.card_svg(c, 4 + i * 84, 4, 76, 104, lang) for i, c in enumerate(kinds))
    first, second = "M3x3", "M5x2"
    stack = board.card_svg(first, 4, 4, 76, 104, lang) + board.card_svg(second, 108, 4, 76, 104, lang)
    stack += tag("text", "→", x=84, y=62, font_size=20, fill="currentColor")
    stack += tag(
        "text",
        f"= {r.icons(first) + r.icons(second)} × {r.card_value(second)} = {r.goods_score([first, second])}",
        x=192,
        y=62,
        font_size=16,
        fill="currentColor",
    )
    return {
        "cards": board.board_svg(cards, 256, 112, board.cards_label(kinds, lang)),
        "stack": board.board_svg(stack, 300, 112, board.cards_label((first, second), lang)),
        "scale": scale_svg(lang),
    }


def scale_svg(lang: str) -> str:
    """Return the value scale: each currency's worth plain, with its surge card and with its crash card."""
    out = []
    for j, c in enumerate(r.CURRENCIES):
        y = 20 + j * 34
        out.append(board.coin_svg(c, 20, y, 13, ""))
        out.append(tag("text", plain(TEXTS, lang, c + "s"), x=40, y=y + 5, font_size=13, fill="currentColor"))
        for k, (sign, worth, ink) in enumerate(
            (
                ("", r.BASE_VALUE, "currentColor"),
                ("▲", r.SURGE_VALUES[c], board.SURGE_INK),
                ("▼", r.CRASH_VALUE, board.CRASH_INK),
            )
        ):
            out.append(tag("text", f"{sign} ×{worth}", x=150 + k * 70, y=y + 5, font_size=15, fill=ink))
    return board.board_svg("".join(out), 364, 110, plain(TEXTS, lang, "scale"))


EXPLAIN = {
    "en": {
        "goods": "**{card}**: a {good} card, value {value}, {icons} {icon_word}. Its winner puts it on top "
        "of their {good} stack, which scores all its icons × the value of the top card.",
        "goods_row": "Face up: the dealer may offer it.",
        "goods_lot": "On offer now.",
        "goods_top": "It tops {name}'s stack: {n} × {value} = {points}.",
        "goods_mine": "On your {good} stack ({now} now) it would make {then}.",
        "surge": "**{card}**: its holder counts every {cur} at {worth} instead of {base} (with the {cur} "
        "crash card too: {crash}).",
        "crash": "**{card}**: its holder counts every {cur} at {crash}. It is offered alone and has its own "
        "auction: seats pay one coin each, never a {cur}, into the middle until one takes the card "
        "and every coin there (sealed: the fewest coins takes it).",
        "held": "Held by {names}.",
        "surge_mine": "You hold {coins}: with it they would be worth {more} more.",
        "crash_mine": "You hold {coins}: with it you would lose {loss}.",
        "coin": "**{coins}**: one of the {n} currencies; everyone starts with {start}. One is worth {base} "
        "point, {worth} to the holder of its surge card and {crash} to the holder of its crash card.",
        "coin_mine": "You hold {k}, worth {v} each to you.",
        "coin_pot": "In the middle: {k}.",
        "scale": "The value scale: what one coin of each currency is worth to this seat: {base} plain, more "
        "with its surge card (▲), {crash} with its crash card (▼).",
        "scale_mine": "Yours: {values}.",
        "row": "The face-up cards: the dealer offers one, or up to {offer} (a crash card alone). As many "
        "are turned from the deck after the auction.",
        "lot": "The cards on offer in this auction, with the coins in the middle beside them.",
        "pot": "The middle: a winner's payment waits here and is shared out one coin at a time; in a crash "
        "auction the coins paid in go to whoever takes the card.",
        "pot_now": "Now: {coins}.",
        "high": "The highest bid so far: a count of coins, paid in any mix once won. A new bid must be "
        "higher.",
        "pick_order": "Who takes the next coins from the middle: counter-clockwise from the dealer (from "
        "the dealer's right if the dealer won), round and round, the winner left out.",
        "order_now": "Now: {names}.",
        "stack": "A {good} stack: every {good} card a seat won, the newest on top. It scores all its icons "
        "× the value of the top card, so a high value last pays most.",
        "stack_mine": "Yours: {n} × {value} = {points}.",
        "goods_points": "Points from goods: the seat's stacks added up.",
        "counted": "A seat's coins as counted from play: every payment, coin taken, crash coin and opened "
        "fist is seen by all, so anyone can count them. Worth is at that seat's value scale.",
        "purse": "Your coins and what they are worth to you at your value scale.",
        "deck": "The face-down deck. When a refill empties it, the game ends at once.",
        "deck_now": "{n} left: {fewest} to {most} more auctions.",
        "box": "Cards nobody bid for: out of the game.",
        "box_now": "In the box: {cards}.",
        "last": "The last auction: who got the lot and what it cost.",
        "fists": "The fists of the last sealed auction, opened together: each seat's coins and their count.",
        "mode:open": "Open auction: bids go round clockwise, each higher than the last, until all but one "
        "drop out; the winner then picks the coins to pay.",
        "mode:sealed": "Sealed bids: everyone seals coins in a fist and all open together; the most coins "
        "wins and pays its fist.",
        "badge:dealer": "The dealer offers the lot and, in open mode, names who starts; the role passes "
        "left after each auction.",
        "badge:to_act": "This seat is to act now.",
        "badge:out": "Dropped out of this auction: no more bids until the next lot.",
        "badge:sealed_in": "Has sealed a fist; all fists open when everyone has.",
        "badge:leads": "Holds the highest bid: wins if everyone else drops out.",
        "badge:pick": "Place in the pick order of the coins in the middle.",
    },
    "ja": {
        "goods": "**{card}**：{good}のカード。価値{value}、アイコン{icons}{icon_word}。落札者の{good}の山の"
        "一番上に置かれ、山はすべてのアイコンの数×一番上のカードの価値で得点になります。",
        "goods_row": "表向き：ディーラーが競りにかけられます。",
        "goods_lot": "いま競りにかけられています。",
        "goods_top": "{name}の山の一番上：{n}×{value}＝{points}点。",
        "goods_mine": "あなたの{good}の山（いま{now}点）に加えると{then}点になります。",
        "surge": "**{card}**：持ち主は{cur}を1枚{base}点ではなく{worth}点に数えます（{cur}の暴落カードも持つ"
        "なら{crash}点）。",
        "crash": "**{card}**：持ち主は{cur}を1枚{crash}点に数えます。必ず1枚だけで競りにかけられ、専用の競り"
        "になります。{cur}以外の通貨を1枚ずつ中央に支払い、誰かがカードと中央の通貨すべてを引き取る"
        "まで続きます（入札方式では最も少なく握った人が引き取ります）。",
        "held": "持ち主：{names}。",
        "surge_mine": "あなたの{coins}が、これで{more}点上がります。",
        "crash_mine": "あなたの{coins}が、これで{loss}点下がります。",
        "coin": "**{coins}**：{n}種類の通貨のひとつ。各自{start}枚から始めます。1枚{base}点、高騰カードの持ち"
        "主には{worth}点、暴落カードの持ち主には{crash}点です。",
        "coin_mine": "あなたは{k}持っていて、1枚{v}点です。",
        "coin_pot": "中央：{k}。",
        "scale": "バリュースケール：その席にとっての各通貨1枚の価値。通常{base}点、高騰カード（▲）で上がり、"
        "暴落カード（▼）で{crash}点になります。",
        "scale_mine": "あなた：{values}。",
        "row": "表向きのカード：ディーラーが1枚か最大{offer}枚を競りにかけます（暴落カードは1枚だけ）。競り"
        "の後、同じ枚数を山札からめくります。",
        "lot": "この競りにかけられたカードと、その横の中央の通貨です。",
        "pot": "テーブル中央：落札者の支払いがここに置かれ、1枚ずつ分配されます。暴落の競りでは、支払われた"
        "通貨はカードを引き取った人のものです。",
        "pot_now": "いま：{coins}。",
        "high": "現在の最高値：通貨の枚数で、落札後に好きな組み合わせで支払います。次の値はこれより多くしま"
        "す。",
        "pick_order": "中央の通貨を取る順番：ディーラーから（ディーラーが落札したらその右隣から）反時計回り"
        "に、落札者を除いて順に回ります。",
        "order_now": "いま：{names}。",
        "stack": "{good}の山：その席が獲得した{good}のカード。新しいものが一番上です。すべてのアイコンの数×"
        "一番上のカードの価値で得点になるので、最後に高い価値のカードを置くほど得です。",
        "stack_mine": "あなた：{n}×{value}＝{points}点。",
        "goods_points": "品物の得点：その席の山の合計です。",
        "counted": "数えた通貨：支払い、取った通貨、暴落の競りの通貨、公開された入札はすべて全員の前で動くの"
        "で、誰でも数えられます。価値はその席のバリュースケールで計算します。",
        "purse": "あなたの通貨と、あなたのバリュースケールでの価値です。",
        "deck": "裏向きの山札。補充で山札がなくなると、ただちにゲーム終了です。",
        "deck_now": "残り{n}枚：あと{fewest}〜{most}回の競りです。",
        "box": "誰も値をつけなかったカード：ゲームから除かれています。",
        "box_now": "箱の中：{cards}。",
        "last": "直前の競り：誰が何をいくらで獲得したか。",
        "fists": "直前の入札で同時に公開された各席の通貨と枚数です。",
        "mode:open": "オークション方式：時計回りに前より高い値をつけ、1人を残して全員が降りたら落札です。落"
        "札者が支払う通貨を選びます。",
        "mode:sealed": "入札方式：全員が通貨を握り、いっせいに公開します。最も多く握った人が落札し、握った通"
        "貨を支払います。",
        "badge:dealer": "ディーラー：出品し、オークション方式では開始プレイヤーを指名します。競りのたびに左"
        "隣へ移ります。",
        "badge:to_act": "この席の手番です。",
        "badge:out": "この競りから降りました。次の出品まで値をつけられません。",
        "badge:sealed_in": "入札済み。全員がそろうといっせいに公開されます。",
        "badge:leads": "最高値をつけています。ほかの全員が降りれば落札です。",
        "badge:pick": "中央の通貨を取る順番です。",
    },
}


def _seat(view: View | None) -> int | None:
    """Return the seat whose view this is, or None for the table."""
    return None if view is None else view.get("viewer")


def _card_text(card: str, view: View | None, lang: str) -> str:
    """Return what a card is and what it does now."""
    me = _seat(view)
    label = card_label(card, lang)
    if r.is_goods(card):
        g = r.good(card)
        n = r.icons(card)
        parts = [
            plain(
                EXPLAIN,
                lang,
                "goods",
                card=label,
                good=plain(TEXTS, lang, g),
                value=r.card_value(card),
                icons=n,
                icon_word=board.plural(n, "icon", "icons", lang),
            )
        ]
        if view is not None:
            i = r.GOODS.index(g)
            tops = [p for p in range(view["players"]) if view["stacks"][p][i][-1:] == [card]]
            if card in view["row"]:
                parts.append(plain(EXPLAIN, lang, "goods_row"))
            elif card in view["lot"]:
                parts.append(plain(EXPLAIN, lang, "goods_lot"))
            for p in tops:
                stack = view["stacks"][p][i]
                total = sum(r.icons(c) for c in stack)
                name = board.seat_names(view["players"], lang)[p]
                parts.append(
                    plain(
                        EXPLAIN,
                        lang,
                        "goods_top",
                        name=name,
                        n=total,
                        value=r.card_value(card),
                        points=r.goods_score(stack),
                    )
                )
            if me is not None and not tops:
                stack = view["stacks"][me][i]
                parts.append(
                    plain(
                        EXPLAIN,
                        lang,
                        "goods_mine",
                        good=plain(TEXTS, lang, g),
                        now=r.goods_score(stack),
                        then=r.goods_score(r.stack_with(stack, [card])),
                    )
                )
        return sentences(parts, lang)
    c = r.currency(card)
    surge = card in r.SURGE_CARDS
    cur = plain(TEXTS, lang, c)
    parts = [
        plain(
            EXPLAIN,
            lang,
            "surge" if surge else "crash",
            card=label,
            cur=cur,
            worth=r.SURGE_VALUES[c],
            base=r.BASE_VALUE,
            crash=r.CRASH_VALUE,
        )
    ]
    if view is not None:
        held = "surges" if surge else "crashes"
        names = board.seat_names(view["players"], lang)
        owners = [names[p] for p in range(view["players"]) if c in view[held][p]]
        if owners:
            parts.append(plain(EXPLAIN, lang, "held", names=listed(owners, lang)))
        elif me is not None:
            j = r.CURRENCIES.index(c)
            k = view["coins"][me][j]
            now = view["values"][me][j]
            after = r.coin_values(
                [*view["surges"][me], *([c] if surge else [])],
                [*view["crashes"][me], *([] if surge else [c])],
            )[j]
            key, amount = ("surge_mine", "more") if surge else ("crash_mine", "loss")
            parts.append(
                plain(EXPLAIN, lang, key, coins=coin_count(c, k, lang), **{amount: abs(after - now) * k})
            )
    return sentences(parts, lang)


def _now(view: View | None, lang: str, key: str) -> str:
    """Return what a thing on the board shows now, or ""."""
    if view is None:
        return ""
    me = _seat(view)
    names = board.seat_names(view["players"], lang)
    if key.startswith("coin:"):
        c = key[5:]
        j = r.CURRENCIES.index(c)
        mine = coin_count(c, view["coins"][me][j], lang) if me is not None else ""
        pot = coin_count(c, view["pot"][j], lang) if view["pot"][j] else ""
        return sentences(
            [
                mine and plain(EXPLAIN, lang, "coin_mine", k=mine, v=view["values"][me][j]),
                pot and plain(EXPLAIN, lang, "coin_pot", k=pot),
            ],
            lang,
        )
    if key == "scale" and me is not None:
        values = [
            f"{plain(TEXTS, lang, c + 's')} ×{v}"
            for c, v in zip(r.CURRENCIES, view["values"][me], strict=True)
        ]
        return plain(EXPLAIN, lang, "scale_mine", values=commas(values, lang))
    if key == "pot":
        return plain(EXPLAIN, lang, "pot_now", coins=coins_label(view["pot"], lang))
    if key == "pick_order" and view["queue"]:
        return plain(EXPLAIN, lang, "order_now", names=" → ".join(names[p] for p in view["queue"]))
    if key.startswith("stack:") and me is not None:
        stack = view["stacks"][me][r.GOODS.index(key[6:])]
        if stack:
            n = sum(r.icons(c) for c in stack)
            return plain(
                EXPLAIN, lang, "stack_mine", n=n, value=r.card_value(stack[-1]), points=r.goods_score(stack)
            )
    if key == "deck":
        n = view["deck"]
        return plain(EXPLAIN, lang, "deck_now", n=n, fewest=ceil(n / r.MAX_OFFER), most=n)
    if key == "box" and view["box"]:
        return plain(EXPLAIN, lang, "box_now", cards=board.cards_label(view["box"], lang))
    return ""


PLAIN = {
    "row",
    "lot",
    "pot",
    "high",
    "pick_order",
    "goods",
    "counted",
    "purse",
    "deck",
    "box",
    "last",
    "fists",
    "scale",
    "mode:open",
    "mode:sealed",
    "badge:dealer",
    "badge:to_act",
    "badge:out",
    "badge:sealed_in",
    "badge:leads",
    "badge:pick",
}


def explain(key: str, view: View | None, lang: str) -> str | None:
    """Return what the board thing marked `data-explain="<key>"` is and what it does now, or None.

    >>> explain("card:UG", None, "en")[:60]
    '**guilder surge**: its holder counts every guilder at 5 inst'
    """
    if key.startswith("card:") and key[5:] in r.CARDS:
        return _card_text(key[5:], view, lang)
    fields: dict[str, object] = {"offer": r.MAX_OFFER, "base": r.BASE_VALUE, "crash": r.CRASH_VALUE}
    if key.startswith("coin:") and key[5:] in r.CURRENCIES:
        c = key[5:]
        start = r.START_COINS[r.CURRENCIES.index(c)]
        what = plain(
            EXPLAIN,
            lang,
            "coin",
            coins=plain(TEXTS, lang, c + "s"),
            n=len(r.CURRENCIES),
            start=start,
            worth=r.SURGE_VALUES[c],
            **{k: v for k, v in fields.items() if k != "offer"},
        )
    elif key.startswith("stack:") and key[6:] in r.GOODS:
        what = plain(EXPLAIN, lang, "stack", good=plain(TEXTS, lang, key[6:]))
    elif key in PLAIN:
        what = plain(EXPLAIN, lang, "goods_points" if key == "goods" else key, **fields)
    else:
        return None
    now = _now(view, lang, key)
    return sentences([what, now], lang)


# Each kind of action (its verb) in words, for the reasons of hints and reviews.
KINDS = {
    "en": {
        "offer": "offers",
        "start": "opening bids",
        "bid": "bids",
        "drop": "dropping out",
        "pick": "picks",
        "pay": "payments",
        "coin": "coins",
        "take": "takes",
    },
    "ja": {
        "offer": "出品",
        "start": "競りの開始",
        "bid": "入札",
        "drop": "降りる手",
        "pick": "選択",
        "pay": "支払い",
        "coin": "コイン",
        "take": "取る手",
    },
}
