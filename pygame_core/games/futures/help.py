"""Futures! explained: how to play, what each thing on the board is, actions in words, the log's chapters
and the end's breakdown. Every number is formatted in from the rules module's constants at call time.
"""

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...engine.game import View
from ...engine.render import Event, commas, listed, plain, sentences, signed
from . import board, rules
from .board import TEXTS, card_label, seat_names

RULES = {
    "en": """## Goal

Trade futures in three commodities, {C}, {R} and {P}: bet on where each price goes, settle your bets
before the market turns, and finish with the most money. Players tied at the top share the victory.

## Components

- {cards} fluctuation cards. Each commodity has an UP card (▲) and a DOWN card (▼): {kinds} kinds,
{copies} copies of each.
- A price ladder for each commodity with {rows} rows: {ladder}. The row its price marker stands on is
today's price. The two ends, {low} and {high}, are **BURST** squares.
- Beside each price row, an **UP square** (green, left) and a **DOWN square** (red, right), where trade
markers sit.
- {markers} trade markers for each player, and a 4th one each player may buy once, for {price}.
- The start player badge (**SP**) and, with 3 players, the **NPC** token under one market slot.

[[figure:ladders]]

## Setup

1. Shuffle all the cards and deal {hand} to each player: your secret hand.
2. Lay the next {slots} cards face up in a row: the **market**, slots 1 to {slots}.
3. These cards move the prices once (a fluctuation, see below); every price starts at {start}.
4. With 3 players, the NPC sits under slot 1.
5. Everyone starts with no money. Money may go below zero; there is no interest.

## A round, step by step

The game lasts {rounds4} rounds with 4 players and {rounds3} rounds with 3. Each round has five phases:

1. **Early trading**, clockwise from the start player. With 3 players the NPC first covers its slot with
the deck's top card, face down. On your turn, put one hand card face down on a market slot that nobody
covered yet this round, then take one action.
2. **Mid fluctuation**: only the market cards still face up move the prices.
3. **Late trading**, the other way round, so the start player is last. On your turn, turn one face-down
market card face up where it lies, then take one action. A card still face down at the end is turned up.
4. **End fluctuation**: all {slots} top cards move the prices, also those that moved them mid-round.
5. **Carry-over** (not after the last round): everyone draws 1 card, then secretly gives 1 hand card to
the left neighbour. The SP badge moves left; with 3 players the NPC moves one slot right.

Cards stay in the market: each slot is a growing stack and only its top card counts. The board shows
who put each face-down card, as everyone at a real table sees.

[[figure:market]]

### Fluctuation and BURST

For each commodity, UP and DOWN cards cancel; the price moves one row for each card left over. If it
reaches {low} or {high}, the commodity **BURSTs**: every trade marker on it, anyone's, is settled by force
at that price. Debts are paid, gains are lost. The markers go back to their owners and the price returns
to {start}.

## Actions and their cost

Each turn in early and late trading gives you one action:

- **Trade**: put a free trade marker on today's price row of a commodity: on the UP square if you expect a
rise, on the DOWN square if you expect a fall. The fee is **{base} plus 1 for every marker already on that
exact square**, yours included; the opposite square does not count.
- **Settle**: take one of your markers back. UP pays the price now minus the price where it was placed;
DOWN pays the price where it was placed minus the price now. A negative result is a debt you pay.
- **Pass**: take {pass_income} from the exchange.
- **One more action**: when you act, you may discard {pair} hand cards, shown to everyone, for one more action
this turn, as often as your hand allows. Your hand never grows back.
- **The 4th marker**: once per game, at any moment of your own turn (also before you place or reveal your
card), pay {price} for a 4th trade marker. It uses no action and needs at least {price}. When your last
action earns the money, the board asks whether to buy it before your turn ends.

## End and scoring

After the last round's end fluctuation, each player settles up to {final} markers normally (the board
picks the most valuable ones for you); every other marker is settled by force: debts paid, gains lost.
The most money wins; players tied at the top share the victory.

The board shows everything the bots count: each seat's money, the markers on the ladders, each seat's
discarded cards and how many cards of each kind have left play (discarded or buried in the market).
""",
    "ja": """## 目的

{C}・{R}・{P}の3つの商品の先物取引をします。価格が上がるか下がるかを予想して取引し、
相場が変わる前に決済して、最も多くのお金を手にしたプレイヤーの勝ちです。トップが複数なら勝利を分かち合います。

## 内容物

- 相場変動カード{cards}枚。商品ごとに上昇のカード（▲）と下落のカード（▼）があり、
{kinds}種類が{copies}枚ずつです。
- 商品ごとの相場表（{rows}段）：{ladder}。相場マーカーがいる段の数字がその日の取引価格です。
両端の{low}と{high}は**バースト**のマスです。
- 各段の左に**上昇のマス**（緑）、右に**下落のマス**（赤）があり、ここに取引マーカーを置きます。
- 各プレイヤーの取引マーカー{markers}個。4個目は各プレイヤーが1回だけ{price}金で買えます。
- スタートプレイヤーの印（**SP**）。3人プレイでは場札の1つの下に**NPC**の印を置きます。

[[figure:ladders]]

## 準備

1. カードをすべて混ぜ、各プレイヤーに{hand}枚ずつ配ります。これが自分だけが見る手札です。
2. 続く{slots}枚を表向きに一列に並べます。これが**場札**で、左から場札1〜{slots}と呼びます。
3. この場札で相場を1回変動させます（後述の相場変動）。価格はすべて{start}から始まります。
4. 3人プレイでは、NPCを場札1の下に置きます。
5. 所持金は全員0から始まります。所持金はマイナスになってもよく、利息もありません。

## ラウンドの流れ

4人プレイでは{rounds4}ラウンド、3人プレイでは{rounds3}ラウンド行います。各ラウンドは5つのフェイズです。

1. **前期取引**：スタートプレイヤーから時計回りに行います。3人プレイでは最初にNPCが山札の一番上のカードを
伏せたまま自分の場札に重ねます。手番では、手札を1枚、このラウンドにまだ伏せられていない場札に伏せて重ね、
それからアクションを1回行います。
2. **中間変動**：表向きのまま残った場札だけで相場を変動させます。
3. **後期取引**：前期取引と逆の順番で行い、スタートプレイヤーが最後です。手番では、伏せられた場札を1枚選んで
その場で表にし、それからアクションを1回行います。最後まで伏せられたままのカードは、このフェイズの終わりに表にします。
4. **期末変動**：{slots}枚の場札すべてで相場を変動させます。中間変動で使ったカードも含みます。
5. **次期繰越**（最終ラウンドでは行いません）：全員が山札から1枚引き、手札を1枚選んで左隣のプレイヤーに
伏せて渡します。SPは左隣へ移り、3人プレイではNPCが右隣の場札へ移ります。

場札は積み重なっていき、数えるのは一番上のカードだけです。伏せたカードを誰が置いたかは、実際の卓と同じく
盤面に表示されます。

[[figure:market]]

### 相場変動とバースト

商品ごとに上昇と下落のカードを打ち消し合わせ、残った枚数だけ価格を1段ずつ動かします。価格が{low}または{high}に
達すると、その商品は**バースト**します。その商品の取引マーカーは誰のものでもすべて、その価格で強制決済されます。
債務は支払い、配当はもらえません。取引マーカーは持ち主に戻り、価格は{start}に戻ります。

## アクションとその費用

前期取引と後期取引の手番ごとに、アクションを1回行います。

- **売買**：空いている取引マーカーを、商品の今の価格の段に置きます。値上がりを予想するなら上昇のマス、
値下がりを予想するなら下落のマスです。手数料は**{base}金に、そのマスに既にある取引マーカー1個につき1金を加えた額**です。
自分のマーカーも数えますが、反対側のマスは数えません。
- **決済**：自分の取引マーカーを1個取り戻します。上昇は「今の価格−置いたときの価格」、下落は
「置いたときの価格−今の価格」を受け取ります。マイナスなら債務として支払います。
- **パス**：取引所から{pass_income}金を受け取ります。
- **アクションの追加**：アクションのときに手札を{pair}枚、全員に見せて捨てると、
この手番のアクションが1回増えます。
手札がある限り何度でもできますが、手札は二度と増えません。
- **4個目の取引マーカー**：ゲーム中1回だけ、自分の手番中ならいつでも
（カードを置く・開く前でも）{price}金で買えます。
アクションは使いません。所持金が{price}金以上必要です。最後のアクションで代金ができたときは、手番を終える前に
買うかどうかを盤面が尋ねます。

## 終了と得点

最終ラウンドの期末変動のあと、各プレイヤーは取引マーカーを{final}個まで普通に決済します（最も得になるものを
盤面が選びます）。残りのマーカーはすべて強制決済で、債務は支払い、配当はもらえません。
所持金が最も多いプレイヤーの勝ちです。トップが複数なら勝利を分かち合います。

ボットが数えているものはすべて盤面に表示されています。各プレイヤーの所持金、相場表の取引マーカー、
各プレイヤーの捨て札、そして場から消えた（捨てられたか場札の下に埋もれた）カードの種類ごとの枚数です。
""",
}


