"""cardsuite: a terminal card-game suite (Money, Manni, Twenty-Two, Mensch, African Casino)."""

__version__ = "0.1.0"
