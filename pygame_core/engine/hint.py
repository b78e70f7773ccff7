"""A hint: an action a bot would consider, with its estimated value and the baseline it is compared with."""

from dataclasses import dataclass

from .game import Action


@dataclass(frozen=True)
class Hint:
    """An action, its estimated value (own final score lead) and the baseline action's."""

    action: Action
    value: float
    baseline: Action
    baseline_value: float

    @property
    def gain(self) -> int:
        """Return the estimated gain over the baseline action, rounded."""
        return round(self.value - self.baseline_value)