def rules_text(lang: str) -> str:
    """Return how to play in the howto markup, every number taken from the rules module now."""
    ladder = commas(map(str, rules.LADDER), lang)
    text = RULES.get(lang, RULES["en"]).strip()
    if lang == "ja":  # a line that goes on a sentence joins it without a space
        text = re.sub(r"(?<!\n)\n(?!\n|- |\d+\. |#|\[\[)", "", text)
    return text.format(
        C=plain(TEXTS, lang, "C"),
        R=plain(TEXTS, lang, "R"),
        P=plain(TEXTS, lang, "P"),
        cards=rules.COPIES * len(rules.CARDS),
        kinds=len(rules.CARDS),
        copies=rules.COPIES,
        rows=len(rules.LADDER),
        ladder=ladder,
        low=rules.LADDER[0],
        high=rules.LADDER[rules.TOP_ROW],
        start=rules.LADDER[rules.START_ROW],
        markers=rules.MARKERS,
        price=rules.EXTRA_MARKER_PRICE,
        hand=rules.HAND_SIZE,
        slots=rules.SLOTS,
        rounds4=rules.ROUNDS[4],
        rounds3=rules.ROUNDS[3],
        base=rules.BASE_FEE,
        pass_income=rules.PASS_INCOME,
        pair=rules.DISCARD_PER_ACTION,
        final=rules.FINAL_SETTLEMENTS,
    )


