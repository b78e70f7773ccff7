"""Mercator: auctions of goods for 3-7 merchants; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board, help
from .bot import MerchantBot, PlannerBot
from .rules import MERCATOR, Mercator

PLANNER_SAMPLES = 6  # worlds sampled per decision
PLANNER_HORIZON = 12  # rollout actions after each candidate

register(
    MERCATOR,
    {
        "merchant": MerchantBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(
        board.render,
        board.describe,
        board.seat_names,
        rules=help.rules,
        figures=help.figures,
        explain=help.explain,
        action_name=board.action_name,
        banners=board.BANNERS,
        chapter=board.chapter,
        merge=board.merge,
        breakdown=board.breakdown,
        decided=board.decided,
        about={
            "en": "Reiner Knizia's auction of goods. The active merchant turns one to three cards; "
            "everyone bids for the lot with secret chips held in a closed fist, and all bids open at once. "
            "Ships hold six cards; when the auctions end, the fullest cargoes are paid best. "
            "The richest merchant wins.",
            "ja": "ライナー・クニツィアの競りのゲーム。手番の商人が1〜3枚の商品カードをめくり、全員が"
            "秘密のチップを握って同時に入札します。船は6枚まで積めます。競りが終わると積荷の多い順に"
            "支払いを受け、最も裕福な商人の勝ちです。",
        },
        labels={
            "en": {
                "colour_bonus": "Colour bonus: a full ship showing all five colours counts 10 more",
                "open": "Open auction: bids are raised one after another instead of sealed",
                "games": "Games in the series",
            },
            "ja": {
                "colour_bonus": "色ボーナス：5色そろった満杯の船は価値が10増える",
                "open": "公開競り：握りの代わりに順に値を上げる",
                "games": "シリーズのゲーム数",
            },
        },
    ),
)

__all__ = ["MERCATOR", "Mercator", "MerchantBot", "PlannerBot"]
