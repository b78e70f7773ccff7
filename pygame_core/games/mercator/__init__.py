"""Mercator: auctions of goods for 3-7 merchants; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board, help
from .bot import MerchantBot, PlannerBot
from .rules import COLOUR_BONUS, COLOURS, HOLD, MAX_LOT, MERCATOR, Mercator

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
        minutes=(20, 20),
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
            "en": f"Reiner Knizia's auction of goods. The active merchant turns one to {MAX_LOT} cards; "
            "everyone bids for the lot with secret chips held in a closed fist, and all bids open at once. "
            f"Ships hold {HOLD} cards; when the auctions end, the most valuable cargoes are paid best. "
            "The richest merchant wins.",
            "ja": f"ライナー・クニツィアの競りのゲーム。手番の商人が1〜{MAX_LOT}枚の商品カードを"
            f"めくり、全員が秘密のチップを握って同時に入札します。船は{HOLD}枚まで積めます。競りが終わると積荷の価値の"
            "高い順に支払いを受け、最も裕福な商人の勝ちです。",
        },
        labels={
            "en": {
                "colour_bonus": f"Colour bonus: a full ship showing all {len(COLOURS)} colours "
                f"counts {COLOUR_BONUS} more",
                "open": "Open auction: bids are raised one after another instead of sealed",
                "games": "Games in the series",
            },
            "ja": {
                "colour_bonus": f"色ボーナス：{len(COLOURS)}色そろった満杯の船は価値が{COLOUR_BONUS}増える",
                "open": "公開競り：握りの代わりに順に値を上げる",
                "games": "シリーズのゲーム数",
                "bot=merchant": "商人",
            },
        },
    ),
)

__all__ = ["MERCATOR", "Mercator", "MerchantBot", "PlannerBot"]