def _sample() -> View:
    """Return a small made-up table for the figures: prices off the middle, markers and face-down cards."""
    rows = [rules.START_ROW + 2, rules.START_ROW - 1, rules.START_ROW]
    start = rules.LADDER[rules.START_ROW]
    markers = [[0, "C", "U", start], [1, "C", "U", start], [2, "R", "D", start], [1, "P", "D", start]]
    cards = ["CU", "RD", "PU", "CD", "RU", "PD"]
    slots: list[dict[str, Any]] = [{"height": 2, "down": False, "card": c} for c in cards]
    slots[2] = {"height": 2, "down": True, "by": 0}
    slots[4] = {"height": 2, "down": True, "by": 1}
    return {
        "viewer": None,
        "players": 4,
        "rows": rows,
        "prices": [rules.LADDER[r] for r in rows],
        "markers": markers,
        "slots": slots,
        "npc": None,
    }


def figures(lang: str) -> dict[str, str]:
    """Return the rules' pictures, drawn by the board: the three ladders and a market mid-round."""
    v = _sample()
    return {
        "ladders": board.ladders_svg(v, set(), lang),
        "market": board.market_svg(v, set(), lang, None),
    }


EXPLAIN = {
    "en": {
        "card": "**{card}**: a fluctuation card. When it counts, it moves {good}'s price one row {way}; each "
        "card of the opposite side cancels one. There are {copies} of this kind in all.",
        "card_now": "Now: {top} face up on top of the market, {out} out of play (discarded or buried).",
        "down": "**A face-down market card.** Only the seat that put it there knows it. It is turned up in "
        "late trading and moves prices only in the end fluctuation.",
        "down_now": "Face down now (slot): {list}.",
        "square": "**{good}'s {side} square** ({colour}, {where} of the price). A trade marker here {gains}; "
        "settling it pays {formula}.",
        "square_now": "Trading here today, at {price}, costs {fee}: {base} plus 1 for each of the {n} "
        "already on this square.",
        "price": "**The price marker.** The row it stands on is today's price. After UP and DOWN cards ca"
        "ncel, "
        "each card left over moves it one row; reaching {low} or {high} is a BURST, and the price returns "
        "to {start}.",
        "price_now": "{good} is at {price} now (row {row} of {rows}): {up} below the top BURST, {down} above "
        "the bottom one.",
        "burst": "**BURST square** ({low} and {high}). A price that reaches one bursts: every trade marke"
        "r on "
        "that commodity is settled by force at that price (debts paid, gains lost), and the price returns to "
        "{start}.",
        "marker": "**Trade markers**, in their owners' colours. Each is a bet placed at the price of its "
        "row: "
        "on the UP square it gains as the price rises, on the DOWN square as it falls. Its owner may settle "
        "it as an action.",
        "marker_now": "{good} {side} placed at {price}: {who}. Settling one now pays {value}.",
        "fee": "**The fee rule.** A new trade marker costs {base} plus 1 for each marker already on the same "
        "square (same commodity, side and price), the trader's own included; the opposite square does not "
        "count. UP squares are green (left of the price), DOWN squares red (right).",
        "sp": "**SP: the start player.** Early trading starts with this seat and goes clockwise; late tra"
        "ding "
        "runs the other way and ends with it. SP moves left in every carry-over.",
        "sp_now": "The start player now: {name}.",
        "chosen": "**✓ This seat has chosen its card to give**; the gifts move left once all have chosen.",
        "npc": "**The NPC** (3 players). At the start of each early trading it covers the slot above it with "
        "the deck's top card, face down, so nobody may place there; any player may reveal that card. It "
        "moves one slot right each carry-over.",
        "npc_now": "It is under slot {slot} now.",
        "slot": "**A market slot**, numbered as the log names it. Cards pile up on it; only the top card "
        "counts.",
        "slot_now": "Slot {slot} holds {height}.",
        "slot_up": "Its top card is {card}, face up.",
        "slot_down": "Its top card is face down, put there by {who}.",
        "deck": "**The deck.** Every carry-over each player draws 1 card from it; with 3 players the NPC "
        "also "
        "takes 1 each round. It runs out exactly at the end.",
        "deck_now": "Cards left: {n}.",
        "discards": "**The discard pile.** A player may discard {pair} hand cards, shown to all, for one "
        "more "
        "action; discarded cards leave the game. Each seat's discards are listed in the players table.",
        "discards_now": "Cards discarded so far: {n}.",
        "out": "**Cards out of play**: discarded, or buried under a market stack. Every one of them was f"
        "ace up "
        "once, so the board keeps count for everyone; the bots count them too.",
        "out_now": "Now: {list}.",
        "pass": "**Pass**: take {n} from the exchange; it uses your action.",
        "marker4": "**The 4th marker.** Once per game, at any moment of your own turn, pay {price} for a 4th "
        "trade marker; it uses no action and needs at least {price}. If your last action earns the money, "
        "you may buy it before your turn ends.",
        "marker4_now": "Bought so far: {who}.",
        "round": "**The round and phase.** The game lasts {rounds4} rounds with 4 players and {rounds3} with "
        "3: early trading, mid fluctuation, late trading, end fluctuation and carry-over.",
        "round_now": "Now: round {round} of {rounds}, {phase}.",
        "players": "**The players**, in seat order; the highlighted row is to act, SP marks the start pla"
        "yer.",
        "money": "**Money** of each seat. Every pass, fee, settlement and BURST is public, so the exact a"
        "mount "
        "is shown. It may be below zero.",
        "cards": "**Cards in hand.** A hand never grows back after a discard; each carry-over it draws 1 "
        "card "
        "and gives 1 away.",
        "markers": "**Trade markers** off the board / owned. Everyone owns {markers}; a 4th costs {price}.",
        "discarded": "**Discarded**: the cards each seat discarded for extra actions, shown to all.",
        "nobody": "nobody",
        "npc_by": "the NPC",
    },
    "ja": {
        "card": "**{card}**：相場変動カード。数えるときに{good}の価格を1段{way}動かします。反対側のカード"
        "1枚と"
        "打ち消し合います。この種類は全部で{copies}枚です。",
        "card_now": "今：場札の一番上に表向きで{top}枚、場から消えたもの（捨て札と場札の下）が{out}枚。",
        "down": "**伏せられた場札。**置いたプレイヤーだけが中身を知っています。後期取引で表にされ、期末変"
        "動でだけ"
        "相場を動かします。",
        "down_now": "今伏せられているもの（場札）：{list}。",
        "square": "**{good}の{side}のマス**（{colour}、価格の{where}）。ここの取引マーカーは{gains}。"
        "決済では{formula}を受け取ります。",
        "square_now": "今日（価格{price}）ここで売買すると手数料{fee}金：{base}金＋このマスの取引マーカー"
        "{n}個分です。",
        "price": "**相場マーカー。**いる段の数字が今日の価格です。上昇と下落を打ち消して残ったカード1枚につ"
        "き1段"
        "動きます。{low}か{high}に達するとバーストし、価格は{start}に戻ります。",
        "price_now": "{good}は今{price}（{rows}段のうち{row}段目）：上のバーストまで{up}段、"
        "下のバーストまで{down}段です。",
        "burst": "**バーストのマス**（{low}と{high}）。価格がここに達するとバーストし、"
        "その商品の取引マーカーはすべて"
        "その価格で強制決済されます（債務は支払い、配当はなし）。価格は{start}に戻ります。",
        "marker": "**取引マーカー**（持ち主の色）。置いた段の価格での取引です。上昇のマスなら値上がりで、下落"
        "のマスなら"
        "値下がりで儲かります。持ち主はアクションで決済できます。",
        "marker_now": "{good}の{side}、{price}で置いたもの：{who}。今決済すると{value}です。",
        "fee": "**手数料のルール。**新しい取引マーカーの手数料は{base}金に、同じマス（同じ商品・同じ側・"
        "同じ価格）に"
        "既にある取引マーカー1個につき1金を加えた額です。自分のマーカーも数え、反対側のマスは数えません。"
        "上昇のマスは緑（価格の左）、下落のマスは赤（価格の右）です。",
        "sp": "**SP：スタートプレイヤー。**前期取引はこの席から時計回りに始まり、後期取引は逆回りでこの席"
        "が最後です。"
        "SPは次期繰越のたびに左隣へ移ります。",
        "sp_now": "今のスタートプレイヤー：{name}。",
        "chosen": "**✓ 渡すカードを選び終えました。**全員が選ぶと左隣へ渡ります。",
        "npc": "**NPC**（3人プレイ）。前期取引の最初に、上にある場札へ山札の一番上のカードを伏せて重ねます。"
        "その場札には誰も置けませんが、公開は誰でもできます。次期繰越ごとに右隣へ移ります。",
        "npc_now": "今は場札{slot}の下にいます。",
        "slot": "**場札の置き場所。**番号はログの呼び方と同じです。カードが積み重なり、数えるのは一番上だ"
        "けです。",
        "slot_now": "場札{slot}には{height}枚あります。",
        "slot_up": "一番上は表向きの{card}です。",
        "slot_down": "一番上は{who}が伏せたカードです。",
        "deck": "**山札。**次期繰越のたびに各プレイヤーが1枚引きます。3人プレイではNPCも毎ラウンド1枚使い"
        "ます。"
        "ちょうどゲームの終わりになくなります。",
        "deck_now": "残り{n}枚。",
        "discards": "**捨て札。**手札を{pair}枚、全員に見せて捨てるとアクションが1回増えます。捨て札はゲ"
        "ームから"
        "除外されます。各プレイヤーの捨て札はプレイヤー表にあります。",
        "discards_now": "これまでの捨て札：{n}枚。",
        "out": "**場から消えたカード**：捨て札と、場札の山の下に埋もれたカードです。どれも一度は表向きだ"
        "ったので、"
        "盤面が全員のために数えています。ボットも数えています。",
        "out_now": "今：{list}。",
        "pass": "**パス**：取引所から{n}金を受け取ります。アクションを1回使います。",
        "marker4": "**4個目の取引マーカー。**ゲーム中1回だけ、自分の手番中ならいつでも{price}金で買えます。"
        "アクションは使わず、所持金が{price}金以上必要です。最後のアクションで代金ができたら、手番を終え"
        "る前に買えます。",
        "marker4_now": "購入済み：{who}。",
        "round": "**ラウンドとフェイズ。**4人プレイでは{rounds4}ラウンド、3人プレイでは{rounds3}ラウンド"
        "行います。"
        "前期取引、中間変動、後期取引、期末変動、次期繰越の順です。",
        "round_now": "今：ラウンド{round}／{rounds}、{phase}。",
        "players": "**プレイヤー**：席順です。色の付いた行が手番のプレイヤー、SPはスタートプレイヤーです。",
        "money": "**所持金。**パス・手数料・決済・バーストはすべて公開されるので、正確な額を表示します。マイ"
        "ナスにもなります。",
        "cards": "**手札の枚数。**捨てると二度と増えません。次期繰越では1枚引いて1枚渡します。",
        "markers": "**取引マーカー**：手元の数／持っている数。全員{markers}個持ち、4個目は{price}金です。",
        "discarded": "**捨て札**：各プレイヤーがアクション追加のために捨てたカードで、全員に公開されてい"
        "ます。",
        "nobody": "なし",
        "npc_by": "NPC",
    },
}
WAYS = {"en": {"U": "up", "D": "down"}, "ja": {"U": "上へ", "D": "下へ"}}
SQUARE_WORDS = {
    "en": {
        "U": (
            "green",
            "left",
            "gains as the price rises",
            "the price now minus the price where it was placed",
        ),
        "D": (
            "red",
            "right",
            "gains as the price falls",
            "the price where it was placed minus the price now",
        ),
    },
    "ja": {
        "U": ("緑", "左", "値上がりで儲かります", "「今の価格−置いたときの価格」"),
        "D": ("赤", "右", "値下がりで儲かります", "「置いたときの価格−今の価格」"),
    },
}


