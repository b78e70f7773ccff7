"""Python entry point of the play page.

The real game board replaces this body later. Keep the contract the tests and the startup
benchmark rely on: import `pygame_core`, then set `data-ready="1"` on <html> once usable.
"""

from pyscript import document

import pygame_core

document.querySelector("#status").textContent = pygame_core.__doc__
document.documentElement.dataset.ready = "1"
