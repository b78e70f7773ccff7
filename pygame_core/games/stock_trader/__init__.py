"""Stock Trader: a stock market card game for 3-4 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board, help
from .bot import BrokerBot, PlannerBot
from .rules import STOCK_TRADER, StockTrader

PLANNER_SAMPLES = 6  # worlds sampled per decision
PLANNER_HORIZON = 24  # rollout actions after each candidate

register(
    STOCK_TRADER,
    {
        "broker": BrokerBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(
        board.render,
        board.describe,
        board.seat_names,
        minutes=(25, 45),
        rules=help.rules,
        figures=help.figures,
        explain=help.explain,
        kinds=help.KINDS,
        action_name=board.action_name,
        banners=board.BANNERS,
        chapter=board.chapter,
        merge=board.merge,
        breakdown=board.breakdown,
        decided=board.decided,
        about={
            "en": "A stock market for three countries. Each turn you use one action card, paying its cost, "
            "to buy or sell stocks, move a price with ±2 cards, or stir up the hands; or you discard one "
            "and sell a stock. Buying lifts a price, selling drops it; dividends come each time a pile "
            "runs out. Whoever ends with the most cash, stocks and least debt wins.",
            "ja": "3つの国の株を売買するマネーゲーム。手番ごとに行動カードを1枚、コストを払って使い、"
            "株の購入・売却や株価±2カードで相場を動かします。カードを捨てて株を1枚売ることもできます。"
            "買われた株は値上がりし、売られた株は値下がりします。山札がなくなるたびに配当があり、"
            "最後に総資産が最も多い人の勝ちです。",
        },
        labels={
            "en": {
                "unused": "With 3 players, the country left out",
                "unused=R": "Red",
                "unused=B": "Blue",
                "unused=G": "Green",
            },
            "ja": {
                "unused": "3人プレイで使わない国",
                "unused=R": "赤",
                "unused=B": "青",
                "unused=G": "緑",
                "bot=broker": "ブローカー",
            },
        },
    ),
)

__all__ = ["STOCK_TRADER", "BrokerBot", "PlannerBot", "StockTrader"]