def _count(lang: str, n: int, one: str, many: str) -> str:
    """Return a count with its noun in English ("1 card", "2 cards"), the bare number in Japanese."""
    if lang == "ja":
        return str(n)
    return f"{n} {one if n == 1 else many}"


def _join(items: Sequence[str], lang: str) -> str:
    """Return items as one list in words, or "nobody"."""
    return listed(items, lang) or plain(EXPLAIN, lang, "nobody")


def _counts(counts: dict[str, int], lang: str) -> str:
    """Return card counts by kind in words, e.g. `CORN ▲ 2, RICE ▼ 1`."""
    return _join([f"{card_label(c, lang)} {n}" for c, n in counts.items() if n], lang)


def explain(key: str, view: View | None, lang: str) -> str | None:
    """Return what the thing marked `data-explain="<key>"` is and what it does now, or None if unknown."""
    if not _known(key):
        return None
    kind, _, arg = key.partition(":")
    what = _what(kind, arg, lang)
    if what is None:
        return None
    now = _now(kind, arg, view, lang) if view else ""
    return f"{what}\n\n{now}" if now else what


def _known(key: str) -> bool:
    """Return whether `key` names something the board marks with `data-explain`."""
    goods, sides = "|".join(rules.COMMODITIES), "|".join(rules.SIDES)
    cards = "|".join((*rules.CARDS, "down"))
    return bool(
        re.fullmatch(
            rf"card:({cards})|square:({sides}):({goods})|price:({goods})|marker:({goods}):({sides}):\d+"
            rf"|slot:[0-{rules.SLOTS - 1}]|badge:(sp|chosen)|col:(players|money|cards|markers|discarded)"
            r"|burst|fee|npc|deck|discards|out|pass|marker4|round",
            key,
        )
    )


