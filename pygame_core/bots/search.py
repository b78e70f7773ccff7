"""The search bot: flat Monte Carlo over determinisations (perfect-information Monte Carlo), any game.

For each decision with a choice, it deals `samples` worlds the acting seat cannot tell from the real one
(`game.determinize`); in each world it tries every legal action, lets the rollout bot play every seat for
at most `horizon` actions, and scores the end with `game.estimate` (the result once over) as its own
score minus the best other seat's. The action with the best mean wins; ties go to the first legal one.
It reads the state only through `game.determinize`, so it never sees another seat's secrets.
`think` does the same work in slices, one sampled world each, so a browser can paint in between.
A game's planner narrows the actions it compares (`candidates`) and adjusts each sampled world (`sample`).
"""

from collections.abc import Generator, Iterator, Sequence

from ..engine import Action, BotFactory, Game, Player, Rng, State


class SearchBot:
    """Plays the action whose rollouts from sampled worlds end best for it."""

    def __init__(self, rollout: BotFactory, samples: int, horizon: int) -> None:
        """Search `samples` worlds per decision, rollouts of at most `horizon` actions by `rollout` bots."""
        if samples < 1 or horizon < 0:
            raise ValueError("a search bot needs samples >= 1 and horizon >= 0")
        self.rollout = rollout
        self.samples = samples
        self.horizon = horizon

    def choose(self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng) -> Action:
        """Return the legal action with the best mean rollout value (the first of equals)."""
        *_, action = self.think(game, state, player, legal, rng)
        assert action is not None
        return action

    def think(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Iterator[Action | None]:
        """Yield None after each sampled world, then the action `choose` returns."""
        options = self.candidates(game, state, player, legal, rng)
        if len(options) == 1:
            yield options[0]
            return
        ranked = yield from self.rank(game, state, player, options, rng)
        yield ranked[0][0]

    def rank(
        self, game: Game, state: State, player: Player, options: Sequence[Action], rng: Rng
    ) -> Generator[None, None, list[tuple[Action, float]]]:
        """Yield None after each sampled world; return every option with its mean value, best first
        (equal values keep the options' order)."""
        totals = [0.0] * len(options)
        for _ in range(self.samples):
            world = self.sample(game, state, player, rng)
            for i, action in enumerate(options):
                totals[i] += self.value(game, game.transition(world, player, action), player, rng)
            yield None
        order = sorted(range(len(options)), key=lambda i: -totals[i])
        return [(options[i], totals[i] / self.samples) for i in order]

    def candidates(
        self, game: Game, state: State, player: Player, legal: Sequence[Action], rng: Rng
    ) -> Sequence[Action]:
        """Return the actions to compare, in order (the first wins ties): every legal one."""
        return legal

    def sample(self, game: Game, state: State, player: Player, rng: Rng) -> State:
        """Return one world `player` cannot tell from the real one."""
        return game.determinize(state, player, rng)

    def value(self, game: Game, state: State, player: Player, rng: Rng) -> float:
        """Return the seat's score lead over the best other seat after a rollout from `state`."""
        bots = [self.rollout() for _ in range(state["players"])]
        for _ in range(self.horizon):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            action = bots[seat].choose(game, state, seat, game.legal_actions(state, seat), rng)
            state = game.transition(state, seat, action)
        outcome = game.result(state)
        scores = [float(s) for s in outcome.scores] if outcome else list(game.estimate(state))
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)
