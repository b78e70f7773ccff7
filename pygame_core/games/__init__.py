"""The games; importing this package registers every one of them."""

from . import futures, mercator, stock_trader, value_scale, virus_money

__all__ = ["futures", "mercator", "stock_trader", "value_scale", "virus_money"]
