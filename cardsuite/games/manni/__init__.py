"""Manni, Trjámann and Hornafjarðarmanni (``rules.py`` is the reference, ``kernel.py`` the
fast twin the game builds).

The kernel is imported with the package, as the rules are: the registry would otherwise load
it at the first ``new_state``, in the middle of the first game (where, with no cached
bytecode, compiling it costs tens of milliseconds of a benchmark's play).
"""

from . import kernel as kernel
