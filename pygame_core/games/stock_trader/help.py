"""How to play Stock Trader, and what each thing on its board is: every number formatted in at call time
from the rules module's constants (`rules.LOAN`, `rules.DIVIDENDS`, ...), so the text follows them."""

import re
from collections import Counter
from typing import Any

from ...engine.game import View
from ...engine.render import commas, listed, plain
from . import rules as r
from .board import (
    ROMAN,
    TEXTS,
    card_name,
    colour_name,
    cost_of,
    counted,
    known_cards,
    rate_table,
    rates_text,
    sheet,
)

HELP: dict[str, dict[str, str]] = {
    "en": {
        "basic": "Buy or sell up to {basic} stocks of its country: one or the other, not both.",
        "double": "Buy or sell up to {double} stocks of its country: one or the other, not both.",
        "anywhere": "Name any country, then buy or sell up to {anywhere} of its stocks.",
        "buyall": "Name a country, then buy as many of its stocks as the sheet holds and you can pay for. "
        "Buying only.",
        "sellall": "Name a country, then sell as many of its stocks as you hold. Selling only.",
        "up": "Put a +{step} card on its country's price; if a −{step} card lies there, take that off "
        "instead.",
        "down": "Put a −{step} card on its country's price; if a +{step} card lies there, take that off "
        "instead.",
        "credit": "Name a country, then put a ±{step} card on it with either face up, or take one ±{step} "
        "card off it.",
        "confusion": "Put your whole hand on the discards, shuffle them and draw {confusion_draw}; then you "
        "must use {confusion_plays} card from your hand. Once used, Confusion leaves the game; discarded "
        "instead of used, it goes to the discards like any card.",
        "fairy": "Shuffle the discards and draw {fairy_draw}; then you must use {fairy_plays} cards from "
        "your hand, one after the other.",
        "per_country": "{n} per country",
        "copies": "{n} cards",
        "copies_1": "{n} card",
        "card_line": "**{name}**: {copies}, cost {cost}. {effect}",
        "x_card": "**{name}**: cost {cost}. {effect}",
        "x_card_dead": "Its country can no longer be traded: it acts as Anywhere trade, cost {cost}.",
        "x_card_price": "{colour} is at {price}C now.",
        "x_card_discards": "The discards hold {n} now.",
        "x_square": "**The {sq} square.** While it is the rightmost empty square of a country's row, that "
        "country's price is {sq}C before its ±{step} cards, and each of its stocks pays {rate}C at "
        "dividends. It holds up to {capacity} stocks.",
        "x_square_now": "It is the price square of {colours} now.",
        "x_square_none": "No country's price is on it now.",
        "x_price": "**{colour}: {price}C.** Its price square is {sq} (dividend {rate}C a stock){mods}; "
        "{n} of its stocks are on the sheet.",
        "x_mods": ", with ±{step} cards {cards}: {change}C",
        "x_legendary": "**Legendary stock.** Every stock of this country was bought: it can no longer be "
        "traded, nor can ±{step} cards be put on it or taken off. Each one is worth {top}C plus the ±{step} "
        "cards it had, and still pays {rate}C at dividends.",
        "x_fallen": "**Fallen stock.** Its price, ±{step} cards included, reached 0: it can no longer be "
        "traded and its stocks are worth nothing. Its country's cards act as Anywhere trade.",
        "x_plus": "**+{step} card.** Each one on a country adds {step}C to its price, not to its dividend. "
        "It lies under the price square it changes. A −{step} card on the same country cancels one: both "
        "leave. Credit up puts one on its country; Credit manipulation may put one on any country, or take "
        "a ±{step} card off.",
        "x_minus": "**−{step} card.** Each one on a country takes {step}C off its price, not off its "
        "dividend; at 0 or less the country falls. It lies under the price square it changes. Credit down "
        "puts one on its country; Credit manipulation may put one on any country, or take a ±{step} card "
        "off.",
        "x_free": "**Free ±{step} cards: {free} of {total}.** A card that would put a ±{step} card on a "
        "country needs a free one; taking one off never does.",
        "x_stock": "**A {colour} stock on the sheet.** Buying takes stocks from the lowest square that has "
        "any; selling puts them on the highest square holding {capacity_less} or fewer. {n} are on the "
        "sheet now.",
        "x_holding": "**{colour} stocks held**, in view of everyone. Each is worth {colour}'s price at the "
        "end ({price}C now) and earns {rate}C at each dividend now.",
        "x_cash": "**Cash**, public. It pays card costs, purchases and IOUs back; sales, loans and "
        "dividends add to it.",
        "x_ious": "**IOUs.** A loan gives {loan}C and an IOU, once per turn at any moment of your own turn, "
        "at most {max_ious}. Paying {repay}C returns one, at any moment of your own turn. Each one left at "
        "the end counts −{penalty}C.",
        "x_worth": "**Worth**: cash + stocks at today's prices − {penalty}C per IOU, the score if the game "
        "ended now. Dividends still to come are not in it.",
        "x_seat": "**A player.** The highlighted row is the player to act. Hands are secret, {hand} cards "
        "each at the end of a turn; everything else in the row is public.",
        "x_status": "**The pile cards are drawn from, and the dividends paid so far** (one for each of the "
        "{piles} piles that ran out). After the last pile's dividends the game ends.",
        "x_pile": "**Piles I to {last}**, face down: {sizes} cards at the start. Cards are drawn from the "
        "lowest-numbered pile that still has cards; each pile running out pays dividends. {left} cards "
        "are left now.",
        "x_discard": "**The discards**, face down: cards used and cards thrown away. Confusion and Fairy's "
        "guidance shuffle them and draw from them. {n} now.",
        "x_known": "Played into them since they were last shuffled: {cards}.",
        "x_out": "**Out of the game**: used Confusion cards. {n} now.",
        "x_rates": "**Dividend per stock**, paid to everyone each time a pile runs out, by the square of "
        "the price without the ±{step} cards: {rates}; lower squares pay nothing.",
        "x_rates_now": "Now: {rates}.",
    },
    "ja": {
        "basic": "その国の株を{basic}枚まで購入か売却できます（どちらか一方のみ）。",
        "double": "その国の株を{double}枚まで購入か売却できます（どちらか一方のみ）。",
        "anywhere": "好きな国を1つ宣言し、その国の株を{anywhere}枚まで購入か売却できます。",
        "buyall": "国を1つ宣言し、その国の株をレートシートにある枚数まで（払える範囲で）購入できます。"
        "購入のみです。",
        "sellall": "国を1つ宣言し、その国の株を持っている枚数まで売却できます。売却のみです。",
        "up": "その国に株価+{step}カードを1枚置きます。株価−{step}カードが置かれていれば、代わりにそれを"
        "1枚取り除きます。",
        "down": "その国に株価−{step}カードを1枚置きます。株価+{step}カードが置かれていれば、代わりにそれを"
        "1枚取り除きます。",
        "credit": "国を1つ宣言し、その国に株価±{step}カードを好きな面で1枚置くか、その国の株価±{step}"
        "カードを1枚取り除きます。",
        "confusion": "手札を全て捨て札にし、捨て札をシャッフルして{confusion_draw}枚引きます。その後、"
        "手札から{confusion_plays}枚を必ず使います。使った混乱はゲームから除外されます。使わずに捨てた"
        "場合は、普通のカードと同じく捨て札になります。",
        "fairy": "捨て札をシャッフルして{fairy_draw}枚引きます。その後、手札から{fairy_plays}枚を順に"
        "必ず使います。",
        "per_country": "各国{n}枚",
        "copies": "{n}枚",
        "copies_1": "{n}枚",
        "card_line": "**{name}**：{copies}、コスト{cost}。{effect}",
        "x_card": "**{name}**：コスト{cost}。{effect}",
        "x_card_dead": "この国は取引できなくなったので、どこでも取引（コスト{cost}）として使います。",
        "x_card_price": "{colour}の株価は今{price}Cです。",
        "x_card_discards": "捨て札は今{n}です。",
        "x_square": "**{sq}のマス。**ある国の列で株の置かれていない最も右のマスの時、その国の株価は"
        "株価±{step}カードを除いて{sq}Cで、配当は1株{rate}Cです。株を{capacity}枚まで置けます。",
        "x_square_now": "今は{colours}の株価のマスです。",
        "x_square_none": "今はどの国の株価のマスでもありません。",
        "x_price": "**{colour}：{price}C。**株価のマスは{sq}（配当は1株{rate}C）{mods}。"
        "シートには株が{n}枚あります。",
        "x_mods": "、株価±{step}カード{cards}で{change}C",
        "x_legendary": "**伝説株。**この国の株はすべて買われたので、取引できず、株価±{step}カードを置くことも"
        "取り除くこともできません。価値は{top}Cにその時の株価±{step}カードを加えたもので、配当は1株{rate}C"
        "のままです。",
        "x_fallen": "**没落株。**株価±{step}カードを含めた株価が0以下になったので、取引できず、価値は0Cです。"
        "この国のカードはどこでも取引として使います。",
        "x_plus": "**株価+{step}カード。**1枚ごとに株価を{step}C上げます（配当は変わりません）。動かす株価の"
        "マスの下に置かれます。同じ国の株価−{step}カードと打ち消し合い、両方取り除きます。信用上昇はその国に"
        "1枚置き、信用操作はどの国にも置くか、株価±{step}カードを1枚取り除けます。",
        "x_minus": "**株価−{step}カード。**1枚ごとに株価を{step}C下げます（配当は変わりません）。"
        "0以下になると没落株です。動かす株価のマスの下に置かれます。信用下落はその国に1枚置き、信用操作はどの国にも置くか、"
        "株価±{step}カードを1枚取り除けます。",
        "x_free": "**残りの株価±{step}カード：{total}枚中{free}枚。**カードを置くには残りが必要です。取り除く"
        "時は必要ありません。",
        "x_stock": "**レートシート上の{colour}の株。**購入では株のある一番小さいマスから取り、売却では株が"
        "{capacity_less}枚以下の一番大きいマスに置きます。今シートには{n}枚あります。",
        "x_holding": "**持っている{colour}の株**（全員に公開）。終了時に{colour}の株価（今{price}C）で"
        "数え、今は配当ごとに1株{rate}Cを受け取ります。",
        "x_cash": "**所持金**（公開）。カードのコスト、購入、返済に使い、売却・借金・配当で増えます。",
        "x_ious": "**借用書。**借金は自分の手番中の好きなタイミングで手番ごとに1回、{loan}Cと借用書1枚を"
        "受け取ります（{max_ious}枚まで）。自分の手番中ならいつでも{repay}Cで1枚返せます。終了時に残った"
        "借用書は1枚につき−{penalty}Cです。",
        "x_worth": "**総資産**：所持金＋持ち株×今の株価−借用書1枚につき{penalty}C。今終わった時の得点です。"
        "これからの配当は含みません。",
        "x_seat": "**プレイヤー。**強調された行が手番のプレイヤーです。"
        "手札は秘密（手番の終わりには{hand}枚）、行のほかの数字はすべて公開です。",
        "x_status": "**カードを引く山札と、これまでの配当の回数**（{piles}つの山札がなくなるたびに1回）。"
        "最後の山札の配当の後、ゲームは終了します。",
        "x_pile": "**山札I～{last}**（裏向き）：最初は{sizes}枚。カードが残っている一番番号の小さい山札から"
        "引き、山札が1つなくなるたびに配当があります。今は残り{left}枚です。",
        "x_discard": "**捨て札**（裏向き）：使ったカードと捨てたカード。混乱と妖精の導きはこれをシャッフル"
        "して引きます。今{n}です。",
        "x_known": "最後にシャッフルされてから使われたカード：{cards}。",
        "x_out": "**除外**：使った混乱のカード。今{n}枚です。",
        "x_rates": "**1株あたりの配当**。山札がなくなるたびに全員に、株価±{step}カードを除いた株価のマスで"
        "支払われます：{rates}。それより下のマスは配当なしです。",
        "x_rates_now": "今は{rates}。",
    },
}


