"""Trading Table: five Japanese economic board games in pure Python."""
