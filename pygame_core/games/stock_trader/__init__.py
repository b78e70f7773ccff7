"""Stock Trader: a stock market card game for 3-4 players; registers the game and its bots."""