def effect(kind: str, lang: str) -> str:
    """Return what a card kind does, its numbers from the rules module.

    >>> effect("double", "en")
    'Buy or sell up to 10 stocks of its country: one or the other, not both.'
    """
    numbers: dict[str, Any] = {k: r.LIMITS[k] for k in r.LIMITS}
    for k, (draw, plays) in r.FORCED.items():
        numbers[f"{k}_draw"], numbers[f"{k}_plays"] = draw, plays
    return plain(HELP, lang, kind, step=r.CREDIT_STEP, **numbers)


def card_lines(lang: str) -> list[str]:
    """Return one line per card kind: its name, copies, cost and effect."""
    out = []
    for kind, n in r.COLOURED.items():
        name = plain(TEXTS, lang, "coloured", name=plain(TEXTS, lang, kind), colour="X")
        copies = plain(HELP, lang, "per_country", n=n)
        out.append(
            plain(
                HELP,
                lang,
                "card_line",
                name=name,
                copies=copies,
                cost=r.COSTS[kind],
                effect=effect(kind, lang),
            )
        )
    for kind, n in r.PLAIN.items():
        copies = plain(HELP, lang, "copies_1" if n == 1 else "copies", n=n)
        out.append(
            plain(
                HELP,
                lang,
                "card_line",
                name=plain(TEXTS, lang, kind),
                copies=copies,
                cost=r.COSTS[kind],
                effect=effect(kind, lang),
            )
        )
    return out


