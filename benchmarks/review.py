"""The CPU cost of a review by the strongest bot of a whole 4-player game, per game (CPython).

    .venv/bin/python benchmarks/review.py [SEED]    prints a table

Each game is played to its end by four of its middle-level bots (people who play sensibly, not perfectly),
seeded; then every seat's review is worked slice by slice as the pages work it (`review_steps`). A slice is
what a thread that paints between slices cannot interrupt.
"""

import sys
import time

import pygame_core.games  # noqa: F401  (registers every game)
from pygame_core.bots import bot_levels, make_bot
from pygame_core.bots.review import review_steps
from pygame_core.engine import Action, Player, Rng, State, all_games

PLAYERS = 4


def main(seed: int) -> None:
    """Print, per game: actions, decisions reviewed, CPU seconds for one seat and all four, longest slice."""
    print(f"{'game':<14}{'actions':>8}{'reviewed':>9}{'seat s':>8}{'game s':>8}{'slice ms':>9}")
    for game in all_games():
        state, rng = game.setup(PLAYERS, seed), Rng(seed)
        bots = [make_bot(game, bot_levels(game)[1]) for _ in range(PLAYERS)]
        states: list[State] = [state]
        actions: list[tuple[Player, Action]] = []
        while acting := game.to_act(state):
            seat = acting[0]
            action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat), rng)
            actions.append((seat, action))
            state = game.transition(state, seat, action)
            states.append(state)
        seats, reviewed, longest = [], 0, 0.0
        for seat in range(PLAYERS):
            steps, start = review_steps(game, states, actions, seat, seed), time.process_time()
            while True:
                begun = time.process_time()
                try:
                    next(steps)
                except StopIteration as done:
                    reviewed += len(done.value.decisions)
                    break
                finally:
                    longest = max(longest, time.process_time() - begun)
            seats.append(time.process_time() - start)
        print(
            f"{game.id:<14}{len(actions):>8}{reviewed:>9}{max(seats):>8.1f}{sum(seats):>8.1f}"
            f"{longest * 1000:>9.0f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
