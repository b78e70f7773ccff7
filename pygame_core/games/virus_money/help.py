"""How to play Virus Money and what each thing on its board is, in English and Japanese.

Every number is formatted in at call time from the rules module's constants, so a changed constant
changes the text (`rules`, `explain`). The figures are drawn by the board's own code (`figures`).
"""

from typing import Any

from ...engine.render import Texts, plain
from . import rules as r
from .board import TEXTS as BOARD
from .board import _bids_svg, _card_svg, colour_word, counted, pieces_label


def _numbers() -> dict[str, Any]:
    """Return every number the texts use, read from the rules module now."""
    made = {c: len(r.KINDS[k][1]) for k, (c, _) in r.KINDS.items()}
    example = [6, 9, 3, 6]
    provisional = r.round_scores([example], [0], None)[0][0]
    return {
        "start": r.START_PIECES,
        "box": r.PIECES_PER_COLOUR,
        "own": r.OWN_VALUE,
        "other": r.OTHER_VALUE,
        "virus": r.VIRUS_VALUE,
        "rounds": r.ROUNDS,
        "target": r.TARGET_CARDS,
        "normals": r.CAST.count(r.NORMAL),
        "viruses": r.CAST.count(r.VIRUS),
        "cast": len(r.CAST),
        "cards": len(r.CARDS),
        "kinds": len(r.KINDS),
        "three": len(r.deck_for(3)),
        "make1": made[1],
        "make2": made[2],
        "make3": made[3],
        "copies1": r.COPIES[1],
        "copies2": r.COPIES[2],
        "copies3": r.COPIES[3],
        "ex": example,
        "ex_own": example[0] * r.OWN_VALUE,
        "ex_other": sum(example[1:]) * r.OTHER_VALUE,
        "ex_prov": provisional,
        "ex_money": example[3] * r.VIRUS_VALUE,
        "ex_final": provisional - example[3] * r.VIRUS_VALUE,
    }