RULES = {
    "en": """## Goal

Be the richest player when the market closes. Your worth is your cash, plus every stock you hold at its
price, minus {penalty}C for each IOU you still hold. Players tied at the top share the win.

## Components

- {n_countries} countries, {countries}, with {stocks} stocks each.
- The rate sheet: one row of squares per country, {squares_up} from the cheap end to the dear end.
  A square holds up to {capacity} stocks of its country.
- {deck} action cards of {kinds} kinds, {credit_cards} ±{step} cards that move a price, IOUs (at most
  {max_ious} per player) and money, counted in C.

[[figure:sheet]]

## Setup

- Each country puts {start_sheet} stocks on its row: {capacity} each on {full_squares}, {partial}. Every
  price starts at {start_price}C.
- Each player gets {start_cash}C and {start_holding} stocks of each country, in view of everyone.
- Shuffle the action cards and make {piles} piles: {piles4} cards (I to {last_pile}) with 4 players.
  Deal {hand} cards to each player as a secret hand.
- With 3 players, leave one country out with its stocks and its {per_country} cards: the {deck3} cards
  make piles of {piles3}.

## How a price works

A country's price is the number on the **rightmost empty square** of its row, plus {step}C for each +{step}
card on it and minus {step}C for each −{step} card. Stocks always pack to the dear end. Buying takes them
from the lowest square that has any; selling puts them on the highest square holding {capacity_less} or
fewer. A whole trade is paid at today's price, and the price moves only after it.

For example, at the start a country's price is {start_price}C. Buying {bought} of its stocks costs
{bought_cost}C and leaves {after} on the sheet: its price becomes {after_price}C, and with one +{step} card
{plus_price}C. The ±{step} cards lie under the square of the price they change.

[[figure:example]]

## Your turn, step by step

1. Choose one card from your hand.
2. **Use it**: pay its cost, then carry out its effect (a card that names a country asks which one; a
   trade asks buy or sell, and how many, within the card's limit, the sheet, your stocks and your cash).
3. **Or discard it** face down (nobody learns which), and then, if you like, sell 1 stock of any country
   you hold at today's price.
4. If you hold more than {hand} cards (a Fairy's guidance whose uses could not all be made), discard
   down to {hand}, face down, choosing which.
5. Draw from the lowest-numbered pile that still has cards until you hold {hand}.
6. If that emptied a pile, dividends are paid before the next player's turn.

## The action cards and their costs

{card_lines}

A card whose country can no longer be traded acts as Anywhere trade: cost {anywhere_cost}, name a country,
buy or sell up to {anywhere_limit}. A forced use (Confusion, Fairy's guidance) must use a card, paying its
cost; if no card can be used with your cash, it is skipped.

## Loans and IOUs

- **Loan**: once per turn, at any moment of your own turn, take {loan}C and an IOU. At most {max_ious}
  IOUs each.
- **Pay back**: at any moment of your own turn, as often as you like, pay {repay}C to return an IOU. The
  only exception: not when paying would leave a forced use with no usable card, or the card under way
  with nothing left to do.
- Each IOU you still hold at the end counts −{penalty}C.

## Dividends

Whenever a pile runs out, every player receives, for each stock held, the dividend of the square of its
country's price **without** the ±{step} cards:

[[figure:rates]]

## Legendary and fallen stocks

- **Legendary**: when the last stock of a country leaves the sheet. It is worth {top}C plus its ±{step}
  cards at that moment.
- **Fallen**: when a country's price, ±{step} cards included, is 0 or less. It is worth nothing.

Either way the country can no longer be traded, and no ±{step} card may be put on it or taken off.

## End and scoring

- The game ends after the dividends of the last pile ({last_pile}), or at once when {dead_to_end}
  countries can no longer be traded.
- Worth = cash + each stock × its price at the end − {penalty}C × IOUs. The richest player wins; ties
  share the win.
- Everything the bots count is on the board: every player's cash, stocks, IOUs and worth, the stocks and
  ±{step} cards on the sheet, the size of each pile, and the discards with the cards played into them
  since they were last shuffled.
""",
    "ja": """## 目的

市場が閉じた時に最もお金持ちであること。総資産は、所持金に、持っている株それぞれの株価を足し、残って
いる借用書1枚につき{penalty}Cを引いたものです。同点で最多のプレイヤーは勝利を分け合います。

## 内容物

- {countries}の{n_countries}つの国。株は各国{stocks}枚。
- レートシート：国ごとにマスが1列、安い方から{squares_up}。1マスにはその国の株を{capacity}枚まで置けます。
- 行動カード{deck}枚（{kinds}種）、株価を動かす株価±{step}カード{credit_cards}枚、
  借用書（1人{max_ious}枚まで）、お金（単位はC）。

[[figure:sheet]]

## 準備

- 各国の株を{start_sheet}枚レートシートに置きます：{full_squares}のマスに{capacity}枚ずつ、{partial}。
  どの国も株価は{start_price}Cから始まります。
- 各プレイヤーは{start_cash}Cと、各国の株を{start_holding}枚ずつ受け取り、全員に見えるように置きます。
- 行動カードをシャッフルし、4人では山札I～{last_pile}に{piles4}枚ずつ置きます。各プレイヤーに
  {hand}枚ずつ配り、自分だけが見られる手札にします。
- 3人では国を1つ選び、その国の株と行動カード{per_country}枚を取り除きます。{deck3}枚で山札を
  {piles3}枚ずつ作ります。

## 株価のしくみ

国の株価は、その列で**株の置かれていない最も右のマス**の数字に、株価+{step}カード1枚ごとに{step}Cを足し、
株価−{step}カード1枚ごとに{step}Cを引いたものです。株は常に右（高い方）に詰めて置きます。購入では株の
ある一番小さいマスから取り、売却では株が{capacity_less}枚以下の一番大きいマスから置きます。取引全体を
今の株価で払い、株価は取引が終わってから動きます。

例えば、最初の株価は{start_price}Cです。株を{bought}枚買うと{bought_cost}Cかかり、シートには{after}枚残ります。
株価は{after_price}Cになり、株価+{step}カードが1枚あれば{plus_price}Cです。株価±{step}カードは、それが
動かす株価のマスの下に置かれます。

[[figure:example]]

## 手番の流れ

1. 手札からカードを1枚選びます。
2. **使う**：コストを払い、効果を実行します（国を宣言するカードはどの国かを、取引は購入か売却かと
   枚数を、カードの上限・シートの株・持ち株・所持金の範囲で選びます）。
3. **または捨てる**：伏せて捨て（何を捨てたかは誰にもわかりません）、希望すれば持っている好きな国の
   株を1枚、今の株価で売却します。
4. 手札が{hand}枚より多い場合（妖精の導きの強制使用をすべて行えなかった時）、どれを捨てるか選んで
   伏せて捨て、{hand}枚にします。
5. カードが残っている一番番号の小さい山札から、手札が{hand}枚になるまで引きます。
6. それで山札が1つなくなったら、次のプレイヤーの手番の前に配当が支払われます。

## 行動カードとコスト

{card_lines}

取引できなくなった国のカードは、どこでも取引として扱います：コスト{anywhere_cost}、国を宣言し、
{anywhere_limit}枚まで購入か売却。強制使用（混乱、妖精の導き）ではコストを払ってカードを使わなければ
なりません。所持金で使えるカードがなければ飛ばします。

## 借金と借用書

- **借金**：自分の手番中なら好きなタイミングで、手番ごとに1回、{loan}Cと借用書1枚を受け取ります。
  借用書は1人{max_ious}枚までです。
- **返済**：自分の手番中ならいつでも何回でも、{repay}Cを払って借用書を1枚返せます。ただし、払うと
  強制使用で使えるカードがなくなる時や、実行中のカードにできることがなくなる時は返済できません。
- ゲーム終了時に残っている借用書は1枚につき−{penalty}Cです。

## 配当

山札が1つなくなるたびに、全プレイヤーが持ち株1枚ごとに、株価±{step}カードを**除いた**株価のマスの
配当を受け取ります。

[[figure:rates]]

## 伝説株と没落株

- **伝説株**：ある国の株がレートシートからすべてなくなった時。価値は{top}Cにその時の株価±{step}カードを
  加えたものです。
- **没落株**：株価±{step}カードを含めた株価が0以下になった時。価値は0Cです。

どちらもそれ以降は取引できず、株価±{step}カードを置くことも取り除くこともできません。

## 終了と得点

- 最後の山札（{last_pile}）の配当の後、または取引できない国が{dead_to_end}つになった時点で即座に
  ゲームは終了します。
- 総資産＝所持金＋持ち株×終了時の株価−{penalty}C×借用書の枚数。最も多いプレイヤーの勝利です。
  同点なら勝利を分け合います。
- ボットが数えるものはすべて盤面に出ています：全員の所持金・持ち株・借用書・総資産、シートの株と
  株価±{step}カード、各山札の枚数、捨て札の枚数と、最後にシャッフルされてから使われたカード。
""",
}