def _what(kind: str, arg: str, lang: str) -> str | None:
    """Return what a kind of thing on the board is and does (None for an unknown key)."""
    low, high, start = rules.LADDER[0], rules.LADDER[rules.TOP_ROW], rules.LADDER[rules.START_ROW]
    words = lang if lang in SQUARE_WORDS else "en"
    if kind == "card" and arg in rules.CARDS:
        good, way = plain(TEXTS, lang, arg[0]), WAYS[words][arg[1]]
        return plain(
            EXPLAIN, lang, "card", card=card_label(arg, lang), good=good, way=way, copies=rules.COPIES
        )
    if kind == "card" and arg == "down":
        return plain(EXPLAIN, lang, "down")
    if kind == "square" and arg[:1] in rules.SIDES and arg[2:] in rules.COMMODITIES:
        colour, where, gains, formula = SQUARE_WORDS[words][arg[0]]
        good, side = plain(TEXTS, lang, arg[2:]), plain(TEXTS, lang, arg[0])
        return plain(
            EXPLAIN,
            lang,
            "square",
            good=good,
            side=side,
            colour=colour,
            where=where,
            gains=gains,
            formula=formula,
        )
    if kind == "price" and arg in rules.COMMODITIES:
        return plain(EXPLAIN, lang, "price", low=low, high=high, start=start)
    if kind == "marker" and arg[:1] in rules.COMMODITIES:
        return plain(EXPLAIN, lang, "marker")
    statics = {
        "burst": lambda: plain(EXPLAIN, lang, "burst", low=low, high=high, start=start),
        "fee": lambda: plain(EXPLAIN, lang, "fee", base=rules.BASE_FEE),
        "badge": lambda: plain(EXPLAIN, lang, "sp" if arg == "sp" else "chosen"),
        "npc": lambda: plain(EXPLAIN, lang, "npc"),
        "slot": lambda: plain(EXPLAIN, lang, "slot"),
        "deck": lambda: plain(EXPLAIN, lang, "deck"),
        "discards": lambda: plain(EXPLAIN, lang, "discards", pair=rules.DISCARD_PER_ACTION),
        "out": lambda: plain(EXPLAIN, lang, "out"),
        "pass": lambda: plain(EXPLAIN, lang, "pass", n=rules.PASS_INCOME),
        "marker4": lambda: plain(EXPLAIN, lang, "marker4", price=rules.EXTRA_MARKER_PRICE),
        "round": lambda: plain(EXPLAIN, lang, "round", rounds4=rules.ROUNDS[4], rounds3=rules.ROUNDS[3]),
        "col": lambda: plain(EXPLAIN, lang, arg, markers=rules.MARKERS, price=rules.EXTRA_MARKER_PRICE),
    }
    return statics[kind]() if kind in statics else None