RULES = {
    "en": """## Goal

Score the most points over **{rounds} rounds**. Each round you either build up pieces as a **normal
player**, or, as the secret **virus player**, score for every piece of your colour that the others end
up holding.

## Components

- Pieces in four colours (red, yellow, green, blue), {box} of each. Every player plays one colour;
  with 3 players nobody plays yellow. Pieces are always public: anyone can count them.
- {cards} trade cards in {kinds} kinds ({three} without yellow are used with 3 players). A card has a
  cost and makes pieces: cost 1 makes {make1} pieces of one colour ({copies1} copies of each), cost 2
  makes {make2} split 2 + 2 ({copies2} copies), cost 3 makes {make3} split 1 + 4 ({copies3} copy).
- {cast} cast cards: {normals} normal and {viruses} virus. Everyone draws one each round and keeps it
  secret; the rest stay face down. So there is at most one virus player, and sometimes none.

[[figure:cards]]

## Setup of a round

1. Everyone takes {start} pieces of their own colour; every other piece goes to the supply.
2. The trade cards are shuffled into a face-down deck.
3. Everyone draws a cast card: your role for this round, shown only on your own screen.

## The round step by step

1. **Auctions**: the top card is turned up and auctioned (see below), again and again.
2. The auctions end when everyone holds {target} cards. The software also ends them when nobody short
   of {target} cards has a piece of their colour left, or when the deck is empty.
3. **Expansion**: everyone uses the cards they won, in secret and all at once.
4. **Reveal and scoring**: the cast cards are turned up and the round is scored.

## Auctions and raises

- Going round the table, each player may **join** by putting **one piece of their own colour** by the
  card, or stay out. If nobody joins, the card is set aside.
- Then the players who joined take turns to **raise**: bring your bid up to more pieces of your colour
  than the highest bid, or pass. A pass does not drop you out: if someone raises later, you may raise
  again. The auction ends when nobody wants to raise any more.
- **The highest bidder** takes the card, pays their own bid into the supply and **takes everyone
  else's bids**. If the highest bids tie, the card is set aside and every bid goes to the supply.

[[figure:auction]]

Bids are in your own colour, so a winner collects other colours: worth {other} each to a normal
player, but a loss if that colour's player turns out to be the virus.

## Expansion: paying and producing

Everyone chooses **in secret** which of their cards to use and pays each card's cost with any pieces
they hold, one piece at a time (one tap pays with your own colour first; you can also choose every
piece). Say **Done** when finished. Nobody sees anyone's choice until everyone is done; then all
choices are revealed and carried out together: the costs go to the supply, each card's pieces come
from the supply, and cards not used are set aside. Pieces made this round cannot pay for another card.

## The reveal and scoring

1. Every player counts **{own}** per piece of their own colour and **{other}** per piece of any other
   colour (example: holding {ex[0]} red as red, {ex[1]} yellow, {ex[2]} green and {ex[3]} blue scores
   {ex_own} + {ex_other} = {ex_prov}).
2. The cast cards are revealed. The **virus player** drops that score and scores **{virus}** for every
   piece of their colour (the **virus money**) the other players hold.
3. Every normal player **loses {virus}** per piece of virus money they hold (above: if blue is the
   virus, {ex_prov} − {ex_money} = {ex_final}).

## The virus player

Your own pieces score nothing, so cards are of no use to you: you want others to collect your colour.
Joining auctions and losing your bid to the winner does just that. But a player who joins every
auction is soon suspected, and a normal player may then spend the suspect colour in the expansion.

## End and ranking

After {rounds} rounds the highest total wins. On equal totals, the player who earned **fewer points as
the virus player** ranks higher; if that is equal too, they share the place.

## What you can see

Everything but the roles and the plans in the expansion is public: every seat's pieces by colour,
cards won, bids, and how many auctions of this round each seat joined and stayed out of (the bots read
the roles from those counts and nothing else).
""",
    "ja": """## 目的

**{rounds}ラウンド**の合計得点で競います。各ラウンド、**通常プレイヤー**としてコマを増やすか、\
ひそかに**ウィルスプレイヤー**となって、他の人が抱えた自分の色のコマで得点します。

## 内容物

- 資産コマ：赤・黄・緑・青の4色、各{box}個。各プレイヤーが1色を担当します。3人のときは黄を使いません。\
コマは常に公開で、誰でも数えられます。
- トレードカード：{kinds}種{cards}枚（3人のときは黄を含まない{three}枚）。カードにはコストと増やせるコマが\
あります。コスト1は1色のコマを{make1}個（各{copies1}枚）、コスト2は2色を2個ずつ計{make2}個（各{copies2}枚）、\
コスト3は2色を1個と4個で計{make3}個（各{copies3}枚）増やします。
- キャストカード{cast}枚：通常{normals}枚とウィルス{viruses}枚。毎ラウンド1枚ずつ秘密に引き、\
残りは伏せたままです。ウィルスプレイヤーは多くて1人、いないこともあります。

[[figure:cards]]

## ラウンドの準備

1. 全員が担当色のコマを{start}個ずつ手元に置きます。残りのコマはコマ置き場へ。
2. トレードカードをよく混ぜ、裏向きの山札にします。
3. 全員がキャストカードを引きます。これがこのラウンドの役職で、自分の画面にだけ表示されます。

## ラウンドの流れ

1. **競り**：山札の一番上のカードをめくって競ります（下記）。これをくり返します。
2. 全員がカードを{target}枚獲得したら競りは終わりです。ソフトでは、{target}枚未満の人に担当色のコマが\
残っていないとき、または山札がなくなったときにも終わります。
3. **拡大生産**：全員が獲得したカードを、秘密に、同時に使用します。
4. **公開と得点計算**：キャストカードを公開し、得点を計算します。

## 競りと追加

- 順番に、カードのそばに**担当色のコマを1個**置いて参加するか、不参加を選びます。誰も参加しなければ\
カードは除外されます。
- 参加した人は順に**追加**できます：担当色のコマを、最高数より多くなるまで出します。パスしても\
降りたことにはならず、後で誰かが追加すれば再び追加できます。誰も追加しなくなったら終わりです。
- **最も多く出した人**がカードを獲得し、自分の競りのコストはコマ置き場へ、**他の人の競りのコストは\
自分のもの**になります。最高数が同数なら、カードは除外され、競りのコストはすべてコマ置き場へ。

[[figure:auction]]

競りのコストは担当色なので、勝った人は他の色を集めます。通常プレイヤーには1個{other}点ですが、\
その色の担当がウィルスプレイヤーなら減点になります。

## 拡大生産：支払いと生産

全員が**秘密に**、使用するカードを選び、コストを手持ちのどの色のコマででも1個ずつ支払います\
（担当色から自動で支払うボタンもあり、1個ずつ選ぶこともできます）。終えたら**終了**を押します。\
全員が終えるまで誰の選択も見えません。その後すべての選択を同時に公開して処理します：\
コストはコマ置き場へ、カードのコマはコマ置き場から受け取り、使わなかったカードは除外します。\
このラウンドで増えたコマを別のカードのコストにはできません。

## 公開と得点計算

1. 全員が、担当色のコマを1個**{own}点**、他の色を1個**{other}点**として仮の得点を計算します\
（例：赤の担当で赤{ex[0]}個、黄{ex[1]}個、緑{ex[2]}個、青{ex[3]}個なら\
{ex_own} + {ex_other} = {ex_prov}点）。
2. キャストカードを公開します。**ウィルスプレイヤー**は仮の得点を捨て、他の人が持つ自分の色のコマ\
（**ウィルスマネー**）1個につき**{virus}点**を得ます。
3. 通常プレイヤーは、持っているウィルスマネー1個につき**{virus}点減点**です\
（上の例で青がウィルスなら{ex_prov} − {ex_money} = {ex_final}点）。

## ウィルスプレイヤー

自分のコマは得点にならないので、カードは役に立ちません。他の人に自分の色を持たせたいのです。\
競りに参加して負ければ、まさにそうなります。ただし毎回参加すればすぐに怪しまれ、通常プレイヤーは\
拡大生産でその色を使ってしまうかもしれません。

## 終了と順位

{rounds}ラウンド後、合計得点の多い人が勝ちです。同点なら、**ウィルスプレイヤーとして得た点数が\
少ない人**が上位。それも同じなら同着です。

## 見えるもの

役職と拡大生産中の選択以外はすべて公開です：各席の色ごとのコマ、獲得したカード、競りのコスト、\
このラウンドで各席が競りに参加した回数と不参加の回数（ボットもこの回数だけから役職を推測します）。
""",
}


