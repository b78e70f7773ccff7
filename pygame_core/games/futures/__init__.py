"""Futures!: commodity futures for 3-4 players; registers the game and its bots."""

from functools import partial

from ...bots.search import SearchBot
from ...engine import register
from ...engine.render import Board, listed, plain
from . import board, help
from .bot import TraderBot
from .rules import COMMODITIES, FUTURES, LADDER, ROUNDS, TOP_ROW, Futures

GOODS = {  # the three goods in words, as the board names them
    "en": listed([plain(board.TEXTS, "en", c) for c in COMMODITIES], "en"),
    "ja": "・".join(plain(board.TEXTS, "ja", c) for c in COMMODITIES),
}
BURST = {lang: plain(board.TEXTS, lang, "burst") for lang in ("en", "ja")}
PLANNER_SAMPLES = 8  # worlds sampled per decision
PLANNER_HORIZON = 20  # rollout actions after each candidate

register(
    FUTURES,
    {
        "trader": TraderBot,
        "planner": partial(SearchBot, TraderBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(
        board.render,
        board.describe,
        board.seat_names,
        about={  # the goods and BURST named as the board names them
            "en": f"Commodity futures in {GOODS['en']}. Each round you slip a card face down into the "
            "market, trade on where prices will go, and settle before the market turns — but push a price "
            f"to {LADDER[0]} or {LADDER[TOP_ROW]} and it {BURST['en']}s, wiping out every dividend. The "
            f"richest trader after {ROUNDS[4]} (or {ROUNDS[3]}) rounds wins.",
            "ja": f"{GOODS['ja']}の先物取引。毎ラウンド、カードを1枚伏せて市場に出し、"
            "値動きを読んで取引し、相場が変わる前に決済します。"
            f"価格を{LADDER[0]}か{LADDER[TOP_ROW]}に動かすと{BURST['ja']}し、配当はすべて消えます。"
            f"{ROUNDS[4]}（または{ROUNDS[3]}）ラウンド後に最も裕福なトレーダーの勝ちです。",
        },
        labels={"ja": {"bot=trader": "トレーダー"}},  # a bot's name where the options list it
        minutes=(45, 60),
        rules=help.rules_text,
        figures=help.figures,
        explain=help.explain,
        kinds=help.KINDS,
        action_name=help.action_name,
        banners=help.BANNERS,
        chapter=help.chapter,
        merge=board.merge,
        breakdown=help.breakdown,
        decided=help.decided,
    ),
)

__all__ = ["FUTURES", "Futures", "TraderBot"]
