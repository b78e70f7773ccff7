"""The home page's catalog as the registry makes it: its cards, and how many games it says there are."""

import re
from pathlib import Path

import pytest

from pygame_core import catalog
from pygame_core.engine import all_games

WEB = Path(__file__).resolve().parents[1] / "web"


def test_a_card_whose_board_draws_no_picture_closes_its_picture_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog, "preview", lambda *_: '<div class="tt-board"><p>No picture</p></div>')
    card = catalog.game_card(all_games()[0], "../", "en")
    assert not re.search(r"<a\b[^>]*/>", card), "a browser reads <a/> as an open link that swallows the card"
    assert re.search(r'<a [^>]*class="tt-pic"[^>]*></a><h2>', card)


def test_the_number_of_games_comes_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    games = all_games()
    assert (catalog.game_count("en"), catalog.game_count("ja")) == ("Five", "5")
    monkeypatch.setattr(catalog, "all_games", lambda: [*games, games[0]])
    assert (catalog.game_count("en"), catalog.game_count("ja")) == ("Six", "6")
    monkeypatch.setattr(catalog, "all_games", lambda: games * 3)
    assert catalog.game_count("en") == "15"
    for page in ("index.html", "manifest.json"):
        text = (WEB / page).read_text()
        assert "{{GAME_COUNT}}" in text and not re.search(r"\b(Five|five)\b|5作", text)