def rules(lang: str) -> str:
    """Return how to play in the rules markup, every number filled in from the rules module now."""
    return RULES.get(lang, RULES["en"]).format(**_numbers())


def figures(lang: str) -> dict[str, str]:
    """Return the pictures the rules name: one card of each cost, and the rulebook's auction example."""
    cards = "".join(_card_svg(card, lang) for card in ("Y3", "R2G2", "R1G4"))
    names = [plain(BOARD, lang, c) for c in r.COLOURS]
    example = {"bids": [3, None, 1, 2], "colours": [0, 1, 2, 3], "leader": 0, "passes": [2, 3]}
    return {"cards": cards, "auction": _bids_svg(example, names, lang)}


EXPLAIN: Texts = {
    "en": {
        "card": "A trade card: it makes {made} from the supply when used in the expansion, for a cost of "
        "{cost}, paid in any colours. {copies} in the deck.",
        "piece": "{colour} pieces. {owner} Worth {own} to its own player, {other} to the others, unless its "
        "player is the virus: then each one held by another player is virus money (−{virus} to them, "
        "+{virus} to the virus). {supply} in the supply now.",
        "owner_none": "Nobody plays this colour with 3 players.",
        "owner": "{name} plays this colour.",
        "role:normal": "You are a normal player this round: {own} per piece of your colour, {other} per "
        "other piece, minus {virus} per piece of virus money you hold.",
        "role:virus": "You are the virus this round: your own pieces score nothing; you score {virus} for "
        "each piece of your colour the others hold. Nobody else knows until the reveal.",
        "auction": "The card up for auction. Join with 1 piece of your colour; the highest bid alone wins "
        "the card and the other bids, its own bid goes to the supply; equal highest bids: the card is set "
        "aside and every bid goes to the supply. {now}",
        "auction_now": "Highest bid now: {high}.",
        "auction_none": "Nobody has joined yet.",
        "bids": "The bids, in each bidder's colour (★ leads alone, · passed since the last raise). Highest "
        "now: {high}.",
        "badge:starter": "This player started the round: they open its first auction and the next opens "
        "with the next player.",
        "badge:bid": "This player's bid in the auction under way, in pieces of their colour.",
        "badge:ready": "This player has finished choosing their expansion; what they chose stays secret "
        "until everyone is done.",
        "badge:choosing": "This player is still choosing their expansion in secret.",
        "joins": "How many auctions of this round this player joined and stayed out of: public at the "
        "table. A virus loses nothing by joining, so a player who joins often is suspect.",
        "supply": "The supply: pieces of every colour not held by anyone. Winning bids and costs go here; "
        "production comes from here. Now: {pieces}.",
        "deck": "The trade cards left to auction this round: {n}. The auctions end when everyone holds "
        "{target} cards, when nobody short of {target} has a piece of their colour left, or when the "
        "deck is empty.",
        "removed": "Cards set aside this round (nobody joined, a tie, or not used): {n}.",
        "total": "This player's total over the rounds scored so far (of {rounds}).",
        "reveal": "The rounds scored so far: who was the virus, each player's provisional score, the virus "
        "money lost and the final score.",
        "plan": "Your expansion plan: the cards you chose and the pieces paid so far. Nobody else sees it "
        "until everyone is done.",
    },
    "ja": {
        "card": "トレードカード：拡大生産で使用すると、コスト{cost}（どの色でも可）を支払い、コマ置き場から"
        "{made}を受け取ります。山札に{copies}。",
        "piece": "{colour}のコマ。{owner}担当者には1個{own}点、他の人には{other}点。ただし担当者がウィルス"
        "プレイヤーなら、他の人が持つ分はウィルスマネー（持ち主は−{virus}点、ウィルスは＋{virus}点）。"
        "コマ置き場に今{supply}。",
        "owner_none": "3人のときは誰もこの色を担当しません。",
        "owner": "{name}の担当色です。",
        "role:normal": "このラウンドのあなたは通常プレイヤー：担当色1個{own}点、他の色{other}点、ただし"
        "ウィルスマネー1個につき{virus}点減点。",
        "role:virus": "このラウンドのあなたはウィルスプレイヤー：自分のコマは得点にならず、他の人が持つ"
        "あなたの色のコマ1個につき{virus}点。公開まで誰にも知られません。",
        "auction": "競りにかけられたカード。担当色1個で参加します。最高数が1人ならその人がカードと他の人の"
        "競りのコストを獲得し、自分の分はコマ置き場へ。最高数が同数ならカードは除外、競りのコストは"
        "すべてコマ置き場へ。{now}",
        "auction_now": "現在の最高は{high}です。",
        "auction_none": "まだ誰も参加していません。",
        "bids": "競りのコスト（各自の担当色。★は単独の最高、·は最後の追加以降にパス）。現在の最高：{high}。",
        "badge:starter": "このラウンドの開始プレイヤー：最初の競りを開き、以降は次の人から順に開きます。",
        "badge:bid": "進行中の競りでのこのプレイヤーの競りのコスト（担当色のコマ）。",
        "badge:ready": "このプレイヤーは拡大生産の選択を終えました。内容は全員が終えるまで秘密です。",
        "badge:choosing": "このプレイヤーは拡大生産を秘密に選んでいます。",
        "joins": "このラウンドでこのプレイヤーが競りに参加した回数と不参加の回数（公開情報）。ウィルスは"
        "参加しても損をしないので、よく参加する人は怪しまれます。",
        "supply": "コマ置き場：誰も持っていない各色のコマ。勝者の競りのコストと拡大生産のコストはここへ、"
        "生産したコマはここから。現在：{pieces}。",
        "deck": "このラウンドで競りにかけられる残りのカード：{n}。全員が{target}枚獲得したとき、{target}枚"
        "未満の人に担当色のコマがないとき、または山札がなくなったときに競りは終わります。",
        "removed": "このラウンドで除外したカード（参加者なし、同数、未使用）：{n}。",
        "total": "これまでのラウンドの合計得点（全{rounds}ラウンド）。",
        "reveal": "得点計算を終えたラウンド：ウィルスプレイヤー、各自の仮の得点、"
        "ウィルスマネーの減点と最終得点。",
        "plan": "あなたの拡大生産の計画：選んだカードと支払い済みのコマ。全員が終えるまで誰にも見えません。",
    },
}


