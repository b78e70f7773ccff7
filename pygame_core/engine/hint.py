"""A hint: an action a bot would consider, with its estimated value and the baseline it is compared with;
and the reason a hint or a review gives for one move over another, in the game's own words."""

from dataclasses import dataclass
from typing import Any

from .game import Action
from .render import Board, Texts, plain

TEXTS: Texts = {
    "en": {
        "reason": "{kind}: {better} rather than {made}. From what {who} could see then, the strongest bot's "
        "play-outs end about {n} points better for {who} against the best other seat.",
        "even": "{kind}: {better} and {made} end about the same for {who} in the strongest bot's play-outs.",
        "you": "you",
    },
    "ja": {
        "reason": "{kind}：{made}より{better}。その時{who}に見えていたことから最強のボットが最後まで打つと、"
        "他の最上位の席との差が{who}にとって約{n}点よくなります。",
        "even": "{kind}：最強のボットが最後まで打つと、{better}と{made}は{who}にとってほぼ同じ結果です。",
        "you": "あなた",
    },
}


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


def kind_name(board: Board, action: Action, lang: str) -> str:
    """Return the kind of an action in the game's words ("Bids"), capitalised; its verb if unnamed."""
    verb = action.split(":", 1)[0]
    words = board.kinds.get(lang, {}).get(verb) or board.kinds.get("en", {}).get(verb) or verb
    return words[:1].upper() + words[1:]


def action_words(board: Board, action: Action, view: dict[str, Any], lang: str) -> str:
    """Return an action as the game names it, or the action itself."""
    return board.action_name(action, view, lang) or action


def reason(
    board: Board, view: dict[str, Any], better: Action, made: Action, gain: float, lang: str, who: str = ""
) -> str:
    """Return why `better` beats `made` by `gain` points (plain words): the kind, both moves, the points,
    for the seat named `who` (by default the reader: "you")."""
    n = round(gain)
    fields = {
        "who": who or plain(TEXTS, lang, "you"),
        "kind": kind_name(board, better, lang),
        "better": action_words(board, better, view, lang),
        "made": action_words(board, made, view, lang),
        "n": n,
    }
    return plain(TEXTS, lang, "reason" if n > 0 else "even", **fields)