def unwrap(text: str) -> str:
    r"""Return Japanese markup with each paragraph's and item's wrapped lines joined without a space.

    >>> unwrap("## 目的\n\n最も\n  お金持ち。\n\n- 赤\n  と青")
    '## 目的\n\n最もお金持ち。\n\n- 赤と青'
    """
    return re.sub(r"(?<!\n)\n[ \t]*(?![\n]|- |#|\[\[|\d+\. )", "", text)


def rules(lang: str) -> str:
    """Return how to play, in `engine.howto`'s markup, every number taken from the rules module now."""
    stocks = r.square_stocks(r.START_SHEET)
    full = [str(sq) for sq, n in zip(r.SQUARES, stocks, strict=True) if n == r.CAPACITY]
    partial = [(sq, n) for sq, n in zip(r.SQUARES, stocks, strict=True) if 0 < n < r.CAPACITY]
    on = "{n} on {sq}" if lang == "en" else "{sq}のマスに{n}枚"
    start_price = r.base_price(r.START_SHEET)
    bought = r.LIMITS["basic"]
    after = r.START_SHEET - bought
    sep = " + " if lang == "en" else "・"
    template = RULES.get(lang, RULES["en"])
    if lang == "ja":
        template = unwrap(template)
    return template.format(
        penalty=r.IOU_PENALTY,
        stocks=r.STOCKS,
        n_countries=len(r.COLOURS),
        countries=listed([colour_name(c, lang) for c in r.COLOURS], lang),
        squares_up=listed([str(sq) for sq in reversed(r.SQUARES)], lang),
        capacity=r.CAPACITY,
        capacity_less=r.CAPACITY - 1,
        deck=len(r.deck(r.COLOURS)),
        kinds=len(r.COLOURED) * len(r.COLOURS) + len(r.PLAIN),
        credit_cards=r.CREDIT_CARDS,
        step=r.CREDIT_STEP,
        max_ious=r.MAX_IOUS,
        start_sheet=r.START_SHEET,
        full_squares=listed(full, lang),
        partial=listed([on.format(n=n, sq=sq) for sq, n in partial], lang),
        start_price=start_price,
        start_cash=r.START_CASH,
        start_holding=r.START_HOLDING,
        piles=len(r.PILES[4]),
        piles4=sep.join(map(str, r.PILES[4])),
        piles3=sep.join(map(str, r.PILES[3])),
        last_pile=ROMAN[len(r.PILES[4]) - 1],
        hand=r.HAND,
        per_country=sum(r.COLOURED.values()),
        deck3=len(r.deck(r.COLOURS[:2])),
        bought=bought,
        bought_cost=bought * start_price,
        after=after,
        after_price=r.base_price(after),
        plus_price=r.base_price(after) + r.CREDIT_STEP,
        card_lines="\n".join("- " + line for line in card_lines(lang)),
        anywhere_cost=r.COSTS["anywhere"],
        anywhere_limit=r.LIMITS["anywhere"],
        loan=r.LOAN,
        repay=r.REPAY,
        top=r.SQUARES[0],
        dead_to_end=r.DEAD_TO_END,
    )


