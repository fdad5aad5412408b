"""How fast bots move at the table: the names, shared by the settings, the app and the CLI.

A module of its own so that ``cardsuite --help`` can offer them without importing the store
(sqlite3, platformdirs, tempfile). What each pace means is ``ui.app.PACE_DELAYS``.
"""

PACES = ("instant", "fast", "normal", "slow", "wait")
