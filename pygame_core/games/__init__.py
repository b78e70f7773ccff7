"""The games; importing this package registers every one of them."""

from . import futures, mercator

__all__ = ["futures", "mercator"]
