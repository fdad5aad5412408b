"""The plain text mode: a game line by line on standard input and output (issue 38).

For players who use a screen reader or a braille display, and for pipes and scripts: no
cursor movement, no colour unless asked, one event a line in words. ``session.py`` is the
turn loop over a ``Match`` and says what happens as messages (``messages.py``);
``render.py`` says them in words (``speech.py`` for cards and notation, ``describe.py`` for
a view); ``run.py`` starts a game from the command line or the plain picker.
"""