def _now(kind: str, arg: str, v: View, lang: str) -> str:
    """Return what the thing does on this board now ("" when nothing changes with the game)."""
    names = seat_names(v["players"], lang)
    if kind == "card" and arg in rules.CARDS:
        top = sum(1 for s in v["slots"] if s.get("card") == arg and not s["down"])
        return plain(EXPLAIN, lang, "card_now", top=top, out=v["out"].get(arg, 0))
    if kind == "card":
        where = "{}（{}）" if lang == "ja" else "{} ({})"
        placed = [
            where.format(_by(s["by"], names, lang), i + 1) for i, s in enumerate(v["slots"]) if s["down"]
        ]
        return plain(EXPLAIN, lang, "down_now", list=_join(placed, lang))
    if kind == "square":
        c, side = arg[2:], arg[0]
        price = v["prices"][rules.COMMODITIES.index(c)]
        fee = rules.trade_fee(v["markers"], c, side, price)
        there = _count(lang, fee - rules.BASE_FEE, "marker", "markers")
        return plain(EXPLAIN, lang, "square_now", price=price, fee=fee, base=rules.BASE_FEE, n=there)
    if kind == "price":
        i = rules.COMMODITIES.index(arg)
        row = v["rows"][i]
        return plain(
            EXPLAIN,
            lang,
            "price_now",
            good=plain(TEXTS, lang, arg),
            price=v["prices"][i],
            row=row + 1,
            rows=len(rules.LADDER),
            up=_count(lang, rules.TOP_ROW - row, "row", "rows"),
            down=_count(lang, row, "row", "rows"),
        )
    if kind == "marker":
        c, side, at = arg.split(":")
        owners = Counter(m[0] for m in v["markers"] if m[1:] == [c, side, int(at)])
        who = [names[p] + (f" ×{n}" if n > 1 else "") for p, n in sorted(owners.items())]
        value = rules.marker_value(side, int(at), v["prices"][rules.COMMODITIES.index(c)])
        good, side_name = plain(TEXTS, lang, c), plain(TEXTS, lang, side)
        return plain(
            EXPLAIN,
            lang,
            "marker_now",
            good=good,
            side=side_name,
            price=at,
            who=_join(who, lang),
            value=signed(value),
        )
    if kind == "badge" and arg == "sp":
        return plain(EXPLAIN, lang, "sp_now", name=names[v["start"]])
    if kind == "npc" and v["npc"] is not None:
        return plain(EXPLAIN, lang, "npc_now", slot=v["npc"] + 1)
    if kind == "slot":
        slot = v["slots"][int(arg)]
        height = _count(lang, slot["height"], "card", "cards")
        text = plain(EXPLAIN, lang, "slot_now", slot=int(arg) + 1, height=height)
        if slot["down"]:
            face = plain(EXPLAIN, lang, "slot_down", who=_by(slot["by"], names, lang))
        else:
            face = plain(EXPLAIN, lang, "slot_up", card=card_label(slot["card"], lang))
        return sentences([text, face], lang)
    if kind == "deck":
        return plain(EXPLAIN, lang, "deck_now", n=v["deck"])
    if kind == "discards":
        return plain(EXPLAIN, lang, "discards_now", n=v["discards"])
    if kind == "out":
        return plain(EXPLAIN, lang, "out_now", list=_counts(v["out"], lang))
    if kind == "marker4":
        return plain(
            EXPLAIN, lang, "marker4_now", who=_join([names[p] for p, b in enumerate(v["bought"]) if b], lang)
        )
    if kind == "round":
        phase = plain(TEXTS, lang, v["phase"])
        return plain(EXPLAIN, lang, "round_now", round=v["round"], rounds=v["rounds"], phase=phase)
    return ""


