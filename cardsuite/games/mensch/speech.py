"""Mensch's words in the plain text mode (``plain/speech.py``).

Each trick taken counts for its taker, so a finished trick is said with the taker's count so
far this deal ("West wins the trick with the ace of hearts; West has 3 tricks"): what a
sighted player reads off the table at a glance.
"""

COUNTS_TRICKS = True
