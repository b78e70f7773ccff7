"""The games; importing this package registers every one of them."""

from . import futures

__all__ = ["futures"]