def _by(seat: int, names: Sequence[str], lang: str) -> str:
    """Return who put a face-down card: a seat's name or the NPC."""
    return plain(EXPLAIN, lang, "npc_by") if seat < 0 else names[seat]


WORDS = {
    "en": {
        "place": "Place {card} face down on slot {slot}",
        "reveal": "Reveal the face-down card on slot {slot}",
        "trade": "Trade {good} {side} at {price} (fee {fee})",
        "settle": "Settle {good} {side} from {price}: {value}",
        "pass": "Pass ({value})",
        "discard": "Discard {a} and {b} for one more action",
        "marker": "Buy the 4th marker ({value})",
        "end": "End the turn without buying the 4th marker",
        "give": "Give {card} to the left neighbour",
        "round": "Round {round}",
        "pass_total": "Passes",
        "fees": "Trade fees",
        "settle_total": "Settlements",
        "burst": "BURSTs (forced settlements)",
        "marker_total": "4th marker",
        "final": "Final settlement",
        "won": "**{name}** wins with {score}, {gap} ahead of {second} ({second_score}).",
        "alone": "**{name}** wins with {score}.",
        "tied": "**{names}** share the victory with {score} each: the rules break no ties.",
        "best": "{name}'s biggest source: {label} ({value}).",
    },
    "ja": {
        "place": "{card}を場札{slot}に伏せて重ねる",
        "reveal": "場札{slot}の伏せカードを公開する",
        "trade": "{good} {side}を{price}で売買（手数料{fee}）",
        "settle": "{good} {side}（{price}）を決済：{value}",
        "pass": "パス（{value}）",
        "discard": "{a}と{b}を捨ててアクション+1",
        "marker": "4個目の取引マーカーを買う（{value}）",
        "end": "4個目の取引マーカーを買わずに手番を終える",
        "give": "{card}を左隣に渡す",
        "round": "ラウンド{round}",
        "pass_total": "パス",
        "fees": "手数料",
        "settle_total": "決済",
        "burst": "バースト（強制決済）",
        "marker_total": "4個目の取引マーカー",
        "final": "最終決済",
        "won": "**{name}**が{score}金で勝利。2位の{second}（{second_score}金）に{gap}金の差です。",
        "alone": "**{name}**が{score}金で勝利。",
        "tied": "**{names}**が{score}金で並び、ルールどおり勝利を分かち合います（同点の決着方法はありませ"
        "ん）。",
        "best": "{name}の一番の稼ぎ：{label}（{value}）。",
    },
}
SOURCE_WORDS = {
    "pass": "pass_total",
    "fees": "fees",
    "settle": "settle_total",
    "burst": "burst",
    "marker": "marker_total",
    "final": "final",
}
BANNERS = frozenset({"burst", "final"})  # a BURST's forced settlement and the final settlement


