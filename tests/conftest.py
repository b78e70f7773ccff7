"""Shared fixtures: every game is registered before tests run."""

import pygame_core.games  # noqa: F401  (registers every game)