def _view(**changes: Any) -> View:
    """Return the public view of a fresh 4-player table with state `changes` (for the figures)."""
    state = r.STOCK_TRADER.setup(4, 1)
    state.update(changes)
    return r.STOCK_TRADER.view(state, None)


def figures(lang: str) -> dict[str, str]:
    """Return the rules' pictures, drawn by the board: the opening rate sheet, the price example (one
    country after a purchase, with a +2 card under its price square) and the dividend table."""
    after = r.START_SHEET - r.LIMITS["basic"]
    example = _view(
        sheet={c: after if c == "R" else r.START_SHEET for c in r.COLOURS}, mods={"R": 1, "B": 0, "G": 0}
    )
    example["colours"] = ["R"]
    return {"sheet": sheet(_view(), lang), "example": sheet(example, lang), "rates": rate_table(lang)}


def _price_square(v: View, c: str) -> int:
    """Return the square of a country's price without its ±2 cards."""
    return r.base_price(v["sheet"][c])


def explain(key: str, view: View | None, lang: str) -> str | None:
    """Return what the thing marked `data-explain="<key>"` is and what it does now, in `engine.howto`'s
    markup, or None for an unknown key."""
    what, _, arg = key.partition(":")
    v = view if view is not None else _view()
    n: dict[str, Any] = {
        "step": r.CREDIT_STEP,
        "capacity": r.CAPACITY,
        "capacity_less": r.CAPACITY - 1,
        "penalty": r.IOU_PENALTY,
        "loan": r.LOAN,
        "repay": r.REPAY,
        "max_ious": r.MAX_IOUS,
        "hand": r.HAND,
        "top": r.SQUARES[0],
        "total": r.CREDIT_CARDS,
    }
    if what == "card" and arg:
        kind = r.kind(arg)
        if kind not in r.COSTS:
            return None
        lines = [
            plain(
                HELP,
                lang,
                "x_card",
                name=card_name(arg, lang),
                cost=cost_of(v, arg),
                effect=effect(kind, lang),
            )
        ]
        c = r.card_colour(arg)
        if c is not None and c in v["dead"]:
            if v["dead"][c]:
                lines.append(plain(HELP, lang, "x_card_dead", cost=r.COSTS["anywhere"]))
            else:
                lines.append(
                    plain(HELP, lang, "x_card_price", colour=colour_name(c, lang), price=v["prices"][c])
                )
        if kind in r.FORCED:
            lines.append(plain(HELP, lang, "x_card_discards", n=counted("card", v["discard"], lang)))
        return "\n\n".join(lines)
    if what == "square" and arg.isdigit() and int(arg) in r.SQUARES:
        sq = int(arg)
        text = plain(HELP, lang, "x_square", sq=sq, rate=r.dividend_rate(sq), **n)
        here = [colour_name(c, lang) for c in v["colours"] if not v["dead"][c] and _price_square(v, c) == sq]
        now = (
            plain(HELP, lang, "x_square_now", colours=commas(here, lang))
            if here
            else plain(HELP, lang, "x_square_none")
        )
        return text + "\n\n" + now
    if what in ("price", "stock", "holding") and arg in v["colours"]:
        colour = colour_name(arg, lang)
        if what == "stock":
            return plain(HELP, lang, "x_stock", colour=colour, n=v["sheet"][arg], **n)
        if what == "holding":
            return plain(
                HELP, lang, "x_holding", colour=colour, price=v["prices"][arg], rate=v["dividend"][arg], **n
            )
        if v["dead"][arg]:
            return explain(f"badge:{v['dead'][arg]}", v, lang)
        mods = v["mods"][arg]
        cards = f"{'+' if mods > 0 else '−'}{r.CREDIT_STEP}×{abs(mods)}"
        change = f"{'+' if mods > 0 else '−'}{abs(mods) * r.CREDIT_STEP}"
        sq = _price_square(v, arg)
        return plain(
            HELP,
            lang,
            "x_price",
            colour=colour,
            price=v["prices"][arg],
            sq=sq,
            rate=r.dividend_rate(sq),
            mods=plain(HELP, lang, "x_mods", cards=cards, change=change, step=r.CREDIT_STEP) if mods else "",
            n=v["sheet"][arg],
        )
    simple = {
        "badge:legendary": "x_legendary",
        "badge:fallen": "x_fallen",
        "mod:plus": "x_plus",
        "mod:minus": "x_minus",
        "mod:free": "x_free",
        "cash": "x_cash",
        "ious": "x_ious",
        "worth": "x_worth",
        "seat": "x_seat",
        "status": "x_status",
        "out": "x_out",
    }
    if key in simple:
        return plain(
            HELP,
            lang,
            simple[key],
            rate=r.dividend_rate(r.SQUARES[0]),
            free=v["credit_free"],
            n=v["out"],
            piles=len(v["piles"]),
            **n,
        )
    if key == "pile":
        sizes = ("+" if lang == "en" else "・").join(map(str, r.PILES[v["players"]]))
        return plain(HELP, lang, "x_pile", last=ROMAN[len(v["piles"]) - 1], sizes=sizes, left=sum(v["piles"]))
    if key == "discard":
        text = plain(HELP, lang, "x_discard", n=counted("card", v["discard"], lang))
        known: Counter[str] = Counter(v.get("known", []))
        if known:
            text += "\n\n" + plain(HELP, lang, "x_known", cards=known_cards(sorted(known.items()), lang))
        return text
    if key == "dividends":
        each = "{sq}: {rate}C" if lang == "en" else "{sq}のマスは{rate}C"
        rates = commas(
            (each.format(sq=sq, rate=r.dividend_rate(sq)) for sq in r.SQUARES if r.dividend_rate(sq)), lang
        )
        text = plain(HELP, lang, "x_rates", rates=rates, **n)
        return (
            text
            + "\n\n"
            + plain(
                HELP, lang, "x_rates_now", rates=rates_text({c: v["dividend"][c] for c in v["colours"]}, lang)
            )
        )
    return None


# Each kind of action (its verb) in words, for the reasons of hints and reviews.
KINDS = {
    "en": {
        "play": "playing cards",
        "discard": "discards",
        "loan": "loans",
        "repay": "repayments",
        "end": "ending turns",
        "buy": "buying",
        "sell": "selling",
        "colour": "colour choices",
        "credit": "credit",
    },
    "ja": {
        "play": "カードを出す手",
        "discard": "捨て札",
        "loan": "借入",
        "repay": "返済",
        "end": "手番の終了",
        "buy": "購入",
        "sell": "売却",
        "colour": "色の選択",
        "credit": "信用",
    },
}