def action_name(action: str, view: View, lang: str) -> str | None:
    """Return a legal action in words, e.g. `Trade CORN ▲ at 25 (fee 2)`; None for an unknown action."""
    verb, *args = action.split(":")
    if verb in ("pass", "marker") and not args:
        amount = rules.PASS_INCOME if verb == "pass" else -rules.EXTRA_MARKER_PRICE
        return plain(WORDS, lang, verb, value=signed(amount))
    if verb == "end" and not args:
        return plain(WORDS, lang, "end")
    if verb == "place" and len(args) == 2 and args[1] in rules.CARDS:
        return plain(WORDS, lang, "place", card=card_label(args[1], lang), slot=int(args[0]) + 1)
    if verb == "reveal" and len(args) == 1:
        return plain(WORDS, lang, "reveal", slot=int(args[0]) + 1)
    if verb == "give" and len(args) == 1 and args[0] in rules.CARDS:
        return plain(WORDS, lang, "give", card=card_label(args[0], lang))
    if verb == "discard" and len(args) == 2:
        return plain(WORDS, lang, "discard", a=card_label(args[0], lang), b=card_label(args[1], lang))
    if verb in ("trade", "settle") and len(args) >= 2 and args[0] in rules.COMMODITIES:
        c, side = args[0], args[1]
        now = view["prices"][rules.COMMODITIES.index(c)]
        good, arrow = plain(TEXTS, lang, c), board.ARROWS[side]
        if verb == "trade":
            fee = rules.trade_fee(view["markers"], c, side, now)
            return plain(WORDS, lang, "trade", good=good, side=arrow, price=now, fee=fee)
        start = int(args[2])
        value = signed(rules.marker_value(side, start, now))
        return plain(WORDS, lang, "settle", good=good, side=arrow, price=start, value=value)
    return None


def chapter(event: Event, lang: str) -> str | None:
    """Return the log heading a round's first event opens ("Round 3"), else None."""
    if event["e"] == "phase" and event["phase"] == rules.EARLY:
        return plain(WORDS, lang, "round", round=event["round"])
    return None


def breakdown(view: View, lang: str) -> list[list[tuple[str, int]]]:
    """Return each seat's money by source (passes, fees, settlements, BURSTs, the 4th marker, the end)."""
    return [
        [(plain(WORDS, lang, SOURCE_WORDS[source]), ledger[source]) for source in rules.SOURCES]
        for ledger in view["ledger"]
    ]


def _money(amount: int) -> str:
    """Return an amount of money with a true minus sign."""
    return str(amount).replace("-", "−")


def decided(view: View, names: Sequence[str], lang: str) -> str | None:
    """Return why the winners won: their money against the next seat's, or a shared victory on a tie."""
    result = view.get("result")
    if not result:
        return None
    scores, winners = result["scores"], result["winners"]
    top = scores[winners[0]]
    if len(winners) > 1:
        text = plain(WORDS, lang, "tied", names=_join([names[p] for p in winners], lang), score=_money(top))
    else:
        others = sorted((p for p in range(len(scores)) if p not in winners), key=lambda p: -scores[p])
        if others:
            second = others[0]
            text = plain(
                WORDS,
                lang,
                "won",
                name=names[winners[0]],
                score=_money(top),
                gap=top - scores[second],
                second=names[second],
                second_score=_money(scores[second]),
            )
        else:
            text = plain(WORDS, lang, "alone", name=names[winners[0]], score=_money(top))
    parts = [text]
    for p in winners:
        ledger = view["ledger"][p]
        source = max(rules.SOURCES, key=lambda s: ledger[s])
        if ledger[source] > 0:
            label = plain(WORDS, lang, SOURCE_WORDS[source])
            parts.append(plain(WORDS, lang, "best", name=names[p], label=label, value=signed(ledger[source])))
    return sentences(parts, lang)


# Each kind of action (its verb) in words, for the reasons of hints and reviews.
KINDS = {
    "en": {
        "place": "placing cards",
        "trade": "trades",
        "pass": "passes",
        "discard": "discards",
        "settle": "settling contracts",
        "reveal": "reveals",
        "give": "giving cards",
        "end": "ending",
        "marker": "extra markers",
    },
    "ja": {
        "place": "カードの配置",
        "trade": "取引",
        "pass": "パス",
        "discard": "捨て札",
        "settle": "決済",
        "reveal": "公開",
        "give": "カードを渡す手",
        "end": "終了",
        "marker": "追加マーカー",
    },
}
