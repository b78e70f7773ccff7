"""Hints: the strongest bot of a game ranks a seat's legal actions without playing any of them.

It decides as the bot would, from worlds the seat cannot tell from the real one (`game.determinize`),
so a hint never shows a secret. The work comes in slices (one sampled world each) for a page to paint
between them.
"""

from collections.abc import Generator

from ..engine import Game, Player, Rng, State
from ..engine.hint import Hint
from . import bot_levels, make_bot
from .search import SearchBot

HINTS = 3  # actions shown
BASELINE = "pass"  # the action others are compared with when it is legal


def strongest(game: Game) -> SearchBot | None:
    """Return the game's strongest bot if it can rank actions (a search bot), else None."""
    bot = make_bot(game, bot_levels(game)[-1])
    return bot if isinstance(bot, SearchBot) else None


def hint_steps(game: Game, state: State, player: Player, seed: int) -> Generator[None, None, list[Hint]]:
    """Yield None between slices; return up to HINTS hints for `player`, best first."""
    legal = game.legal_actions(state, player)
    bot = strongest(game)
    if bot is None or not legal:
        return []
    rng = Rng(seed)
    options = list(bot.candidates(game, state, player, legal, rng))
    options += [a for a in legal if a not in options][: max(0, HINTS - len(options))]
    if BASELINE in legal and BASELINE not in options:
        options.append(BASELINE)
    ranked = yield from bot.rank(game, state, player, options, rng)
    values = dict(ranked)
    baseline = BASELINE if BASELINE in values else ranked[-1][0]
    return [Hint(a, v, baseline, values[baseline]) for a, v in ranked[:HINTS]]
