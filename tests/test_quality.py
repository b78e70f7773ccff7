"""Quality gates: ruff on the whole tree, mypy (strict) on what pyproject names, the engine's doctests."""

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import pygame_core

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("tool", [["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy"]])
def test_tool_passes(tool):
    proc = subprocess.run([sys.executable, "-m", *tool], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_doctests_pass():
    failed = 0
    for info in pkgutil.walk_packages(pygame_core.__path__, "pygame_core."):
        if info.name == "pygame_core.__main__":
            continue
        failed += doctest.testmod(importlib.import_module(info.name)).failed
    assert failed == 0