SIMPLE = frozenset(("role:normal", "role:virus", "total", "reveal", "plan", "joins")) | {
    k for k in EXPLAIN["en"] if k.startswith("badge:")
}  # keys whose text needs only the rules' numbers


def explain(key: str, view: dict[str, Any] | None, lang: str = "en") -> str | None:
    """Return what the thing marked `data-explain="<key>"` is and does now, or None for an unknown key."""
    n = _numbers()
    kind, _, arg = key.partition(":")
    if kind == "card" and arg in r.KINDS:
        copies = counted(r.CARDS.count(arg), "card", lang)
        made = pieces_label(r.production(arg), lang)
        return plain(EXPLAIN, lang, "card", made=made, cost=r.cost(arg), copies=copies)
    if kind == "piece" and arg in r.COLOURS:
        c = r.COLOURS.index(arg)
        players = view["players"] if view else 4
        seats = [p for p, x in enumerate(r.SEAT_COLOURS[players]) if x == c]
        if seats:
            owner = plain(EXPLAIN, lang, "owner", name=plain(BOARD, lang, arg))
        else:
            owner = plain(EXPLAIN, lang, "owner_none")
        supply = counted(view["supply"][c], "piece", lang) if view else "?"
        return plain(EXPLAIN, lang, "piece", colour=colour_word(arg, lang), owner=owner, supply=supply, **n)
    if key in ("auction", "bids"):
        high = max((b for b in view["bids"] if b is not None), default=0) if view else 0
        now = plain(
            EXPLAIN, lang, "auction_now" if high else "auction_none", high=counted(high, "piece", lang)
        )
        return plain(EXPLAIN, lang, key, now=now, high=counted(high, "piece", lang))
    if key == "supply":
        pieces = pieces_label(view["supply"], lang) if view else ""
        return plain(EXPLAIN, lang, key, pieces=pieces)
    if key == "deck":
        return plain(EXPLAIN, lang, key, n=counted(view["deck"] if view else 0, "card", lang), **n)
    if key == "removed":
        return plain(EXPLAIN, lang, key, n=counted(len(view["removed"]) if view else 0, "card", lang))
    if key in SIMPLE:
        return plain(EXPLAIN, lang, key, **n)
    return None


# Each kind of action (its verb) in words, for the reasons of hints and reviews.
KINDS = {
    "en": {
        "join": "joining",
        "pass": "passes",
        "raise": "raises",
        "use": "using cards",
        "done": "finishing",
        "pay": "payments",
    },
    "ja": {
        "join": "参加",
        "pass": "パス",
        "raise": "レイズ",
        "use": "カードの使用",
        "done": "終了",
        "pay": "支払い",
    },
}
