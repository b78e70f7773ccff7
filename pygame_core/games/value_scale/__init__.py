"""Value Scale: auctions of goods paid in three currencies, 3-5 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board, help
from .bot import AppraiserBot, PlannerBot
from .rules import VALUE_SCALE, ValueScale

PLANNER_SAMPLES = 4  # worlds sampled per decision
PLANNER_HORIZON = 1  # auctions played out after the one under way

register(
    VALUE_SCALE,
    {
        "appraiser": AppraiserBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(
        board.render,
        board.describe,
        board.seat_names,
        about={
            "en": "An auction game in three currencies: ducats, florins and guilders. The dealer offers one "
            "or two cards; the winner's coins are shared out among the other players one at a time. A trade "
            "good scores all its icons times the value of the last card taken, surge cards raise a "
            "currency's worth for their holder and crash cards wipe it out. Goods plus coins win.",
            "ja": "ダカット・フローリン・ギルダーの3種類の通貨で競る競りゲーム。ディーラーが1〜2枚の品物を"
            "競りにかけ、落札者の支払った通貨はほかのプレイヤーが1枚ずつ分け合います。交易品はアイコンの数"
            "×最後に獲得したカードの価値、高騰カードは通貨の価値を上げ、暴落カードは0にします。",
        },
        labels={
            "en": {
                "mode": "Auction mode",
                "mode=open": "Open auction (recommended first)",
                "mode=sealed": "Sealed bids (quicker)",
            },
            "ja": {
                "mode": "競りの方式",
                "mode=open": "オークション方式（初めての方に）",
                "mode=sealed": "入札方式（短時間）",
                "bot=appraiser": "鑑定士",
            },
        },
        minutes=(30, 30),
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
    ),
)

__all__ = ["VALUE_SCALE", "AppraiserBot", "PlannerBot", "ValueScale"]
