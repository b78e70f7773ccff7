"""Virus Money: auctions, production and hidden roles for 3-4 players; registers the game and its bots."""

from functools import partial

from ...engine import register
from ...engine.render import Board
from . import board, help
from .bot import BrokerBot, PlannerBot
from .rules import VIRUS_MONEY, VirusMoney

PLANNER_SAMPLES = 4  # worlds sampled per decision
PLANNER_HORIZON = 16  # rollout actions after each candidate

register(
    VIRUS_MONEY,
    {
        "broker": BrokerBot,
        "planner": partial(PlannerBot, PLANNER_SAMPLES, PLANNER_HORIZON),
    },
    Board(
        board.render,
        board.describe,
        board.seat_names,
        about={
            "en": "Auctions, production and a hidden virus. Bid with pieces of your colour for trade cards; "
            "the winner pays into the supply and takes everyone else's bids, then uses the cards to make "
            "more pieces. Other colours score double — unless their player secretly drew the virus card: "
            "that colour is virus money, scored by the virus player and lost by whoever holds it. "
            "Three rounds, a new cast each time.",
            "ja": "競り・拡大生産・隠れたウィルス。担当色のコマでトレードカードを競り落とすと、"
            "自分のコストはコマ置き場へ、他の人のコストは自分のものに。カードでコマを増やします。"
            "他の色は2倍の価値ですが、その色の担当がウィルスプレイヤーならそれはウィルスマネー、"
            "持っているだけで減点です。役職を変えて3ラウンド。",
        },
        labels={"ja": {"bot=broker": "ブローカー"}},  # a bot's name where the options list it
        minutes=(15, 15),
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

__all__ = ["VIRUS_MONEY", "BrokerBot", "PlannerBot", "VirusMoney"]
